import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CachedBody } from '../read-cache/cached-json.js';
import { replyCached } from '../read-cache/reply-cached.js';
import type { HotRoute } from './hot-lane.js';

/** The built React app: `web/dist` at the repo root unless XSD_WEB_DIR says otherwise. */
export function webDistDir(): string {
  return process.env.XSD_WEB_DIR ?? resolve(fileURLToPath(new URL('../../../web/dist', import.meta.url)));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The version the app polls to offer updates is never stored (the spec's "no cache"). */
const NEVER_STORE = new Set(['version.json']);
/** index.html is revalidated on every load: a new version of the app must show at once. */
const REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** A file of the build answered from memory with a strong ETag, compressed once; read once, when the server starts. */
function memoryFile(dir: string, name: string, url = `/${name}`): HotRoute & { readonly body: CachedBody } {
  const body = new CachedBody(readFileSync(join(dir, name)));
  return {
    url,
    body,
    // Held: the lane answers in the request's own turn.
    answer: () => body,
    contentType: TYPES[extname(name)] ?? 'application/octet-stream',
    cacheControl: NEVER_STORE.has(name) ? 'no-store' : REVALIDATE.has(name) ? 'no-cache' : 'public, max-age=3600',
  };
}

/**
 * What the page fallback never answers: a path that is /api or /assets once its case, repeated
 * slashes and percent-encoding are set aside (`//api/admin/users`, `/API/news`, `/%61pi`), so a
 * mistyped API path is a JSON 404 and never the app's HTML with a 200.
 */
const NOT_THE_APP = /^\/(api|assets)(?![\w-])/;

function normalisedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // not valid percent-encoding: judged as it came
  }
  return decoded.replace(/[\\/]+/g, '/').toLowerCase();
}
/** The files are compressed once (CachedBody) and GETs take no body: the compression plugin's hooks are left off. */
const FROM_MEMORY = { compress: false, decompress: false } as const;

/** Source maps stay on the build machine: the served app carries no map of its sources. */
const SOURCE_MAP = /\.map$/;

/**
 * Serves the built web app from the API's port: hashed assets cached for a year; the files at the
 * top of the build answered from memory (version.json never stored: the app polls it to offer
 * updates; index.html revalidated every time), the others cached for an hour; and every other
 * GET outside /api answered with index.html, so client-side routes survive a reload.
 */
export async function serveWebApp(fastify: FastifyInstance, dir = webDistDir()): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  const index = memoryFile(dir, 'index.html', '/');

  await fastify.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    allowedPath: (path) => !SOURCE_MAP.test(path),
  });
  // The few files at the top of the build (favicon, version.json...), and the app's page at `/`.
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'index.html' && !SOURCE_MAP.test(entry.name))
    .map((entry) => memoryFile(dir, entry.name));
  fastify.hotLane.serve(fastify, [index, ...files]);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => replyCached(request, reply, index.body, index.cacheControl, index.contentType);
  fastify.get('/*', FROM_MEMORY, (request, reply) => {
    // Unknown API paths and missing assets stay 404s in the JSON error shape.
    if (NOT_THE_APP.test(normalisedPath(request.url))) return reply.callNotFound();
    return sendIndex(request, reply);
  });
  return true;
}
