import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config/config.js';

/** One plain-text mail. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Where staff mail goes out; absent (null under MAILER) when XSD_SMTP_URL is not set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export const MAILER = Symbol('MAILER');

/** Mail must not wait on a slow server for long: the sender's queue waits on it. */
const TIMEOUT_MS = 20_000;

/**
 * Nodemailer over XSD_SMTP_URL (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the
 * start). Its own logger stays off: the URL may hold the account's password.
 *
 * One pooled connection, kept between mails until the server or the socket timeout closes it: a
 * new connection a mail waits out the server's greeting delay each time (anti-spam servers hold
 * the greeting to catch early talkers; smtp-server, the tests' receiver, 100 ms), and repeats
 * TLS and the sign-in. The sender's queue sends one mail at a time anyway.
 */
export function smtpMailer(config: MailConfig): Mailer {
  const transport = createTransport(
    {
      url: config.smtpUrl,
      pool: true,
      maxConnections: 1,
      logger: false,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    },
    { from: config.from },
  );
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ to, subject, text });
    },
    close: () => transport.close(),
  };
}
