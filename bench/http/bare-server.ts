/**
 * The reference of bench/http: a bare Fastify server that answers every GET with the headers and
 * bytes it was given, on a free port, in a process of its own (as the stack is). It reads one JSON
 * line `{ "path": { "headers": { name: value }, "body" (base64) } }` from stdin and prints its port.
 */
import Fastify from 'fastify';

const input = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
});
const routes = JSON.parse(input) as Record<string, { headers: Record<string, string>; body: string }>;
const answers = new Map(Object.entries(routes).map(([path, { headers, body }]) => [path, { headers, body: Buffer.from(body, 'base64') }]));

const server = Fastify({ logger: false });
server.get('/*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  return reply.headers(answer.headers).send(answer.body);
});
server.get('/', (_request, reply) => {
  const answer = answers.get('/')!;
  return reply.headers(answer.headers).send(answer.body);
});
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
