import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_REARM_MARGIN, ALERT_RETRIGGER_GAP_MS, type AlertCondition, priceCrossed, priceRearmed } from '../api/alerts.js';
import { decideThresholdAlert, NEW_THRESHOLD_ALERT_STATE, reminderFires, type ThresholdAlertState } from './alert-firing.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T12:00:00.000Z');

/** Runs readings (price, time) through one alert; returns the times it fired and each reading's decision. */
function run(alert: { condition: AlertCondition; threshold: number }, readings: readonly { price: number; at: number }[], start: ThresholdAlertState = NEW_THRESHOLD_ALERT_STATE) {
  let state = start;
  const fired: number[] = [];
  const fires: boolean[] = [];
  for (const { price, at } of readings) {
    const decision = decideThresholdAlert(alert, state, price, at);
    state = decision.state;
    fires.push(decision.fire);
    if (decision.fire) fired.push(at);
  }
  return { fired, fires, state };
}

/** Readings a few seconds to minutes apart, prices around the threshold (within ±3 %). */
const scenario = fc
  .record({
    condition: fc.constantFrom<AlertCondition>('above', 'below'),
    threshold: fc.double({ min: 0.01, max: 1_000, noNaN: true, noDefaultInfinity: true }),
    steps: fc.array(fc.record({ factor: fc.double({ min: 0.97, max: 1.03, noNaN: true }), gapMs: fc.integer({ min: 1_000, max: 20 * MINUTE }) }), { minLength: 1, maxLength: 80 }),
  })
  .map(({ condition, threshold, steps }) => {
    let at = T0;
    const readings = steps.map(({ factor, gapMs }) => ({ price: threshold * factor, at: (at += gapMs) }));
    return { alert: { condition, threshold }, readings };
  });

describe('decideThresholdAlert', () => {
  describe('given a new alert', () => {
    it('when the price is at the threshold, then it fires (at or beyond, per the spec)', () => {
      expect(decideThresholdAlert({ condition: 'above', threshold: 1.1 }, NEW_THRESHOLD_ALERT_STATE, 1.1, T0)).toEqual({
        fire: true,
        state: { armed: false, lastTriggeredMs: T0 },
      });
      expect(decideThresholdAlert({ condition: 'below', threshold: 0.9 }, NEW_THRESHOLD_ALERT_STATE, 0.9, T0).fire).toBe(true);
    });

    it('when the price has not reached it, then it does not fire and stays armed', () => {
      expect(decideThresholdAlert({ condition: 'above', threshold: 1.1 }, NEW_THRESHOLD_ALERT_STATE, 1.0999, T0)).toEqual({
        fire: false,
        state: NEW_THRESHOLD_ALERT_STATE,
      });
    });
  });

  describe('given an alert that fired', () => {
    const alert = { condition: 'above', threshold: 1 } as const;
    const fired: ThresholdAlertState = { armed: false, lastTriggeredMs: T0 };

    it('when the price stays beyond it long after the gap, then it does not fire again (no repeat while it hovers)', () => {
      expect(decideThresholdAlert(alert, fired, 1.02, T0 + 10 * ALERT_RETRIGGER_GAP_MS).fire).toBe(false);
    });

    it('when the price dips back but by less than the margin, then it stays disarmed', () => {
      const dip = 1 - ALERT_REARM_MARGIN / 2;
      expect(decideThresholdAlert(alert, fired, dip, T0 + ALERT_RETRIGGER_GAP_MS).state.armed).toBe(false);
    });

    it('when the price moved back by the margin and crosses again within 15 minutes, then it waits for the gap', () => {
      const rearmed = decideThresholdAlert(alert, fired, 0.99, T0 + 5 * MINUTE);
      expect(rearmed).toEqual({ fire: false, state: { armed: true, lastTriggeredMs: T0 } });
      expect(decideThresholdAlert(alert, rearmed.state, 1.01, T0 + 10 * MINUTE).fire).toBe(false);
      expect(decideThresholdAlert(alert, rearmed.state, 1.01, T0 + ALERT_RETRIGGER_GAP_MS)).toEqual({
        fire: true,
        state: { armed: false, lastTriggeredMs: T0 + ALERT_RETRIGGER_GAP_MS },
      });
    });
  });

  it('never fires twice within the 15-minute gap', () => {
    fc.assert(
      fc.property(scenario, ({ alert, readings }) => {
        const { fired } = run(alert, readings);
        for (let i = 1; i < fired.length; i += 1) expect(fired[i] - fired[i - 1]).toBeGreaterThanOrEqual(ALERT_RETRIGGER_GAP_MS);
      }),
    );
  });

  it('fires again only after a reading back across the threshold by the margin (hysteresis)', () => {
    fc.assert(
      fc.property(scenario, ({ alert, readings }) => {
        const { fires } = run(alert, readings);
        let lastFire = -1;
        fires.forEach((fire, index) => {
          if (!fire) return;
          if (lastFire >= 0) {
            const between = readings.slice(lastFire + 1, index + 1);
            expect(between.some(({ price }) => priceRearmed(alert.condition, alert.threshold, price))).toBe(true);
          }
          lastFire = index;
        });
      }),
    );
  });

  it('fires only at or beyond the threshold, and always at the first such reading of a new alert', () => {
    fc.assert(
      fc.property(scenario, ({ alert, readings }) => {
        const { fires } = run(alert, readings);
        fires.forEach((fire, index) => {
          if (fire) expect(priceCrossed(alert.condition, alert.threshold, readings[index].price)).toBe(true);
        });
        const first = readings.findIndex(({ price }) => priceCrossed(alert.condition, alert.threshold, price));
        if (first >= 0) expect(fires.indexOf(true)).toBe(first);
      }),
    );
  });

  it('gives the same decisions for the same readings (a replayed log decides the same triggers)', () => {
    fc.assert(
      fc.property(scenario, ({ alert, readings }) => {
        expect(run(alert, readings)).toEqual(run(alert, readings));
      }),
    );
  });
});

describe('reminderFires', () => {
  const start = T0 + 60 * MINUTE;

  it('given a 15-minute reminder, then it fires from 15 minutes before the start until the start', () => {
    expect(reminderFires(start, 15, null, start - 16 * MINUTE)).toBe(false);
    expect(reminderFires(start, 15, null, start - 15 * MINUTE)).toBe(true);
    expect(reminderFires(start, 15, null, start - 1)).toBe(true);
    expect(reminderFires(start, 15, null, start)).toBe(false);
  });

  it('given it fired in this window, then it does not fire again; a firing before the window does not count', () => {
    expect(reminderFires(start, 1440, start - 1000 * MINUTE, start - 10 * MINUTE)).toBe(false);
    expect(reminderFires(start, 15, start - 60 * MINUTE, start - 10 * MINUTE)).toBe(true);
  });
});
