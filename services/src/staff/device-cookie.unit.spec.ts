import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './device-cookie.js';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const DAY = 24 * 3600_000;
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('DeviceCookies', () => {
  const key = randomBytes(32);
  const cookies = new DeviceCookies(key, 180 * DAY);

  it('names the same device for the email it was issued for, however the email is typed, and a new one each time', () => {
    const token = cookies.issue('Root@Silverboard.test', T0);
    const device = cookies.deviceOf(token, ' root@silverboard.test ', later(DAY));
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookies.deviceOf(cookies.issue('root@silverboard.test', T0), 'root@silverboard.test', T0)).not.toBe(device);
  });

  it('names none for another email, another key, a changed character, an expired or a garbled token', () => {
    const token = cookies.issue('root@silverboard.test', T0);
    expect(cookies.deviceOf(token, 'ann@silverboard.test', T0)).toBeNull();
    expect(new DeviceCookies(randomBytes(32)).deviceOf(token, 'root@silverboard.test', T0)).toBeNull();
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    expect(cookies.deviceOf(flipped, 'root@silverboard.test', T0)).toBeNull();
    expect(cookies.deviceOf(token, 'root@silverboard.test', later(180 * DAY))).toBeNull();
    expect(cookies.deviceOf(token, 'root@silverboard.test', later(180 * DAY - 1_000))).not.toBeNull();
    for (const garbled of [null, undefined, '', 'd1', `${token}x`, token.replace('d1.', 'd2.')]) {
      expect(cookies.deviceOf(garbled, 'root@silverboard.test', T0)).toBeNull();
    }
  });

  it('names none for a token issued in the future (a clock or key misuse)', () => {
    expect(cookies.deviceOf(cookies.issue('root@silverboard.test', later(DAY)), 'root@silverboard.test', T0)).toBeNull();
  });
});
