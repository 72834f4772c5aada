import type { StreamEvent } from '@xsd/contracts/api/stream';
import { formatChangePercent, formatSilverPrice, formatUsd } from '@xsd/contracts/rules/format';
import type { ApiClient } from '../api/api-client.js';
import { followLiveStream } from '../api/live-stream.js';
import { writeLine } from '../output/output-mode.js';
import type { PriceFilter } from '../views/prices-view.js';
import { siteMaintenanceBanner } from '../views/site-view.js';

/** `--watch` without a terminal: one line (or one JSON object) per live event, until Ctrl-C. */
export async function followPlain(api: ApiClient, filter: PriceFilter, json: boolean): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const matches = (event: StreamEvent) =>
    event.type !== 'price' ||
    ((filter.token === null || event.data.token_name === filter.token) && (filter.chain === null || event.data.chain_name === filter.chain));
  await followLiveStream(
    api,
    {
      onEvent: (event) => {
        if (!matches(event) || event.type === 'news') return;
        if (json) {
          process.stdout.write(`${JSON.stringify(event)}\n`);
          return;
        }
        const line = eventLine(event);
        if (line) writeLine(line);
      },
      onStatus: (status, detail) => {
        if (json) process.stdout.write(`${JSON.stringify({ type: 'status', data: { status, detail: detail ?? null } })}\n`);
        else if (status !== 'connecting') writeLine(`-- live stream ${status}${detail ? `: ${detail}` : ''}`);
      },
    },
    controller.signal,
  );
}

/** One line per event; a price line shows the server's 24 h change carried by the event. */
function eventLine(event: StreamEvent): string | null {
  switch (event.type) {
    case 'price':
      return `${event.data.timestamp}  ${event.data.token_name.padEnd(5)} ${event.data.chain_name.padEnd(10)} ${formatUsd(event.data.price)}  ${formatChangePercent(event.data.change_24h)}`;
    case 'silver':
      return `${event.data.timestamp}  silver ${formatSilverPrice(event.data.price_per_gram)} per gram`;
    case 'site':
      return `${event.data.updated_at ?? new Date().toISOString()}  ${siteMaintenanceBanner(event.data, new Date()) ?? 'Site maintenance: off'}`;
    case 'chain':
      return `${new Date().toISOString()}  network settings changed`;
    case 'news':
    case 'calendar':
    case 'contact':
      return null;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
