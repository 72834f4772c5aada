import { createHash } from 'node:crypto';
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
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  /** The body in the best encoding the client accepts (brotli, then gzip), or null for identity. */
  negotiate(acceptEncoding: string | undefined): { encoding: ContentEncoding; body: Buffer } | null {
    if (!acceptEncoding || this.body.length < COMPRESS_MIN_BYTES) return null;
    const encoding: ContentEncoding | null = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : null;
    if (encoding === null) return null;
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.body, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return { encoding, body };
  }
}

/** One JSON answer, serialised once. */
export class CachedJson<T = unknown> extends CachedBody {
  constructor(readonly value: T) {
    super(Buffer.from(JSON.stringify(value)));
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
