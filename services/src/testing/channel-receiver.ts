import { rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createLoopbackCertificate } from './push-service/certificate.js';

/** One request the receiver took, with what it found wrong (an empty list: a valid delivery). */
export interface ReceivedDelivery {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  readonly problems: readonly string[];
  /** The status it answered. */
  readonly status: number;
}

/**
 * What a path answers next, used once each, then 204 / 200: a status (and a Location for a 3xx),
 * or `holdMs`: the request is held that long and its connection dropped unanswered (recorded with
 * status 0), as a receiver that never took it.
 */
export interface ScriptedAnswer {
  readonly status: number;
  readonly location?: string;
  readonly holdMs?: number;
}

export interface ChannelReceiver {
  /** `https://localhost:<port>`: reach it with XSD_WEBHOOK_ALLOW_HOSTS=localhost. */
  readonly origin: string;
  readonly caPem: string;
  /** The certificate as a file, for a stack's NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
  /** A generic webhook at `path` whose deliveries must carry a valid Standard Webhooks signature with `secret`. */
  webhook(path: string, secret: string): string;
  /** A Discord webhook at `path`: deliveries must be Discord's webhook JSON (embeds with title, description). */
  discord(path: string): string;
  /** Answers to give on `path` before the default. */
  respond(path: string, answers: readonly ScriptedAnswer[]): void;
  /** Every request taken, in order (`path` given: only that path's). */
  received(path?: string): readonly ReceivedDelivery[];
  close(): Promise<void>;
}

/** Discord's rules for an execute-webhook body, as far as this product uses it. */
function discordProblems(body: unknown): string[] {
  const problems: string[] = [];
  const payload = body as { embeds?: unknown; content?: unknown } | null;
  if (typeof payload !== 'object' || payload === null) return ['body is not a JSON object'];
  if (!Array.isArray(payload.embeds) || payload.embeds.length < 1 || payload.embeds.length > 10) return ['embeds must hold 1 to 10 embeds'];
  for (const embed of payload.embeds as Record<string, unknown>[]) {
    if (typeof embed.title !== 'string' || embed.title.length === 0 || embed.title.length > 256) problems.push('embed title must be 1-256 characters');
    if (typeof embed.description !== 'string' || embed.description.length > 4096) problems.push('embed description must be at most 4096 characters');
    if (embed.url !== undefined && (typeof embed.url !== 'string' || !/^https?:\/\//.test(embed.url))) problems.push('embed url must be an http(s) URL');
    if (embed.timestamp !== undefined && Number.isNaN(Date.parse(String(embed.timestamp)))) problems.push('embed timestamp must be ISO 8601');
    if (embed.color !== undefined && !(Number.isInteger(embed.color) && (embed.color as number) >= 0 && (embed.color as number) <= 0xffffff)) problems.push('embed color must be a 24-bit integer');
  }
  return problems;
}

/**
 * A loopback HTTPS receiver for community channels (a self-signed certificate for localhost and
 * 127.0.0.1, trusted by the sender's transports through their `ca` option only): it checks each
 * webhook's Standard Webhooks signature with the reference library (`standardwebhooks`,
 * timestamps judged against `now`) and each Discord body against Discord's webhook rules.
 */
export async function startChannelReceiver(options: { now?: () => number } = {}): Promise<ChannelReceiver> {
  const { pem, caDir, caFile } = await createLoopbackCertificate();
  const webhooks = new Map<string, Webhook>();
  const discords = new Set<string>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const log: ReceivedDelivery[] = [];
  const now = options.now ?? Date.now;

  const server = createServer({ key: pem.private, cert: pem.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0];
      const raw = Buffer.concat(chunks).toString('utf8');
      const problems: string[] = [];
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        problems.push('body is not JSON');
      }
      if (request.method !== 'POST') problems.push(`method ${request.method}`);
      if (!String(request.headers['content-type']).startsWith('application/json')) problems.push('content-type is not application/json');
      const webhook = webhooks.get(path);
      if (webhook) {
        // The reference library signs what it expects; the timestamp is judged against `now` (tests move the clock).
        const id = String(request.headers['webhook-id'] ?? '');
        const timestamp = Number(request.headers['webhook-timestamp']);
        const sent = String(request.headers['webhook-signature'] ?? '').split(' ');
        if (!/^[\x21-\x7e]{1,255}$/.test(id)) problems.push('webhook-id missing');
        if (!Number.isInteger(timestamp) || Math.abs(now() / 1000 - timestamp) > 300) problems.push('webhook-timestamp outside 5 minutes');
        else if (!sent.includes(webhook.sign(id, new Date(timestamp * 1000), raw))) problems.push('webhook-signature does not match');
      } else if (discords.has(path)) {
        problems.push(...discordProblems(body));
      } else {
        problems.push('unknown path');
      }
      const answer = scripts.get(path)?.shift() ?? { status: problems.length === 0 ? (discords.has(path) ? 204 : 200) : 400 };
      if (answer.holdMs !== undefined) {
        log.push({ path, headers: request.headers, body, problems, status: 0 });
        setTimeout(() => response.destroy(), answer.holdMs);
        return;
      }
      log.push({ path, headers: request.headers, body, problems, status: answer.status });
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caPem: pem.cert,
    caFile,
    webhook(path, secret) {
      webhooks.set(path, new Webhook(secret));
      return `${origin}${path}`;
    },
    discord(path) {
      discords.add(path);
      return `${origin}${path}`;
    },
    respond(path, answers) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]);
    },
    received(path) {
      return path === undefined ? [...log] : log.filter((entry) => entry.path === path);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}
