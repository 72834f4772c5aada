import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import type { LiveStreamHandlers, StreamStatus } from '../api/live-stream.js';
import { theme } from '../theme.js';
import { applyPriceRow, applySilver, applySite, type PriceFilter, type PricesSnapshot, pricesView } from '../views/prices-view.js';
import { PricesTable } from './PricesTable.js';
import { Spinner } from './Spinner.js';

/** Where the live table gets its data: a full load, and the live stream. */
export interface PriceFeed {
  readonly load: () => Promise<PricesSnapshot>;
  readonly follow: (handlers: LiveStreamHandlers, signal: AbortSignal) => Promise<void>;
}

export interface PricesWatchProps {
  readonly initial: PricesSnapshot;
  readonly filter: PriceFilter;
  readonly feed: PriceFeed;
  readonly now?: () => Date;
}

/**
 * `xsd prices --watch`: the price table kept current from the live stream. A `price` event
 * carries the server's row, which replaces the one shown as it came (nothing is re-derived here).
 * The table is loaded again only when the stream says the chains changed (its event carries no
 * rows) and when the stream (re)connects, for what was missed meanwhile. Ctrl-C or q stops.
 */
const systemNow = () => new Date();

export function PricesWatch({ initial, filter, feed, now = systemNow }: PricesWatchProps) {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const [snapshot, setSnapshot] = useState(initial);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [detail, setDetail] = useState<string | null>(null);
  const [lastEvent, setLastEvent] = useState<Date | null>(null);
  const [clock, setClock] = useState(now);

  useInput((input) => input === 'q' && exit(), { isActive: isRawModeSupported === true });

  useEffect(() => {
    const controller = new AbortController();
    const reload = () => {
      feed.load().then(
        (fresh) => !controller.signal.aborted && setSnapshot(fresh),
        () => undefined, // the stream's status line already says when the server is gone
      );
    };
    void feed.follow(
      {
        onEvent: (event) => {
          setLastEvent(now());
          switch (event.type) {
            case 'price':
              setSnapshot((s) => applyPriceRow(s, event.data));
              break;
            case 'silver':
              setSnapshot((s) => applySilver(s, event.data));
              break;
            case 'site':
              setSnapshot((s) => applySite(s, event.data));
              break;
            case 'chain':
              reload();
              break;
            case 'news':
            case 'calendar':
            case 'contact':
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
          // Missed events while away: catch up once the stream is back.
          if (next === 'live') reload();
        },
      },
      controller.signal,
    );
    const ticker = setInterval(() => setClock(now()), 1_000);
    return () => {
      controller.abort();
      clearInterval(ticker);
    };
  }, [feed, now]);

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
