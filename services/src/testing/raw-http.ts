import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends bytes as they are to a server (no client library fixes them up: a missing Host, both
 * Content-Length and Transfer-Encoding, broken chunks) and reads the first answer. Resolves once
 * a whole answer arrived or the server closed; null if nothing came back within `timeoutMs`.
 */
export function sendRaw(base: string, bytes: string | Buffer, timeoutMs = 5_000): Promise<RawAnswer | null> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(received));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (isComplete(received)) finish();
    });
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer (the server closed with our bytes unread) still leaves the answer.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish();
      else if (!done) reject(error);
    });
    socket.write(bytes);
  });
}

function headEnd(received: Buffer): number {
  return received.indexOf('\r\n\r\n');
}

function isComplete(received: Buffer): boolean {
  const end = headEnd(received);
  if (end < 0) return false;
  // An interim answer (100 Continue) is whole at its blank line.
  if (/^HTTP\/1\.[01] 1\d\d /.test(received.subarray(0, 13).toString('latin1'))) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(received.subarray(0, end).toString('latin1'))?.[1];
  return length !== undefined && received.length >= end + 4 + Number(length);
}

function parseAnswer(received: Buffer): RawAnswer | null {
  const end = headEnd(received);
  if (end < 0) return null;
  const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = headers['content-length'];
  const body = received.subarray(end + 4, length === undefined ? undefined : end + 4 + Number(length)).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
