import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './dates';

describe('datetime-local conversions', () => {
  it('round-trips an instant through the input value', () => {
    const iso = '2030-05-01T12:34:00.000Z';
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });

  it('treats empty as none', () => {
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
  });
});
