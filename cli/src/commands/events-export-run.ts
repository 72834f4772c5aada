import type { FileHandle } from 'node:fs/promises';
import { open, rm } from 'node:fs/promises';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Command } from 'commander';
import { EVENT_EXPORT_CONTENT_TYPE, EVENT_EXPORT_PATH, EVENT_EXPORT_THROUGH_HEADER } from '@xsd/contracts/api/event-export';
import { type ApiClient, ApiRequestError, unreachable } from '../api/api-client.js';
import { CliError, UsageError } from '../cli-error.js';
import { writeLine } from '../output/output-mode.js';
import { count, progressLine } from '../output/progress-line.js';
import { apiUrlOf, explainStaffError, staffApi } from './context.js';

export interface ExportOptions {
  readonly since?: string;
  readonly out?: string;
}

/** A server that sends nothing for this long has stopped: the export fails rather than hang. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * `xsd events export`: the API's export streamed to a new file (0600, created before anything is
 * written; gzipped for a .gz name) or to stdout, its trailer checked at the end; a file whose
 * export failed is removed. A progress line on a terminal's stderr.
 */
export async function runExport(options: ExportOptions, command: Command): Promise<void> {
  const since = options.since === undefined ? 1 : parseSince(options.since);
  if (options.out === undefined && process.stdout.isTTY) {
    throw new UsageError('The export is not for a terminal: give --out FILE, or redirect stdout to a file.');
  }
  const file = options.out === undefined ? null : await createOutput(options.out);
  try {
    const { api } = await staffApi(command);
    const response = await requestExport(api, since, apiUrlOf(command));
    const through = Number(response.headers[EVENT_EXPORT_THROUGH_HEADER]);
    const total = Math.max(0, through - since + 1);
    const { ExportDigest } = await import('@xsd/services/backup/export-file');
    const digest = new ExportDigest();
    const progress = progressLine();
    async function* counted(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        digest.update(chunk);
        progress.update(`exporting: ${count(Math.min(digest.lines, total))} of ${count(total)} events`);
        yield chunk;
      }
    }
    const target = file ? file.createWriteStream() : stdoutKeptOpen();
    try {
      await (options.out?.endsWith('.gz')
        ? pipeline(response, counted, createGzip(), target)
        : pipeline(response, counted, target));
    } catch (error) {
      if (response.errored || !response.complete) throw new CliError(`The export from ${api.baseUrl} broke off: ${(error as Error).message}`);
      throw error;
    } finally {
      progress.done();
    }
    let trailer;
    try {
      trailer = digest.trailer();
    } catch (error) {
      throw new CliError(`The export from ${api.baseUrl} is incomplete (${(error as Error).message}); run it again.`);
    }
    if (options.out !== undefined) {
      writeLine(
        `exported events ${trailer.since}..${trailer.through} (${count(trailer.count)} events, ${count(trailer.photos)} photo(s)) to ${options.out}; ` +
          `continue it later with --since ${trailer.through + 1} into a new file`,
      );
    }
  } catch (error) {
    if (file) await rm(options.out!, { force: true });
    throw error;
  }
}

function parseSince(text: string): number {
  const since = /^[1-9][0-9]*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(since)) throw new UsageError(`--since must be a whole number of at least 1 (an event sequence), got '${text}'`);
  return since;
}

/** The new file, mode 0600 from its creation: the export holds password and key hashes. */
async function createOutput(path: string): Promise<FileHandle> {
  try {
    const handle = await open(path, 'wx', 0o600);
    await handle.chmod(0o600); // whatever the umask
    return handle;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UsageError(`${path} exists: an export never overwrites a file (continue one into a new file)`);
    throw new UsageError(`Cannot create ${path}: ${(error as Error).message}`);
  }
}

/** Everything written to stdout, without ending it (the process's stdout is not ours to close). */
function stdoutKeptOpen(): Writable {
  return new Writable({
    write: (chunk, _encoding, done) => (process.stdout.write(chunk) ? done() : process.stdout.once('drain', () => done())),
  });
}

/** GET the export with the stored session; a refusal becomes the usual one line (401, 403, 400). */
function requestExport(api: ApiClient, since: number, apiUrl: string): Promise<IncomingMessage> {
  const url = api.url(`${EVENT_EXPORT_PATH}?since=${since}`);
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { headers: api.headers({ accept: EVENT_EXPORT_CONTENT_TYPE }) }, (response) => {
      if (response.statusCode === 200) return resolve(response);
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => reject(refusal(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), api.baseUrl, apiUrl)));
    });
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`nothing received for ${IDLE_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => reject(unreachable(api.baseUrl, error)));
    request.end();
  });
}

function refusal(status: number, body: string, baseUrl: string, apiUrl: string): unknown {
  const parsed = errorBody(body);
  const message = typeof parsed?.error?.message === 'string' ? parsed.error.message : `The API at ${baseUrl} answered the export with HTTP ${status}`;
  if (status === 400) return new UsageError(message);
  const code = typeof parsed?.error?.code === 'string' ? parsed.error.code : 'http_error';
  return explainStaffError(new ApiRequestError(status, code, message), apiUrl);
}

function errorBody(body: string): { error?: { code?: unknown; message?: unknown } } | null {
  try {
    return JSON.parse(body) as { error?: { code?: unknown; message?: unknown } } | null;
  } catch {
    return null; // not the JSON error shape: the status says it
  }
}
