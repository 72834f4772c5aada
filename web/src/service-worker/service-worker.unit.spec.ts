import { describe, expect, it } from 'vitest';
import { CACHE_PREFIX, CACHE_VERSION, CHECK_UPDATE, isServiceWorkerMessage, SKIP_WAITING } from '../lib/service-worker-messages';
import { staleCacheNames } from './cache-cleanup';
import { isAppNavigation } from './navigation';
import { clickTarget, DEFAULT_BADGE, DEFAULT_ICON, notificationFromPush } from './push-notification';

describe('caches of other versions', () => {
  it('deletes the product caches that lack the current version, and nothing else', () => {
    const names = [
      'silverboard-precache-v2-v1.0.5b',
      'silverboard-runtime-v1.0.5b',
      'silverboard-precache-v2-v1.0.5a',
      'silverboard-runtime',
      'other-app-cache',
      'workbox-precache-v2-https://example.test/',
    ];
    expect(staleCacheNames(names, CACHE_PREFIX, CACHE_VERSION)).toEqual(['silverboard-precache-v2-v1.0.5a', 'silverboard-runtime']);
  });

  it('uses the spec cache version', () => {
    expect(CACHE_VERSION).toBe('1.0.5b');
  });
});

describe('navigations', () => {
  it('answers the routes of the app from the cache', () => {
    for (const path of ['/', '/price-alerts', '/api-access', '/calendar?month=2025-06', '/admin', '/wallet-checker?data=eyJ0b2tlbnMiOltdfQ', '/no-such-page']) {
      expect(isAppNavigation(path), path).toBe(true);
    }
  });

  it('leaves the API, the version file and files by name to the server', () => {
    for (const path of ['/api', '/api/stream', '/api/calendar.ics', '/api?x=1', '/version.json?t=1', '/manifest.webmanifest', '/sw.js', '/assets/index-abc.js']) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });
});

describe('a push message', () => {
  it('shows the payload the notifier sends', () => {
    const payload = {
      title: 'XSD on Ethereum is above 1.05',
      body: 'XSD is at $1.0612 on Ethereum.',
      tag: 'alert:token:abc',
      data: { url: '/price-alerts', alertId: 'abc' },
      requireInteraction: true,
      actions: [{ action: 'open', title: 'Open alerts' }],
    };
    expect(notificationFromPush(JSON.stringify(payload))).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        icon: DEFAULT_ICON,
        badge: DEFAULT_BADGE,
        tag: payload.tag,
        data: { url: '/price-alerts', alertId: 'abc' },
        requireInteraction: true,
        actions: payload.actions,
      },
    });
  });

  it('keeps the sender icon and badge and defaults the page to home', () => {
    const shown = notificationFromPush(JSON.stringify({ title: 'News', body: 'Body', icon: '/i.png', badge: '/b.png' }));
    expect(shown.options).toEqual({ body: 'Body', icon: '/i.png', badge: '/b.png', data: { url: '/' } });
  });

  it('still shows something for a message that is not a payload', () => {
    expect(notificationFromPush('plain words')).toEqual({
      title: 'Silverboard',
      options: { body: 'plain words', icon: DEFAULT_ICON, badge: DEFAULT_BADGE, data: { url: '/' } },
    });
    expect(notificationFromPush(JSON.stringify({ title: '' })).title).toBe('Silverboard');
    expect(notificationFromPush(null).options.body).toBe('You have a new notification.');
  });
});

describe('a notification click', () => {
  const origin = 'https://silverboard.test';

  it('opens the page the notification names', () => {
    expect(clickTarget({ url: '/price-alerts' }, '', origin)).toBe('https://silverboard.test/price-alerts');
    expect(clickTarget({ url: 'https://silverboard.test/calendar?e=1' }, '', origin)).toBe('https://silverboard.test/calendar?e=1');
  });

  it("prefers an action's own page", () => {
    expect(clickTarget({ url: '/', openUrl: '/calendar' }, 'open', origin)).toBe('https://silverboard.test/calendar');
    expect(clickTarget({ url: '/silver-price' }, 'dismiss', origin)).toBe('https://silverboard.test/silver-price');
  });

  it('opens the home page for no page, a bad one or another site', () => {
    expect(clickTarget(undefined, '', origin)).toBe('https://silverboard.test/');
    expect(clickTarget({ url: 42 }, '', origin)).toBe('https://silverboard.test/');
    expect(clickTarget({ url: 'https://evil.test/phish' }, '', origin)).toBe('https://silverboard.test/');
    expect(clickTarget({ url: 'javascript:alert(1)' }, '', origin)).toBe('https://silverboard.test/');
  });
});

describe('messages to the worker', () => {
  it('knows SKIP_WAITING and CHECK_UPDATE only', () => {
    expect(isServiceWorkerMessage({ type: SKIP_WAITING })).toBe(true);
    expect(isServiceWorkerMessage({ type: CHECK_UPDATE })).toBe(true);
    expect(isServiceWorkerMessage({ type: 'OTHER' })).toBe(false);
    expect(isServiceWorkerMessage('SKIP_WAITING')).toBe(false);
    expect(isServiceWorkerMessage(null)).toBe(false);
  });
});
