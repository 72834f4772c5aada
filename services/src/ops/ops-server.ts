import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../metrics/metrics.js';
import { LIVENESS, type ReadinessReport } from './readiness.service.js';

export interface OpsServerOptions {
  readonly host: string;
  readonly port: number;
  readonly metrics: Metrics;
  readonly readiness: () => Promise<ReadinessReport>;
}

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0 in tests). */
  readonly port: number;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function send(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  // Probes and scrapes are about now: nothing in between may keep an answer.
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(body);
}

function sendError(response: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>): void {
  send(response, status, JSON_TYPE, JSON.stringify({ error: { code, message } }), headers);
}

/**
 * The ops listener: a plain HTTP server of its own for Prometheus and the orchestrator, apart from
 * the public port (XSD_METRICS_HOST:XSD_METRICS_PORT, 127.0.0.1:9464 by default).
 * GET /metrics, /livez and /readyz; any other path is a 404 and any other method a 405, in the
 * JSON error shape.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const routes: Record<string, (response: ServerResponse) => Promise<void>> = {
    '/metrics': async (response) => send(response, 200, options.metrics.contentType, await options.metrics.scrape()),
    '/livez': async (response) => send(response, 200, JSON_TYPE, JSON.stringify(LIVENESS)),
    '/readyz': async (response) => {
      const report = await options.readiness();
      send(response, report.status === 'ready' ? 200 : 503, JSON_TYPE, JSON.stringify(report));
    },
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const route = routes[path];
    if (route === undefined) {
      return sendError(response, 404, 'not_found', 'The ops listener serves GET /metrics, /livez and /readyz.');
    }
    if (request.method !== 'GET') {
      return sendError(response, 405, 'method_not_allowed', `${path} takes GET only.`, { allow: 'GET' });
    }
    await route(response);
  };
  const server: Server = createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      sendError(response, 500, 'internal', `The ops listener could not answer: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${options.host}:${options.port}`;
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `the ops listener cannot listen on ${where}: the port is in use (EADDRINUSE). Set XSD_METRICS_PORT to a free port, or 0 to turn it off`
            : `the ops listener cannot listen on ${where} (XSD_METRICS_HOST, XSD_METRICS_PORT): ${error.message}`,
        ),
      );
    });
    server.listen(options.port, options.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection alive between scrapes: the stop does not wait for it.
        server.closeAllConnections();
      }),
  };
}
