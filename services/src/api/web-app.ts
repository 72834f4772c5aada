import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';

/** The built React app: `web/dist` at the repo root unless XSD_WEB_DIR says otherwise. */
export function webDistDir(): string {
  return process.env.XSD_WEB_DIR ?? resolve(fileURLToPath(new URL('../../../web/dist', import.meta.url)));
}

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, index.html and
 * version.json never cached (the app polls version.json to offer updates), and every other
 * non-API path answered with index.html so client-side routes survive a reload.
 */
export function serveWebApp(server: Express, dir = webDistDir()): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  server.get('/version.json', (_request, response) => {
    response.set('Cache-Control', 'no-store');
    response.sendFile(join(dir, 'version.json'));
  });
  server.use(
    '/assets',
    express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  server.use(express.static(dir, { index: false, maxAge: '1h' }));
  server.get(/^\/(?!api\/).*/, (_request, response) => {
    response.set('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
