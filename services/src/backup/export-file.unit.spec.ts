import { createHash } from 'node:crypto';
import { photoLine, storedEventLine, trailerLine } from '@xsd/contracts/api/event-export';
import { describe, expect, it } from 'vitest';
import { digested, ExportDigest, exportLines } from './export-file.js';

const body =
  storedEventLine(1, JSON.stringify({ id: 'a', type: 'price.ticked', data: { note: 'ünïcödé ✓' } })) +
  storedEventLine(2, JSON.stringify({ id: 'b', type: 'news.created', data: { text: 'line\nbreak inside a string' } })) +
  photoLine({ photo: 'contact_photos/x_1.png', contentType: 'image/png', data: 'iVBORw0KGgo=' });
const file = Buffer.from(
  body + trailerLine({ since: 1, through: 2, count: 2, photos: 1, sha256: createHash('sha256').update(body).digest('hex') }),
);

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function read(bytes: Buffer, size: number) {
  const digest = new ExportDigest();
  const lines: string[] = [];
  for await (const line of exportLines(digested(chunksOf(bytes, size), digest))) lines.push(line);
  return { lines, digest };
}

describe('reading an export in chunks of any size', () => {
  it.each([1, 2, 3, 7, 64, 4096])('splits the same lines and checks the trailer with %i-byte chunks', async (size) => {
    const { lines, digest } = await read(file, size);
    expect(lines).toEqual(file.toString('utf8').trimEnd().split('\n'));
    expect(digest.trailer()).toMatchObject({ count: 2, photos: 1 });
    expect(digest.lines).toBe(4);
  });

  it.each([1, 5, 4096])('refuses a file cut inside its trailer, at a line end, or altered (%i-byte chunks)', async (size) => {
    await expect(read(file.subarray(0, file.length - 10), size).then(({ digest }) => digest.trailer())).rejects.toThrow(
      'it ends in the middle of a line: truncated',
    );
    const atLine = file.subarray(0, file.indexOf('\n') + 1);
    await expect(read(atLine, size).then(({ digest }) => digest.trailer())).rejects.toThrow('no trailer at the end: truncated');
    const altered = Buffer.from(file.toString('utf8').replace('"b"', '"c"'));
    await expect(read(altered, size).then(({ digest }) => digest.trailer())).rejects.toThrow("does not match the trailer's SHA-256");
    await expect(read(Buffer.alloc(0), size).then(({ digest }) => digest.trailer())).rejects.toThrow('empty, not an export');
  });
});
