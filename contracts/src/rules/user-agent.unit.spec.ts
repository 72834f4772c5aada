import { describe, expect, it } from 'vitest';
import { deviceTypeOf, isKnownBot } from './user-agent.js';

const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('deviceTypeOf', () => {
  it('calls phones and tablets mobile', () => {
    expect(deviceTypeOf(SAFARI_IPHONE)).toBe('mobile');
    expect(deviceTypeOf(CHROME_ANDROID)).toBe('mobile');
    expect(deviceTypeOf(IPAD)).toBe('mobile');
  });

  it('calls everything else desktop, a missing header included', () => {
    expect(deviceTypeOf(CHROME_DESKTOP)).toBe('desktop');
    expect(deviceTypeOf(FIREFOX_MAC)).toBe('desktop');
    expect(deviceTypeOf(undefined)).toBe('desktop');
  });
});

describe('isKnownBot', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'curl/8.5.0',
    'python-requests/2.32.3',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  ])('knows %s', (ua) => {
    expect(isKnownBot(ua)).toBe(true);
  });

  it('treats a missing or blank User-Agent as a bot', () => {
    expect(isKnownBot(undefined)).toBe(true);
    expect(isKnownBot('  ')).toBe(true);
  });

  it('lets real browsers through', () => {
    for (const ua of [CHROME_DESKTOP, SAFARI_IPHONE, CHROME_ANDROID, IPAD, FIREFOX_MAC]) expect(isKnownBot(ua)).toBe(false);
  });
});
