import { describe, expect, it } from 'vitest';
import { alertNotificationText, alertTag, reminderLabel } from './alert-notification.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe('alertNotificationText', () => {
  it('says which token, chain and price fired, with 6 decimals, and leads to /price-alerts', () => {
    expect(
      alertNotificationText({ kind: 'price', alertId: 'a1', token: 'XSD', chain: 'Ethereum', condition: 'above', threshold: 1.1, price: 1.123456 }, NOW),
    ).toEqual({
      title: 'XSD price alert',
      body: 'XSD on Ethereum is $1.123456, above your $1.100000 alert.',
      tag: 'alert-a1',
      url: '/price-alerts',
    });
  });

  it('gives silver per gram with 4 decimals', () => {
    expect(alertNotificationText({ kind: 'silver', alertId: 's1', condition: 'below', threshold: 0.98, price: 0.97 }, NOW).body).toBe(
      'Silver is $0.9700 per gram, below your $0.9800 alert.',
    );
  });

  it('counts a reminder down to the start, never below a minute, and leads to /calendar', () => {
    const reminder = (startMs: number) => alertNotificationText({ kind: 'calendar', alertId: 'c1', eventTitle: 'AMA', startMs }, NOW);
    expect(reminder(NOW + 15 * 60_000)).toEqual({ title: 'Event reminder', body: 'AMA starts in 15 minutes.', tag: 'alert-c1', url: '/calendar' });
    expect(reminder(NOW + 5_000).body).toBe('AMA starts in 1 minute.');
    expect(reminder(NOW + 24 * 60 * 60_000).body).toBe('AMA starts in 1 day.');
  });

  it('keeps a tag within the push payload limit of 64 characters', () => {
    expect(alertTag('x'.repeat(64))).toHaveLength(64);
  });
});

describe('reminderLabel', () => {
  it('names the spec reminder options', () => {
    expect([5, 15, 30, 60, 120, 1440].map(reminderLabel)).toEqual(['5 minutes', '15 minutes', '30 minutes', '1 hour', '2 hours', '1 day']);
  });
});
