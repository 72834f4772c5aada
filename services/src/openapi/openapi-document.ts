import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, type OperationObject, type PathItemObject, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';

/** Tags by path: the public API, the site's own reads, and the staff routes (session required). */
const TAGS = [
  { name: 'public API v1', description: 'The public price API of /api-access: rate-limited per client, open to any origin.' },
  { name: 'prices', description: 'Latest prices, histories and silver, as the dashboard reads them.' },
  { name: 'site', description: 'News, calendar, chains, site state, health, the live stream and wallet scans.' },
  { name: 'staff', description: 'Sign-in and the admin panel: a staff session, then the permission of the role table.' },
] as const;

function tagFor(path: string): string {
  if (path.startsWith('/api/v1/')) return 'public API v1';
  if (/^\/api\/(prices|silver)\//.test(path)) return 'prices';
  if (/^\/api\/(admin|auth)(\/|$)/.test(path)) return 'staff';
  return 'site';
}

/** One-line summaries of the routes whose controllers do not give their own, and of the cached public routes. */
const SUMMARIES: Record<string, string> = {
  'GET /api/prices/latest': 'One row per token and active chain: newest price, 24 h change, chain status and supply',
  'GET /api/prices/history': 'Chart points of one token on one chain over 1 to 365 days',
  'GET /api/prices/peg': 'XSD against the silver price per gram',
  'GET /api/silver/latest': 'The silver price per gram with 24 h high, low and change',
  'GET /api/silver/history': 'Silver chart points over 1 to 365 days',
  'GET /api/news': 'Active, unexpired announcements, highest priority first',
  'GET /api/calendar/events': 'Active calendar events by start date',
  'GET /api/chains': 'Every network with its status and maintenance message',
  'GET /api/site': 'The maintenance state',
  'GET /api/health': 'Database, event log, projections (503 when one is down) and each chain: its price age, stale past two ticks, and each RPC endpoint\'s state',
  'GET /livez': 'Liveness probe: {"status":"ok"} while the process runs (also on the ops listener, XSD_METRICS_PORT)',
  'GET /readyz':
    'Readiness probe: database, event log, this process\'s projections within 30 s of the log\'s head, the latest prices read model; 503 while not ready, each check named',
  'GET /api/wallets/{address}': 'XSD and BankX balances of a wallet on every active chain',
  'GET /api/stream': 'Server-Sent Events: price, silver, news, chain and site messages',
};

const query = (name: string, description: string, required = false) => ({ name, in: 'query' as const, required, description, schema: { type: 'string' } });
const HISTORY_DAYS = query('days', 'Whole days from 1 to 365, default 1: 1 day is drawn from every reading, up to 90 days from hourly closes, longer windows from daily closes');

/** Query parameters of the routes whose controllers do not declare them. */
const PARAMETERS: Record<string, ReturnType<typeof query>[]> = {
  'GET /api/prices/history': [query('token', 'XSD or BankX', true), query('chain', 'Network name', true), HISTORY_DAYS],
  'GET /api/silver/history': [HISTORY_DAYS],
  'GET /api/prices/peg': [HISTORY_DAYS],
};

/** Routes served by Fastify itself rather than a Nest controller, so the scan cannot see them. */
const FASTIFY_ROUTES: Record<string, PathItemObject> = {
  '/version.json': {
    get: {
      tags: ['site'],
      summary: 'The version and build date of the web app (never cached)',
      responses: {
        '200': {
          description: 'The version file',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { version: { type: 'string' }, buildDate: { type: 'string', format: 'date-time' } },
                required: ['version'],
              },
            },
          },
        },
      },
    },
  },
  [OPENAPI_PATH]: {
    get: {
      tags: ['site'],
      summary: 'This document (OpenAPI 3.1)',
      responses: { '200': { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
};

/**
 * zod schemas named in `standardSchema:` become JSON Schema 2020-12, the dialect of OpenAPI 3.1
 * (the library's default converter writes OpenAPI 3.0's).
 */
function zodToJsonSchema(schema: unknown, { schemaType }: { schemaType: 'input' | 'output' }) {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: schemaType, unrepresentable: 'any' });
  return { schema: root, components: $defs ?? {} };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * The OpenAPI 3.1 document of every route, scanned from the Nest controllers of a running app
 * (the app must be initialised) plus the few Fastify serves itself. Staff routes are included
 * under the `staff` tag.
 */
export function buildOpenApiDocument(app: INestApplication, cachedRoutes: readonly string[] = []): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Silverboard API')
    .setDescription(
      'Prices of XSD and BankX on seven networks, the silver reference and the site. Every error answers ' +
        '`{ "error": { "code", "message" } }`. `/api/v1/*` allows a number of requests per minute per client ' +
        '(RateLimit-* headers; 429 with Retry-After beyond it) and every price in it carries its provenance: ' +
        'chain, price controller contract, block number, read time and age.',
    )
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config, { autoTagControllers: false, standardSchemaConverter: zodToJsonSchema });
  document.openapi = '3.1.0';
  document.tags = [...TAGS];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      if (!operation.tags?.length) operation.tags = [tagFor(path)];
      // Method decorators run bottom-up, so @ApiQuery parameters arrive in reverse: put them back in source order.
      if (operation.parameters) {
        const inQuery = (p: (typeof operation.parameters)[number]) => 'in' in p && p.in === 'query';
        operation.parameters = [...operation.parameters.filter((p) => !inQuery(p)), ...operation.parameters.filter(inQuery).reverse()];
      }
      const key = `${method.toUpperCase()} ${path}`;
      operation.summary ??= SUMMARIES[key];
      if (!operation.parameters?.length && PARAMETERS[key]) operation.parameters = PARAMETERS[key];
    }
  }
  Object.assign(document.paths, FASTIFY_ROUTES);
  for (const path of cachedRoutes) {
    document.paths[path] = { get: { tags: [tagFor(path)], summary: SUMMARIES[`GET ${path}`], responses: { '200': { description: '' } } } };
  }
  return document;
}
