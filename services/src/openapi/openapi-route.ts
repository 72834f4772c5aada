import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { CachedJson } from '../read-cache/cached-json.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi-document.js';

/**
 * GET /api/openapi.json, written once on the first request (the routes are known only once the
 * app is initialised) and then answered from memory with an ETag. No documentation UI is
 * served: swagger-ui's inline scripts break the content security policy. `cachedRoutes` are the
 * GET routes served from memory past Nest (see HotLane), which Nest's scan cannot see.
 */
export function registerOpenApiRoute(app: NestFastifyApplication, cachedRoutes: readonly string[]): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  let document: CachedJson | null = null;
  fastify.get(OPENAPI_PATH, async (request, reply) => {
    document ??= new CachedJson(buildOpenApiDocument(app, cachedRoutes));
    return replyCached(request, reply, document, CACHE_CONTROL.revalidate);
  });
}
