import type { IncomingMessage } from 'node:http';
import { decryptPushMessage, PushDecryptError, type SubscriberKeys } from './aes128gcm.js';
import { type VapidIdentity, VapidRefusal, type VapidVerifier } from './vapid.js';

export const PUSH_URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type PushUrgency = (typeof PUSH_URGENCIES)[number];

/** RFC 8030 section 7.2: push services must take 4096 bytes of payload; we take no more. */
export const MAX_PUSH_BODY_BYTES = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why the push service refused a push; the receiver answers with its status and reason. */
export class PushRefusal extends Error {
  override readonly name = 'PushRefusal';
  constructor(
    readonly status: 400 | 401 | 403 | 413,
    reason: string,
  ) {
    super(reason);
  }
}

export interface CheckedPush {
  /** The decrypted payload as UTF-8, or null for a push without a body. */
  readonly payload: string | null;
  readonly ttl: number;
  readonly urgency: PushUrgency;
  readonly topic: string | null;
  readonly vapid: VapidIdentity;
}

export interface PushRecipient {
  /** The push service's origin: the VAPID audience. */
  readonly origin: string;
  readonly keys: SubscriberKeys;
  /** The application server key pushes must be signed with, when one was required. */
  readonly applicationServerKey: string | undefined;
}

/** The body, refused with 413 past MAX_PUSH_BODY_BYTES. */
export function readPushBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_PUSH_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) reject(new PushRefusal(413, `push message body is over ${MAX_PUSH_BODY_BYTES} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

/**
 * RFC 8030's headers (`TTL`, `Urgency`, `Topic`, `Content-Encoding`), then the VAPID
 * authorization, then the body's decryption, in that order; throws PushRefusal at the first
 * failure.
 */
export function checkPushRequest(request: IncomingMessage, body: Buffer, at: number, recipient: PushRecipient, vapid: VapidVerifier): CheckedPush {
  const ttlHeader = header(request, 'ttl');
  if (ttlHeader === undefined) throw new PushRefusal(400, 'TTL header is missing');
  if (!/^\d{1,10}$/.test(ttlHeader)) throw new PushRefusal(400, `TTL header "${ttlHeader}" is not an integer >= 0`);
  const urgency = header(request, 'urgency') ?? 'normal';
  if (!(PUSH_URGENCIES as readonly string[]).includes(urgency)) throw new PushRefusal(400, `Urgency header "${urgency}" is not one of ${PUSH_URGENCIES.join(', ')}`);
  const topic = header(request, 'topic') ?? null;
  if (topic !== null && (topic.length > 32 || !BASE64URL.test(topic))) throw new PushRefusal(400, `Topic header "${topic}" is not 1 to 32 base64url characters`);
  const encoding = header(request, 'content-encoding');
  if (body.length > 0 && encoding !== 'aes128gcm') throw new PushRefusal(400, `Content-Encoding "${encoding ?? ''}" is not aes128gcm`);

  let identity: VapidIdentity;
  try {
    identity = vapid.verify(header(request, 'authorization'), at, recipient.origin, recipient.applicationServerKey);
  } catch (error) {
    if (error instanceof VapidRefusal) throw new PushRefusal(error.status, error.message);
    throw error;
  }

  let payload: string | null = null;
  if (body.length > 0) {
    try {
      payload = decryptPushMessage(body, recipient.keys).toString('utf8');
    } catch (error) {
      if (error instanceof PushDecryptError) throw new PushRefusal(400, error.message);
      throw error;
    }
  }
  return { payload, ttl: Number(ttlHeader), urgency: urgency as PushUrgency, topic, vapid: identity };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
