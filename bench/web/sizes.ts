import { gzipSync } from 'node:zlib';

/** A body's size gzipped at level 9, as the web benchmarks count script bytes. */
export const gzip = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const gzipCache = new Map<string, number>();

/** The gzipped size of what a URL serves, fetched once a URL. */
export async function gzippedSize(url: string): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const size = gzip(Buffer.from(await (await fetch(url)).arrayBuffer()));
  gzipCache.set(url, size);
  return size;
}
