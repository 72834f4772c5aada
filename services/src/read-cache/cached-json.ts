import { createHash, type Hash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * One answer's bytes, shared by every request until the data changes: a strong ETag over them,
 * and each compressed form made on first demand.
 */
export class CachedBody {
  readonly etag: string;
  /** Each compressed form made so far (null until the first: most answers are never compressed, and a Map per answer is 200 bytes). */
  private encoded: Map<ContentEncoding, Buffer> | null = null;
  /** Told when a compressed form is added, so a byte budget (ReadCacheBudget) counts it. */
  onGrow: (() => void) | null = null;
  /** Responses sending these bytes now, once its holder said it will let go of them (countSends); -1 until then. */
  private sends = -1;
  private released = false;

  /** `etag`: one worked out from what the bytes are written from (JsonBytes), else one over the bytes. */
  constructor(
    readonly body: Buffer,
    etag?: string,
  ) {
    this.etag = etag ?? strongEtag(createHash('sha256').update(this.body));
  }

  /** The bytes held: the body and each compressed form made so far. */
  get bytes(): number {
    let total = this.body.length;
    for (const encoded of this.encoded?.values() ?? []) total += encoded.length;
    return total;
  }

  /**
   * Its holder will let go of the body (release) while responses may still send it: they are
   * counted from now on. Only a per-query answer is let go of (one of KeyedHotReadModels), so the
   * hot answers every page polls are not counted.
   */
  countSends(): void {
    if (this.sends < 0) this.sends = 0;
  }

  /** `response` sends these bytes, or a compressed form of them, until it closes. */
  sendingOn(response: ServerResponse): void {
    if (this.sends < 0) return;
    this.sends += 1;
    response.once('close', () => {
      this.sends -= 1;
      if (this.sends === 0 && this.released) CachedBody.freeSoon(this);
    });
  }

  /**
   * Its holder let go of the body (the budget dropped it, or a newer answer replaced it): its
   * memory goes back once no response sends it. Left to V8, an answer of hundreds of kilobytes
   * waits for the next full collection, which starts only after 64 MB more of such memory: under
   * bench/scale's varied windows, external memory peaked at 110-233 MB across runs, of which the
   * budget is at most 64 MB and the held series about 42.
   */
  release(): void {
    if (this.sends < 0 || this.released) return;
    this.released = true;
    if (this.sends === 0) CachedBody.freeSoon(this);
  }

  /**
   * Frees `body` once the microtasks of this turn are done: a request that got the body in this
   * turn (a cache look-up, its awaits, then the send) counts its response before then.
   */
  private static freeSoon(body: CachedBody): void {
    if (CachedBody.unsent.push(body) === 1) setImmediate(CachedBody.freeUnsent);
  }

  /** Bodies let go of with no response sending them, freed together after the current turn. */
  private static readonly unsent: CachedBody[] = [];

  private static readonly freeUnsent = (): void => {
    for (const body of CachedBody.unsent.splice(0)) body.free();
  };

  /** Gives the bytes back unless a response took them since (it frees them when it closes). */
  private free(): void {
    if (this.sends !== 0) return;
    this.sends = -1;
    freeBytes(this.body);
    for (const encoded of this.encoded?.values() ?? []) freeBytes(encoded);
    this.encoded = null;
  }

  /** The body in the best encoding the client accepts (brotli, then gzip), or null for identity. */
  negotiate(acceptEncoding: string | undefined): { encoding: ContentEncoding; body: Buffer } | null {
    if (!acceptEncoding || this.body.length < COMPRESS_MIN_BYTES) return null;
    const encoding: ContentEncoding | null = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : null;
    if (encoding === null) return null;
    let body = this.encoded?.get(encoding);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.body, { level: 6 });
      (this.encoded ??= new Map()).set(encoding, body);
      this.onGrow?.();
    }
    return { encoding, body };
  }
}

/**
 * Detaches the buffer's memory, which frees it at once: only a buffer with an ArrayBuffer of its
 * own (a small one is a slice of Node's pool, shared with others).
 */
function freeBytes(bytes: Buffer): void {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteLength > 0 && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    // ES2024's ArrayBuffer#transfer (Node 22 has it; the lib here is ES2023): to 0 bytes detaches and frees the old memory.
    (buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  }
}

/** A strong ETag from a SHA-256 digest under way (of an answer's bytes, or of all its bytes are written from). */
export function strongEtag(digest: Hash): string {
  return `"${digest.digest('base64url').slice(0, 27)}"`;
}

/**
 * An answer already written as JSON bytes (the public API's pages: public-api/public-api-json.ts),
 * typed by the value it holds; with the ETag of everything the bytes were written from, when its
 * writer can tell it more cheaply than a digest of the bytes (a tenth of them to hash).
 */
export class JsonBytes<T> {
  declare private readonly holds: T;

  constructor(
    readonly bytes: Buffer,
    readonly etag?: string,
  ) {}
}

/**
 * One JSON answer, serialised once. Only its bytes are kept, never the object beside them: an
 * object costs several times its JSON in memory. `T` is the body's type.
 */
export class CachedJson<T = unknown> extends CachedBody {
  /** The answer is `null` (a route answers 404 for it). */
  readonly isNull: boolean;

  constructor(value: T | JsonBytes<T>) {
    const written = value instanceof JsonBytes ? value : null;
    super(written?.bytes ?? Buffer.from(JSON.stringify(value)), written?.etag);
    this.isNull = value === null;
  }

  /**
   * A fresh object parsed from the bytes, for the few server-side readers of a small answer (the
   * live stream, readiness, the staff overview): what the route sends, and not kept by the cache.
   */
  parse(): T {
    return JSON.parse(this.body.toString()) as T;
  }
}

/** Whether an Accept-Encoding header accepts `coding` (listed without `;q=0`). */
function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/.test(param));
  }
  return false;
}
