import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { LiveStreamHandlers, StreamStatus } from '../api/live-stream.js';
import { theme } from '../theme.js';
import {
  applyPriceTick,
  applySilverTick,
  applySite,
  type PriceFilter,
  type PricesSnapshot,
  pricesView,
} from '../views/prices-view.js';
import { PricesTable } from './PricesTable.js';
import { Spinner } from './Spinner.js';

/** Where the live table gets its data: a full reload, and the live stream. */
export interface PriceFeed {
  readonly load: () => Promise<PricesSnapshot>;
  readonly follow: (handlers: LiveStreamHandlers, signal: AbortSignal) => Promise<void>;
}

export interface PricesWatchProps {
  readonly initial: PricesSnapshot;
  readonly filter: PriceFilter;
  readonly feed: PriceFeed;
  /** After a burst of ticks, reload once this much later for the server's own 24 h change. */
  readonly reloadDelayMs?: number;
  readonly now?: () => Date;
}

/**
 * `xsd prices --watch`: the price table kept current from the live stream. A tick moves its row at
 * once; a chain change (or a burst of ticks, after a short pause) reloads the whole table.
 * Ctrl-C or q stops.
 */
const systemNow = () => new Date();

export function PricesWatch({ initial, filter, feed, reloadDelayMs = 1_000, now = systemNow }: PricesWatchProps) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const [snapshot, setSnapshot] = useState(initial);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [detail, setDetail] = useState<string | null>(null);
  const [lastEvent, setLastEvent] = useState<Date | null>(null);
  const [clock, setClock] = useState(now);
  const reloadTimer = useRef<NodeJS.Timeout | null>(null);

  useInput((input) => input === 'q' && exit(), { isActive: isRawModeSupported === true });

  useEffect(() => {
    const controller = new AbortController();
    const reloadSoon = () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => {
        feed.load().then(
          (fresh) => !controller.signal.aborted && setSnapshot(fresh),
          () => undefined, // the stream's status line already says when the server is gone
        );
      }, reloadDelayMs);
    };
    void feed.follow(
      {
        onEvent: (event) => {
          setLastEvent(now());
          switch (event.type) {
            case 'price':
              setSnapshot((s) => applyPriceTick(s, event.data));
              reloadSoon();
              break;
            case 'silver':
              setSnapshot((s) => applySilverTick(s, event.data));
              break;
            case 'site':
              setSnapshot((s) => applySite(s, event.data));
              break;
            case 'chain':
              reloadSoon();
              break;
            case 'news':
              break;
            default: {
              const unreachable: never = event;
              return unreachable;
            }
          }
        },
        onStatus: (next, why) => {
          setStatus(next);
          setDetail(why ?? null);
          // Missed ticks while away: catch up once the stream is back.
          if (next === 'live') reloadSoon();
        },
      },
      controller.signal,
    );
    const ticker = setInterval(() => setClock(now()), 1_000);
    return () => {
      controller.abort();
      clearInterval(ticker);
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    };
  }, [feed, reloadDelayMs, now]);

  return (
    <Box flexDirection="column">
      <PricesTable view={pricesView(snapshot, filter, clock)} />
      <Box marginTop={1}>
        {status === 'live' ? (
          <Text color={theme.status.success}>● live</Text>
        ) : (
          <Text color={theme.status.warning}>
            <Spinner /> {status === 'connecting' ? 'connecting to the live stream…' : `reconnecting…${detail ? ` ${detail}` : ''}`}
          </Text>
        )}
        <Text color={theme.text.secondary}>
          {lastEvent ? `  last update ${lastEvent.toISOString().slice(11, 19)} UTC` : ''}  Ctrl-C{isRawModeSupported ? ' or q' : ''} to stop
        </Text>
      </Box>
    </Box>
  );
}
