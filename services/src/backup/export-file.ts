import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { parseEvent } from '@xsd/contracts';
import { type ExportLine, type ExportTrailer, parseExportLine } from '@xsd/contracts/api/event-export';
import { checkPhotoPut } from '../uploads/photo-store.js';

/** A file that is not a complete, unaltered export: refused whole, before anything is written. */
export class ExportFileError extends Error {
  override name = 'ExportFileError';
}

const NEWLINE = 10;

/** The file's bytes, gunzipped when it starts with gzip's magic bytes (whatever its name). */
export async function* fileChunks(path: string): AsyncGenerator<Buffer> {
  const head = Buffer.alloc(2);
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new ExportFileError(`${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  try {
    yield* (gzipped ? file.pipe(createGunzip()) : file) as AsyncIterable<Buffer>;
  } catch (error) {
    throw new ExportFileError(`${path}: ${gzipped ? 'not a complete gzip file' : 'cannot be read'} (${(error as Error).message})`);
  } finally {
    file.destroy();
  }
}

/**
 * The SHA-256 of an export as its bytes pass, and its trailer: every byte is hashed but the last
 * line's, held back until a later byte shows it is not the last. `lines` counts the newlines seen.
 */
export class ExportDigest {
  private readonly hash = createHash('sha256');
  /** From the start of the last complete line on (or everything, before the first newline). */
  private held: Buffer = Buffer.alloc(0);
  lines = 0;

  update(chunk: Buffer): void {
    if (chunk.length === 0) return;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) this.lines += 1;
    const buffer = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    const last = buffer.lastIndexOf(NEWLINE);
    if (last < 0) {
      this.held = buffer;
      return;
    }
    // (lastIndexOf counts a negative offset from the end: a newline at 0 has no line before it.)
    const lastLineStart = last === 0 ? 0 : buffer.lastIndexOf(NEWLINE, last - 1) + 1;
    this.hash.update(buffer.subarray(0, lastLineStart));
    this.held = Buffer.from(buffer.subarray(lastLineStart));
  }

  /** The trailer, once it is the whole last line and the hash of what came before matches it. */
  trailer(): ExportTrailer {
    if (this.held.length === 0) throw new ExportFileError('empty, not an export');
    if (this.held.at(-1) !== NEWLINE) throw new ExportFileError('it ends in the middle of a line: truncated');
    let line: ExportLine;
    try {
      line = parseExportLine(this.held.toString('utf8', 0, this.held.length - 1));
    } catch {
      throw new ExportFileError('no trailer at the end: truncated');
    }
    if (line.kind !== 'trailer') throw new ExportFileError('no trailer at the end: truncated');
    if (line.trailer.sha256 !== this.hash.digest('hex')) {
      throw new ExportFileError("its content does not match the trailer's SHA-256: altered or damaged");
    }
    return line.trailer;
  }
}

/** Hands every chunk to `digest` on its way through. */
export async function* digested(chunks: AsyncIterable<Buffer>, digest: ExportDigest): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    digest.update(chunk);
    yield chunk;
  }
}

/** The lines of an export, without their newlines; a last line without one is left out (the digest refuses it). */
export async function* exportLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let tail: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const buffer = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
      yield buffer.toString('utf8', start, end);
      start = end + 1;
    }
    tail = Buffer.from(buffer.subarray(start));
  }
}

export interface CheckedExport {
  readonly path: string;
  readonly trailer: ExportTrailer;
}

/**
 * Reads every file through once: each must end with its trailer, whose hash and counts match what
 * came before it; the events must run from sequence 1 through the files without a gap or a
 * doubling, each valid for this version's event catalogue, followed by well-formed photo lines.
 * `progress` hears the events read so far.
 */
export async function checkExportFiles(paths: readonly string[], progress: (events: number) => void = () => {}): Promise<CheckedExport[]> {
  if (paths.length === 0) throw new ExportFileError('no export file given');
  const checked: CheckedExport[] = [];
  let expected = 1;
  for (const path of paths) {
    const digest = new ExportDigest();
    let number = 0;
    let previous: string | null = null;
    let events = 0;
    let photos = 0;
    const fail = (message: string, line = number): never => {
      throw new ExportFileError(`${path}: line ${line}: ${message}`);
    };
    for await (const text of exportLines(digested(fileChunks(path), digest))) {
      number += 1;
      if (previous === null) {
        previous = text;
        continue;
      }
      const line = readLine(previous, fail, number - 1);
      previous = text;
      if (line.kind === 'trailer') fail('a trailer before the end of the file', number - 1);
      if (line.kind === 'photo') {
        checkPhoto(line, fail, number - 1);
        photos += 1;
        continue;
      }
      if (line.kind !== 'event') continue;
      if (photos > 0) fail('an event after the photos', number - 1);
      if (line.sequence !== expected) {
        fail(
          expected === 1 && events === 0 && checked.length === 0
            ? `the first event has sequence ${line.sequence}: give the files of an export in order, from the one that starts at 1`
            : `sequence ${line.sequence} where ${expected} was expected`,
          number - 1,
        );
      }
      try {
        parseEvent(line.event);
      } catch (error) {
        fail((error as Error).message, number - 1);
      }
      expected += 1;
      events += 1;
      if (events % 10_000 === 0) progress(expected - 1);
    }
    // The last line, held back above, must be the trailer.
    let trailer: ExportTrailer;
    try {
      trailer = digest.trailer();
    } catch (error) {
      throw new ExportFileError(`${path}: ${(error as Error).message}`);
    }
    if (trailer.count !== events || trailer.photos !== photos) {
      throw new ExportFileError(`${path}: the trailer counts ${trailer.count} events and ${trailer.photos} photos, the file holds ${events} and ${photos}`);
    }
    if (trailer.through - trailer.since + 1 !== events || (events > 0 && trailer.through !== expected - 1)) {
      throw new ExportFileError(`${path}: the trailer's range ${trailer.since}..${trailer.through} does not match its events`);
    }
    if (events === 0 && trailer.since !== expected) {
      throw new ExportFileError(`${path}: starts at ${trailer.since} where ${expected} was expected: give the files of an export in order`);
    }
    checked.push({ path, trailer });
    progress(expected - 1);
  }
  return checked;
}

function readLine(text: string, fail: (message: string, line?: number) => never, number: number): ExportLine {
  try {
    return parseExportLine(text);
  } catch (error) {
    return fail(`${(error as Error).message}`, number);
  }
}

function checkPhoto(line: Extract<ExportLine, { kind: 'photo' }>, fail: (message: string, line?: number) => never, number: number): void {
  try {
    checkPhotoPut(line.photo.photo, line.photo.contentType);
  } catch (error) {
    fail((error as Error).message, number);
  }
}
