import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for.js';

/** A mail as the server received it: envelope and the raw message (headers and body). */
export interface ReceivedMail {
  readonly from: string | null;
  readonly to: readonly string[];
  readonly raw: string;
}

/**
 * The mail server's side for tests, offline: the `smtp-server` package on a free loopback port,
 * taking plain SMTP with authentication (the user and password the URL names) and keeping every
 * message. `url` is what XSD_SMTP_URL is set to.
 */
export interface SmtpReceiver {
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** Connections clients opened so far. */
  connections(): number;
  /** The first mail to `to` after `after` mails had come, waited for. */
  mailTo(to: string, options?: { readonly after?: number; readonly timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const USER = 'silverboard';
const PASSWORD = 'smtp secret 4f9';

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    // Loopback only: no certificate to offer for STARTTLS, and credentials in the clear are fine here.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server.server.address() as AddressInfo);
  return {
    url: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`,
    mails,
    connections: () => connections,
    async mailTo(to, { after = 0, timeoutMs = 10_000 } = {}) {
      const find = () => mails.slice(after).find((mail) => mail.to.includes(to));
      await waitFor(() => find() !== undefined, { timeoutMs, message: `a mail to ${to}` });
      return find()!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a mail's text (quoted-printable soft breaks undone). */
export function resetLinkIn(mail: ReceivedMail): string {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/admin\?reset=[A-Za-z0-9._-]+/.exec(body)?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${body.slice(0, 400)}`);
  return link;
}
