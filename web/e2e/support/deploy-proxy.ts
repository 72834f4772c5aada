import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP front for a running stack that can stand in for a new deploy: every request
 * goes through to the stack unchanged, except the files the test has "deployed" anew, whose
 * body it rewrites (the stack's own headers kept). The browser keeps one origin throughout, so its
 * service worker sees a new `/sw.js` as it would after a real deploy. (The stack reads its build
 * once at start, and Chromium never lets a test intercept the worker's own script fetch.)
 */
export interface DeployProxy {
  /** http://127.0.0.1:<port> to open in the browser. */
  readonly url: string;
  /** From now on, answer `path` with the stack's response to it, its body rewritten. */
  deploy(path: string, rewrite: (body: string) => string): void;
  /** Back to the stack's own build. */
  reset(): void;
  close(): Promise<void>;
}

export async function startDeployProxy(target: string): Promise<DeployProxy> {
  const upstream = new URL(target);
  const rewrites = new Map<string, (body: string) => string>();

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const outgoing = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const rewrite = rewrites.get(new URL(req.url ?? '/', 'http://proxy').pathname);
        if (!rewrite || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')), 'utf8');
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers.etag;
          res.writeHead(200, headers);
          res.end(body);
        });
      },
    );
    outgoing.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(outgoing);
  };

  const server = createServer((req, res) => {
    // A deployed file is never answered 304 from the old build's ETag, and comes as plain text to rewrite.
    if (rewrites.has(new URL(req.url ?? '/', 'http://proxy').pathname)) {
      delete req.headers['if-none-match'];
      delete req.headers['accept-encoding'];
    }
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: (path, rewrite) => void rewrites.set(path, rewrite),
    reset: () => rewrites.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
