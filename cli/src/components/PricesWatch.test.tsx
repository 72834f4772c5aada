import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import type { LiveStreamHandlers } from '../api/live-stream.js';
import { latest, NOW, SILVER, SITE_ON, SNAPSHOT } from '../testing/fixtures.js';
import { plain, settle } from '../testing/ink.js';
import type { PricesSnapshot } from '../views/prices-json.js';
import { type PriceFeed, PricesWatch } from './PricesWatch.js';

/** A feed the test drives: it hands out the stream handlers and counts reloads. */
function fakeFeed(reloaded: PricesSnapshot = SNAPSHOT) {
  let handlers: LiveStreamHandlers | null = null;
  let signal: AbortSignal | null = null;
  const load = vi.fn(async () => reloaded);
  const feed: PriceFeed = {
    load,
    follow: (h, s) => {
      handlers = h;
      signal = s;
      return new Promise((resolve) => s.addEventListener('abort', () => resolve()));
    },
  };
  return {
    feed,
    load,
    handlers: () => handlers!,
    aborted: () => signal?.aborted ?? false,
  };
}

const now = () => NOW;

describe('PricesWatch', () => {
  it("replaces a row with the server's row of a price event, without loading the table again", async () => {
    const { feed, handlers, load } = fakeFeed();
    const { lastFrame, unmount } = render(<PricesWatch initial={SNAPSHOT} filter={{ token: 'XSD', chain: null }} feed={feed} now={now} />);
    expect(plain(lastFrame())).toContain('connecting to the live stream');
    await vi.waitFor(() => expect(handlers()).not.toBeNull());

    handlers().onStatus?.('live');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await settle(); // the load on connecting has landed
    // The server's own 24 h change (+4.20%), shown as it came.
    const row = latest('XSD', 'Ethereum', 1.1, 4.2);
    handlers().onEvent({ type: 'price', data: { ...row, price: 1.1, timestamp: '2026-05-01T12:00:00.000Z' } });

    await vi.waitFor(() => expect(plain(lastFrame())).toMatch(/XSD\s+Ethereum\s+\$1\.10\s+\+4\.20%\s+\+10\.00% Off peg/));
    expect(plain(lastFrame())).toContain('● live');
    expect(plain(lastFrame())).toContain('last update 12:00:00 UTC');
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('shows a chain going into maintenance from the status in the price row', async () => {
    const { feed, handlers } = fakeFeed();
    const { lastFrame, unmount } = render(<PricesWatch initial={SNAPSHOT} filter={{ token: 'XSD', chain: 'Ethereum' }} feed={feed} now={now} />);
    await vi.waitFor(() => expect(handlers()).not.toBeNull());

    const row = latest('XSD', 'Ethereum', 1.02, 0.5, { status: 'maintenance', maintenance_message: 'Bridge upgrade' });
    handlers().onEvent({ type: 'price', data: { ...row, price: 1.02, timestamp: '2026-05-01T12:00:00.000Z' } });

    await vi.waitFor(() => expect(plain(lastFrame())).toContain('Ethereum is in maintenance: Bridge upgrade'));
    expect(plain(lastFrame())).toMatch(/XSD\s+Ethereum\s+\$1\.02\s+\+0\.50%/);
    unmount();
  });

  it('follows silver and site changes', async () => {
    const { feed, handlers } = fakeFeed();
    const { lastFrame, unmount } = render(<PricesWatch initial={SNAPSHOT} filter={{ token: null, chain: null }} feed={feed} now={now} />);
    await vi.waitFor(() => expect(handlers()).not.toBeNull());

    handlers().onEvent({ type: 'silver', data: { ...SILVER, price_per_gram: 1.06, current: 1.06, timestamp: '2026-05-01T12:00:00.000Z' } });
    handlers().onEvent({ type: 'site', data: SITE_ON });

    await vi.waitFor(() => expect(plain(lastFrame())).toContain('Silver $1.0600 per gram'));
    expect(plain(lastFrame())).toMatch(/XSD\s+BSC\s+\$1\.06\s+-2\.25%\s+0\.00% On peg/);
    expect(plain(lastFrame())).toContain('⚠ Site maintenance: Upgrade: Back soon');
    unmount();
  });

  it('loads the table again when a chain changes (the event carries no rows)', async () => {
    const reloaded = { ...SNAPSHOT, items: SNAPSHOT.items.map((i) => (i.chain_name === 'Ethereum' && i.token_name === 'XSD' ? { ...i, change_24h: 4.2 } : i)) };
    const { feed, handlers, load } = fakeFeed(reloaded);
    const { lastFrame, unmount } = render(<PricesWatch initial={SNAPSHOT} filter={{ token: null, chain: null }} feed={feed} now={now} />);
    await vi.waitFor(() => expect(handlers()).not.toBeNull());

    handlers().onEvent({ type: 'chain', data: {} });

    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(plain(lastFrame())).toMatch(/XSD\s+Ethereum\s+\$1\.01\s+\+4\.20%/));
    unmount();
  });

  it('says when it reconnects, and stops following when unmounted', async () => {
    const { feed, handlers, aborted } = fakeFeed();
    const { lastFrame, unmount } = render(<PricesWatch initial={SNAPSHOT} filter={{ token: null, chain: null }} feed={feed} now={now} />);
    await vi.waitFor(() => expect(handlers()).not.toBeNull());

    handlers().onStatus?.('reconnecting', 'connection refused');
    await vi.waitFor(() => expect(plain(lastFrame())).toContain('reconnecting… connection refused'));

    unmount();
    expect(aborted()).toBe(true);
  });
});
