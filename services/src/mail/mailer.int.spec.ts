import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js';
import { type Mailer, smtpMailer } from './mailer.js';

describe('the SMTP mailer (loopback smtp-server)', () => {
  let smtp: SmtpReceiver;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    mailer = smtpMailer({ smtpUrl: smtp.url, from: 'Silverboard <noreply@silverboard.test>' });
  });

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
  });

  it('sends mail after mail over one connection, without waiting out the greeting delay each time', async () => {
    const started = performance.now();
    for (const n of [1, 2, 3, 4, 5]) await mailer.send({ to: `staff-${n}@silverboard.test`, subject: `Mail ${n}`, text: `Body ${n}` });
    const elapsed = performance.now() - started;

    expect(smtp.mails.map((mail) => mail.to)).toEqual([1, 2, 3, 4, 5].map((n) => [`staff-${n}@silverboard.test`]));
    expect(smtp.mails[0]!.from).toBe('noreply@silverboard.test');
    expect(smtp.connections()).toBe(1);
    // smtp-server holds each greeting 100 ms: five connections took 550 ms, one takes the first hold only.
    expect(elapsed).toBeLessThan(400);
  });
});
