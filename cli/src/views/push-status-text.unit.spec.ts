import type { PushStatusResponse } from '@xsd/contracts/api/push';
import { describe, expect, it } from 'vitest';
import { pushStatusText } from './push-status-text.js';

const STATUS: PushStatusResponse = {
  subscriptions: 10_412,
  rules: { price: 9_870, silver: 312, calendar: 45 },
  deliveries: { sent: 25_003, failed: 17, pruned: 4 },
  generated_at: '2026-11-21T10:00:00.000Z',
};

describe('pushStatusText', () => {
  it('prints subscriptions, enabled rules per kind and the last 24 hours of deliveries, numbers aligned', () => {
    expect(pushStatusText(STATUS)).toEqual([
      'Web push',
      '',
      'Subscriptions                 10,412',
      'Alert rules (enabled)',
      '  Price                        9,870',
      '  Silver                         312',
      '  Calendar                        45',
      'Deliveries, last 24 hours',
      '  Sent                        25,003',
      '  Failed                          17',
      '  Pruned (subscription gone)       4',
    ]);
  });

  it('prints zeros for a deployment nobody subscribed to yet', () => {
    const lines = pushStatusText({ subscriptions: 0, rules: { price: 0, silver: 0, calendar: 0 }, deliveries: { sent: 0, failed: 0, pruned: 0 }, generated_at: STATUS.generated_at });
    expect(lines[2]).toBe('Subscriptions                 0');
    expect(lines.at(-1)).toBe('  Pruned (subscription gone)  0');
  });
});
