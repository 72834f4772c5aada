import { describe, expect, it } from 'vitest';
import { countActiveAlerts, countEnabled } from './alert-storage';

describe('countEnabled', () => {
  it('counts the enabled alerts of a list', () => {
    expect(countEnabled([{ enabled: true }, { enabled: false }, { enabled: true }])).toBe(2);
  });

  it('treats malformed storage as no alerts', () => {
    expect(countEnabled(undefined)).toBe(0);
    expect(countEnabled({ enabled: true })).toBe(0);
    expect(countEnabled([null, 'x', { enabled: 'yes' }])).toBe(0);
  });
});

describe('countActiveAlerts', () => {
  it('adds up price, silver and calendar alerts', () => {
    expect(countActiveAlerts([[{ enabled: true }], undefined, [{ enabled: true }, { enabled: true }]])).toBe(3);
  });
});
