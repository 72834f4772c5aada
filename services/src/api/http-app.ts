import type { NestExpressApplication } from '@nestjs/platform-express';
import { compressResponses } from './compression.js';
import { serveWebApp } from './web-app.js';

export interface HttpAppOptions {
  /** Where the built web app is (default `webDistDir()`); null serves the API alone. */
  readonly webDir?: string | null;
}

/**
 * What an HTTP role puts in front of the API routes: no `x-powered-by`, the client address from a
 * proxy on the same host, compression, and the built web app. Call before `init()` / `listen()`,
 * so the middleware runs ahead of the routes. Returns whether the web app was found.
 */
export function configureHttpApp(app: NestExpressApplication, options: HttpAppOptions = {}): boolean {
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(compressResponses());
  if (options.webDir === null) return false;
  return serveWebApp(app.getHttpAdapter().getInstance(), options.webDir);
}
