import {
  DEFAULT_MAINTENANCE_MESSAGE,
  DEFAULT_MAINTENANCE_TITLE,
  DEFAULT_SITE_SETTINGS,
  maintenanceMessage,
  maintenanceTitle,
} from '@xsd/contracts/api/site';
import { describe, expect, it } from 'vitest';
import { isPastExpectedUpTime, remainingMs } from '../../../lib/maintenance-time';
import { END_CONFETTI, formatCountdown, maintenanceJustEnded } from './maintenance-logic';

const now = Date.parse('2025-06-01T10:00:00Z');

describe('maintenance texts', () => {
  it('defaults to the product name and the scheduled-maintenance message', () => {
    expect(maintenanceTitle({ maintenance_title: null })).toBe('Silverboard Dashboard Maintenance');
    expect(DEFAULT_MAINTENANCE_TITLE).toBe('Silverboard Dashboard Maintenance');
    expect(maintenanceMessage({ maintenance_message: '  ' })).toBe(
      'We are currently performing scheduled maintenance. Please check back soon!',
    );
    expect(maintenanceMessage({ maintenance_message: null })).toBe(DEFAULT_MAINTENANCE_MESSAGE);
  });

  it('uses the texts staff set', () => {
    expect(maintenanceTitle({ maintenance_title: 'Upgrading nodes' })).toBe('Upgrading nodes');
    expect(maintenanceMessage({ maintenance_message: 'Back at noon' })).toBe('Back at noon');
  });

  it('celebrates with 500 pieces for 5 seconds', () => {
    expect(END_CONFETTI).toEqual({ pieces: 500, durationMs: 5_000 });
  });
});

describe('countdown', () => {
  it('counts down to the expected up time and never below zero', () => {
    expect(remainingMs('2025-06-01T12:30:05Z', now)).toBe(2 * 3_600_000 + 30 * 60_000 + 5_000);
    expect(remainingMs('2025-06-01T09:00:00Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBeNull();
    expect(remainingMs('not a date', now)).toBeNull();
  });

  it('formats hours:minutes:seconds', () => {
    expect(formatCountdown(2 * 3_600_000 + 30 * 60_000 + 5_000)).toBe('02:30:05');
    expect(formatCountdown(26 * 3_600_000)).toBe('26:00:00');
    expect(formatCountdown(400)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
});

describe('isPastExpectedUpTime', () => {
  it('is true only while maintenance is on and its end time has passed', () => {
    const on = { ...DEFAULT_SITE_SETTINGS, maintenance_mode: true };
    expect(isPastExpectedUpTime({ ...on, expected_up_time: '2025-06-01T09:59:59Z' }, now)).toBe(true);
    expect(isPastExpectedUpTime({ ...on, expected_up_time: '2025-06-01T10:00:01Z' }, now)).toBe(false);
    expect(isPastExpectedUpTime({ ...on, expected_up_time: null }, now)).toBe(false);
    expect(isPastExpectedUpTime({ ...DEFAULT_SITE_SETTINGS, expected_up_time: '2025-06-01T09:00:00Z' }, now)).toBe(false);
    expect(isPastExpectedUpTime(undefined, now)).toBe(false);
  });
});

describe('maintenanceJustEnded', () => {
  it('fires on the on → off transition only', () => {
    expect(maintenanceJustEnded(true, false)).toBe(true);
    expect(maintenanceJustEnded(undefined, false)).toBe(false);
    expect(maintenanceJustEnded(false, false)).toBe(false);
    expect(maintenanceJustEnded(false, true)).toBe(false);
  });
});
