import { readdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { pushSubscriptionSubject } from '@xsd/contracts';
import type { ContactSubmission, ContactSubmissionListResponse } from '@xsd/contracts/api/contact';
import { IDEMPOTENCY_MESSAGES } from '@xsd/contracts/api/idempotency';
import { pushSubscriptionId } from '@xsd/contracts/api/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderPhotoStore } from '../uploads/folder-photo-store.js';
import { PHOTO_STORE } from '../uploads/photo-store.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { waitFor } from '../testing/wait-for.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const FORM = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Bug Report' };
const PREFERENCES = { priceAlerts: true, silverAlerts: true, calendarEvents: true, systemUpdates: true };

/** A multipart body as a browser sends it: the form's fields and, optionally, a PNG photo. */
function multipartBody(fields: Record<string, string>, photo: Buffer | null): { body: Buffer; contentType: string } {
  const boundary = '----silverboard-idempotency-test';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (photo) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('public writes with an Idempotency-Key on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let port: number;
  let photosRoot: string;
  let client = 0;

  /** Each test from its own address (trusted proxy): the flood limits stay out of the way, and keys are per address. */
  const address = () => `10.7.0.${++client}`;
  const contact = (from: string, message: string, key: string | null, photo: Buffer | null = PNG) => {
    const { body, contentType } = multipartBody({ ...FORM, message }, photo);
    const test = api.http().post('/api/contact').set('X-Forwarded-For', from).set('Content-Type', contentType);
    if (key !== null) void test.set('Idempotency-Key', key);
    return test.send(body);
  };
  const stored = async (message: string): Promise<ContactSubmission[]> =>
    ((await api.http().get('/api/admin/contact-submissions').set(auth).expect(200)).body as ContactSubmissionListResponse).items.filter(
      (item) => item.message === message,
    );
  const photoFiles = async () => readdir(join(photosRoot, 'contact_photos')).catch(() => [] as string[]);

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(T0), http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] } });
    photosRoot = (api.app.get(PHOTO_STORE) as FolderPhotoStore).root;
    const { token } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    const server = api.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  describe('the contact form', () => {
    it('given a client half-closes right after sending a photo upload, when it retries with the same key, then one submission is stored and the retry gets the first answer', async () => {
      const from = address();
      const message = `half-closed upload (${kind})`;
      const key = crypto.randomUUID();
      const photosBefore = (await photoFiles()).length;
      const { body, contentType } = multipartBody({ ...FORM, message }, PNG);
      // A raw socket: the whole request, then FIN before any answer is read.
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n` +
          `Idempotency-Key: "${key}"\r\nX-Forwarded-For: ${from}\r\nConnection: close\r\n\r\n`,
      );
      socket.end(body);
      socket.resume();
      // The server finishes the submission although nobody reads its answer.
      await waitFor(async () => (await stored(message)).length === 1, { timeoutMs: 10_000, intervalMs: 100, message: 'the first submission stored' });
      socket.destroy();

      const retry = await contact(from, message, `"${key}"`);
      expect(retry.status).toBe(201);
      const rows = await stored(message);
      expect(rows).toHaveLength(1);
      expect(retry.body).toEqual({ id: rows[0].id });
      expect(rows[0].photo_url).toBe(`/api/admin/contact-submissions/${rows[0].id}/photo`);
      // One photo for the one submission: the retry left no second copy behind.
      expect((await photoFiles()).length).toBe(photosBefore + 1);
    });

    it('given the same key sent twice at once, then one submission is stored and both get the same answer', async () => {
      const from = address();
      const message = `twice at once (${kind})`;
      const key = crypto.randomUUID();
      const [first, second] = await Promise.all([contact(from, message, key), contact(from, message, key)]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body).toEqual(first.body);
      expect((await stored(message)).map((row) => row.id)).toEqual([(first.body as { id: string }).id]);
    });

    it('given the same key with another body, then 422 in the JSON error shape and nothing new is stored', async () => {
      const from = address();
      const message = `reused key (${kind})`;
      const key = crypto.randomUUID();
      await contact(from, message, key).expect(201);
      const photos = (await photoFiles()).length;
      for (const [text, photo] of [[`${message}, edited`, PNG], [message, null], [message, Buffer.concat([PNG, Buffer.from([1])])]] as const) {
        const response = await contact(from, text, key, photo).expect(422);
        expect(response.body).toEqual({ error: { code: 'idempotency_key_reused', message: IDEMPOTENCY_MESSAGES.reused } });
      }
      expect(await stored(message)).toHaveLength(1);
      expect(await stored(`${message}, edited`)).toHaveLength(0);
      expect((await photoFiles()).length).toBe(photos);
    });

    it.each([
      ['empty', ''],
      ['too long', 'k'.repeat(256)],
      ['a control character', 'abc\tdef'],
      ['not ASCII', 'clé-1'],
    ])('given a key that is %s, then 400 in the JSON error shape and nothing is stored', async (_label, key) => {
      const message = `bad key ${_label} (${kind})`;
      const response = await contact(address(), message, null).set('Idempotency-Key', key).expect(400);
      expect(response.body).toEqual({ error: { code: 'invalid_idempotency_key', message: IDEMPOTENCY_MESSAGES.invalid } });
      expect(await stored(message)).toHaveLength(0);
    });

    it('given a key of 255 printable characters, then it is taken', async () => {
      await contact(address(), `long key (${kind})`, '~'.repeat(255), null).expect(201);
    });

    it('given no key, then each request is a new submission, as before', async () => {
      const from = address();
      const message = `no key (${kind})`;
      const first = await contact(from, message, null, null).expect(201);
      const second = await contact(from, message, null, null).expect(201);
      expect(second.body).not.toEqual(first.body);
      expect(await stored(message)).toHaveLength(2);
    });

    it('given two clients send the same key, then each gets its own submission', async () => {
      const key = 'shared-key-1';
      const message = `two clients (${kind})`;
      const first = await contact(address(), message, key).expect(201);
      const second = await contact(address(), message, key).expect(201);
      expect(second.body).not.toEqual(first.body);
      expect(await stored(message)).toHaveLength(2);
    });
  });

  describe('push subscriptions', () => {
    let endpoints = 0;
    const subscription = () => ({ endpoint: `https://push.example.test/idem/${kind}/${++endpoints}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } });
    const save = (from: string, body: object, key: string | null) => {
      const test = api.http().post('/api/push/subscriptions').set('X-Forwarded-For', from);
      if (key !== null) void test.set('Idempotency-Key', key);
      return test.send(body);
    };
    const savedEvents = async (endpoint: string) =>
      (await pipeline.log.readSubject(pushSubscriptionSubject(pushSubscriptionId(endpoint)))).filter((stored) => stored.event.type === 'push.subscription-saved');

    it('given a save retried with the same key, then one event is stored and the retry answers the same', async () => {
      const from = address();
      const body = { subscription: subscription(), preferences: PREFERENCES };
      const key = crypto.randomUUID();
      const first = await save(from, body, key).expect(200);
      const retry = await save(from, body, key).expect(200);
      expect(retry.body).toEqual(first.body);
      expect(await savedEvents(body.subscription.endpoint)).toHaveLength(1);
    });

    it('given a later change, then a late retry of the first save does not undo it', async () => {
      const from = address();
      const body = { subscription: subscription(), preferences: PREFERENCES };
      const key = crypto.randomUUID();
      await save(from, body, key).expect(200);
      await save(from, { ...body, preferences: { ...PREFERENCES, systemUpdates: false } }, crypto.randomUUID()).expect(200);
      await save(from, body, key).expect(200);
      const events = await savedEvents(body.subscription.endpoint);
      expect(events).toHaveLength(2);
      const row = await pipeline.db.selectFrom('notification_subscriptions').select('system_updates').where('endpoint', '=', body.subscription.endpoint).executeTakeFirstOrThrow();
      expect(row.system_updates).toBe(false);
    });

    it('given the same key with another body, then 422 in the JSON error shape; a bad key is 400', async () => {
      const from = address();
      const body = { subscription: subscription(), preferences: PREFERENCES };
      const key = crypto.randomUUID();
      await save(from, body, key).expect(200);
      const reused = await save(from, { ...body, preferences: { ...PREFERENCES, priceAlerts: false } }, key).expect(422);
      expect(reused.body).toEqual({ error: { code: 'idempotency_key_reused', message: IDEMPOTENCY_MESSAGES.reused } });
      const bad = await save(from, body, 'x'.repeat(256)).expect(400);
      expect(bad.body).toEqual({ error: { code: 'invalid_idempotency_key', message: IDEMPOTENCY_MESSAGES.invalid } });
      expect(await savedEvents(body.subscription.endpoint)).toHaveLength(1);
    });

    it('given two clients use the same key on one endpoint, then their keys do not meet', async () => {
      const body = { subscription: subscription(), preferences: PREFERENCES };
      await save(address(), body, 'same-key').expect(200);
      // Another client, another body, the same key: not a reuse of the first client's key.
      await save(address(), { ...body, preferences: { ...PREFERENCES, calendarEvents: false } }, 'same-key').expect(200);
      expect(await savedEvents(body.subscription.endpoint)).toHaveLength(2);
    });
  });
});
