import type { LookupFunction } from 'node:net';
import https from 'node:https';
import { bareHostname, type OutboundPolicy, parseOutboundUrl, type ResolvedAddress, resolveTarget } from './safe-url.js';

export interface PinnedPostOptions {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Extra certificate authorities to trust (tests' self-signed receivers); the system's otherwise. */
  readonly ca?: string;
  readonly timeoutMs?: number;
}

/** What the other side answered. A 3xx is answered as it came: redirects are never followed. */
export interface PinnedPostResponse {
  readonly status: number;
  readonly location: string | null;
}

/** The most of an answer's body read (and thrown away). */
const MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

/** A socket `lookup` that answers only the checked address: no second resolution can turn the connection inward. */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs to a URL a user gave, checked at the moment of sending: https, every address its name
 * resolves to public (see `resolveTarget`), and the connection made to the checked address (the
 * socket's lookup answers it, so no second resolution happens), with TLS verified against the
 * host name. Throws OutboundRefusedError when refused, another error when it could not be sent.
 */
export async function pinnedPost(raw: string, policy: OutboundPolicy, options: PinnedPostOptions): Promise<PinnedPostResponse> {
  const url = parseOutboundUrl(raw);
  const target = await resolveTarget(url, policy);
  const host = bareHostname(url);
  return new Promise<PinnedPostResponse>((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
        lookup: pinnedLookup(target),
        // A fresh connection per request: nothing pooled was made to another address.
        agent: false,
        ca: options.ca,
        servername: host.includes(':') || /^[\d.]+$/.test(host) ? undefined : host,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(options.body);
  });
}
