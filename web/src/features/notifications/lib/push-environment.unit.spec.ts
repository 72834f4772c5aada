import { describe, expect, it } from 'vitest';
import { type BrowserFacts, iosSupportsPush, iosVersion, isPreviewSandboxHost, pushAvailability } from './push-environment';

const IPHONE_17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const IPHONE_16_3 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const desktop: BrowserFacts = {
  hostname: 'silverboard.example',
  userAgent: DESKTOP,
  platform: 'Linux x86_64',
  maxTouchPoints: 0,
  standalone: false,
  hasNotification: true,
  hasServiceWorker: true,
  hasPushManager: true,
  brave: false,
};

describe('push availability', () => {
  it('is available with Notification, service workers and PushManager', () => {
    expect(pushAvailability(desktop)).toBe('available');
  });

  it('is unsupported when any of the three is missing', () => {
    expect(pushAvailability({ ...desktop, hasNotification: false })).toBe('unsupported');
    expect(pushAvailability({ ...desktop, hasServiceWorker: false })).toBe('unsupported');
    expect(pushAvailability({ ...desktop, hasPushManager: false })).toBe('unsupported');
  });

  it('needs the Home Screen on an iPhone or iPad tab, and works once opened from it', () => {
    const iphone = { ...desktop, userAgent: IPHONE_17, platform: 'iPhone', maxTouchPoints: 5, hasNotification: false, hasPushManager: false };
    expect(pushAvailability(iphone)).toBe('ios-install');
    expect(pushAvailability({ ...iphone, standalone: true, hasNotification: true, hasPushManager: true })).toBe('available');
    const ipad = { ...desktop, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', platform: 'MacIntel', maxTouchPoints: 5 };
    expect(pushAvailability(ipad)).toBe('ios-install');
    expect(pushAvailability({ ...ipad, maxTouchPoints: 0 })).toBe('available');
  });

  it('is off on preview sandbox hosts', () => {
    expect(pushAvailability({ ...desktop, hostname: 'abc123.lovableproject.com' })).toBe('preview-host');
  });
});

describe('preview sandbox hosts', () => {
  it('match the sandbox domains and their subdomains only', () => {
    expect(isPreviewSandboxHost('preview-1.lovableproject.com')).toBe(true);
    expect(isPreviewSandboxHost('x--3000--abc.local-credentialless.webcontainer.io')).toBe(true);
    expect(isPreviewSandboxHost('abc-5173.csb.app')).toBe(true);
    expect(isPreviewSandboxHost('LOVABLEPROJECT.COM.')).toBe(true);
    expect(isPreviewSandboxHost('silverboard.example')).toBe(false);
    expect(isPreviewSandboxHost('notlovableproject.com')).toBe(false);
    expect(isPreviewSandboxHost('127.0.0.1')).toBe(false);
  });
});

describe('iOS versions', () => {
  it('are read from the user agent', () => {
    expect(iosVersion(IPHONE_17)).toEqual({ major: 17, minor: 2 });
    expect(iosVersion(IPHONE_16_3)).toEqual({ major: 16, minor: 3 });
    expect(iosVersion(DESKTOP)).toBeNull();
  });

  it('support web push from 16.4', () => {
    expect(iosSupportsPush(IPHONE_17)).toBe(true);
    expect(iosSupportsPush(IPHONE_16_3)).toBe(false);
    expect(iosSupportsPush(IPHONE_16_3.replace('16_3_1', '16_4'))).toBe(true);
    expect(iosSupportsPush(DESKTOP)).toBe(true);
  });
});
