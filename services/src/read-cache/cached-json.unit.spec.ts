import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedJson } from './cached-json.js';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ token_name: 'XSD', price: i })) };

describe('CachedJson', () => {
  it('serialises once, with an ETag that follows the bytes', () => {
    const a = new CachedJson(big);
    expect(JSON.parse(a.body.toString())).toEqual(big);
    expect(new CachedJson(big).etag).toBe(a.etag);
    expect(new CachedJson({ ...big, extra: 1 }).etag).not.toBe(a.etag);
  });

  it('prefers brotli, then gzip, and compresses each form once', () => {
    const json = new CachedJson(big);
    const br = json.negotiate('gzip, deflate, br');
    expect(br?.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br!.body).toString())).toEqual(big);
    expect(json.negotiate('br')?.body).toBe(br?.body);
    const gzip = json.negotiate('gzip;q=1.0, br;q=0');
    expect(gzip?.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip!.body).toString())).toEqual(big);
  });

  it('sends small bodies and clients without a shared encoding the bytes as they are', () => {
    expect(new CachedJson({ ok: true }).negotiate('br, gzip')).toBeNull();
    expect(new CachedJson(big).negotiate(undefined)).toBeNull();
    expect(new CachedJson(big).negotiate('identity, deflate')).toBeNull();
  });

  it('frees only memory of its own when let go of: a small body shares Node\'s pool with others', async () => {
    const neighbour = Buffer.from('{"other":"answer"}');
    const small = new CachedJson({ ok: true });
    expect(small.body.byteLength).toBeLessThan(small.body.buffer.byteLength);
    small.countSends();
    small.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(small.parse()).toEqual({ ok: true });
    expect(neighbour.toString()).toBe('{"other":"answer"}');

    // An answer never counted (a hot answer other readers parse) is not freed by a release.
    const hot = new CachedJson({ items: Array.from({ length: 2000 }, (_, i) => i) });
    hot.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(hot.parse().items).toHaveLength(2000);
  });
});
