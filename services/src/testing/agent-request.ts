import { type Agent, request } from 'node:http';

export interface AgentAnswer {
  readonly status: number;
  readonly body: string;
  readonly cookies: readonly string[];
}

/**
 * One request to a server on loopback over `agent`: a keep-alive agent keeps the client's
 * connection (and the source address it binds, if any) from one request to the next, as a browser
 * or a flood's caller would. A JSON body is sent with its content type.
 */
export function requestOver(
  port: number,
  agent: Agent,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<AgentAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), cookies: res.headers['set-cookie'] ?? [] }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
