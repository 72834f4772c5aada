import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { contactSubmissionSubject, InvalidEventError } from '@xsd/contracts';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_PHOTO_MAX_BYTES,
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  CONTACT_REPLY_REQUIRED_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_TOO_MANY_FILES_MESSAGE,
  CONTACT_TOO_MANY_MESSAGE,
  type ContactSubmission,
  type ContactSubmissionListResponse,
  type ContactSubmissionResponse,
} from '@xsd/contracts/api/contact';
import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderPhotoStore } from '../uploads/folder-photo-store.js';
import { PHOTO_STORE, type PhotoStore } from '../uploads/photo-store.js';
import { LiveStreamService } from '../live/live-stream.service.js';
import { waitFor } from '../testing/wait-for.js';
import { CONTACT_FLOOD_LIMIT } from './contact-flood.js';
import { ContactService } from './contact.service.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const FORM = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Bug Report', message: 'The chart is blank.' };

/** Fills a multipart request with the form's fields and, optionally, files. */
function multipart(test: request.Test, fields: Record<string, string>, files: { field?: string; bytes: Buffer; name: string; type: string }[] = []) {
  for (const [name, value] of Object.entries(fields)) void test.field(name, value);
  for (const file of files) void test.attach(file.field ?? 'photo', file.bytes, { filename: file.name, contentType: file.type });
  return test;
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('contact form and submissions on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let photos: PhotoStore;
  let auth: Record<string, string>;
  let rootId: string;
  let client = 0;
  const now = T0;

  /** Each submission from its own address (trusted proxy), so the flood limit stays out of the way. */
  const submit = (fields: Record<string, string>, files: Parameters<typeof multipart>[2] = [], from = `10.0.0.${++client}`) =>
    multipart(api.http().post('/api/contact').set('X-Forwarded-For', from), fields, files);
  const list = async () => ((await api.http().get('/api/admin/contact-submissions').set(auth).expect(200)).body as ContactSubmissionListResponse).items;
  /** Photos on disk: the test app's deployment is embedded-style (no NATS_URL), so a scratch folder. */
  const storedPhotos = async () => {
    const { root } = photos as FolderPhotoStore;
    return readdir(join(root, 'contact_photos')).catch(() => []);
  };

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now), http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] } });
    photos = api.app.get(PHOTO_STORE);
    expect(photos).toBeInstanceOf(FolderPhotoStore);
    const { token, user } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    rootId = user.id;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  describe('given a visitor sends the form with a PNG', () => {
    let item: ContactSubmission;

    beforeAll(async () => {
      const { body } = await submit({ ...FORM, phone: '' }, [{ bytes: PNG, name: 'shot.png', type: 'image/png' }]).expect(201);
      item = (await list()).find((row) => row.id === body.id) as ContactSubmission;
    });

    it('then staff see it as new, phone null, with the staff-only photo route', () => {
      expect(item).toEqual({
        id: item.id,
        ...FORM,
        phone: null,
        photo_url: `/api/admin/contact-submissions/${item.id}/photo`,
        status: 'new',
        created_at: new Date(T0).toISOString(),
        admin_reply: null,
        replied_at: null,
        replied_by: null,
      });
    });

    it('then the photo is served to staff as it was sent, and to nobody else', async () => {
      const response = await api.http().get(item.photo_url as string).set(auth).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
      expect(Buffer.compare(response.body as Buffer, PNG)).toBe(0);
      await api.http().get(item.photo_url as string).expect(401);
    });

    it('then the bell counts it, and the overview card too', async () => {
      expect((await api.http().get('/api/admin/contact-submissions/new-count').set(auth).expect(200)).body).toEqual({ count: 1 });
      const overview = (await api.http().get('/api/admin/overview').set(auth).expect(200)).body as AdminOverviewResponse;
      expect(overview.contact_submissions).toEqual({ total: 1, new: 1 });
    });

    it('when staff open it, reply and archive it, then each step shows and the reply records who and when', async () => {
      const patch = (body: unknown) => api.http().patch(`/api/admin/contact-submissions/${item.id}`).set(auth).send(body);
      expect(((await patch({ status: 'read' }).expect(200)).body as ContactSubmissionResponse).item.status).toBe('read');
      expect((await patch({ admin_reply: '   ' }).expect(400)).body.error.message).toBe(CONTACT_REPLY_REQUIRED_MESSAGE);
      const replied = ((await patch({ admin_reply: ' Fixed, thanks! ' }).expect(200)).body as ContactSubmissionResponse).item;
      expect(replied).toMatchObject({ status: 'replied', admin_reply: 'Fixed, thanks!', replied_at: new Date(T0).toISOString(), replied_by: rootId });
      expect(((await patch({ status: 'archived' }).expect(200)).body as ContactSubmissionResponse).item.status).toBe('archived');
      expect((await patch({ admin_reply: 'again' }).expect(409)).body.error.code).toBe('contact_submission_archived');
      const events = await pipeline.log.readSubject(contactSubmissionSubject(item.id));
      expect(events.map((e) => e.event.type)).toEqual(['contact.submitted', 'contact.status-changed', 'contact.replied', 'contact.status-changed']);
      expect(events[0].event.actor).toEqual({ kind: 'visitor', id: null });
    });

    it('when staff delete it, then the row and the photo are gone', async () => {
      const key = (await pipeline.db.selectFrom('contact_submissions').select('photo_url').where('id', '=', item.id).executeTakeFirstOrThrow()).photo_url as string;
      expect(await photos.get(key)).not.toBeNull();
      expect((await api.http().delete(`/api/admin/contact-submissions/${item.id}`).set(auth).expect(200)).body).toEqual({ deleted: item.id });
      expect(await photos.get(key)).toBeNull();
      await api.http().get(`/api/admin/contact-submissions/${item.id}/photo`).set(auth).expect(404);
      await api.http().delete(`/api/admin/contact-submissions/${item.id}`).set(auth).expect(404);
    });
  });

  describe('given uploads that must be refused, then nothing is stored', () => {
    it.each([
      ['text claiming to be a PNG', { bytes: Buffer.from('definitely not a png'), name: 'fake.png', type: 'image/png' }, 400, CONTACT_PHOTO_TYPE_MESSAGE],
      ['an SVG', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'a.svg', type: 'image/svg+xml' }, 400, CONTACT_PHOTO_TYPE_MESSAGE],
      ['a 6 MB image', { bytes: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), name: 'big.png', type: 'image/png' }, 413, CONTACT_PHOTO_TOO_LARGE_MESSAGE],
    ])('%s', async (_label, file, status, message) => {
      const [rowsBefore, photosBefore] = [await list(), await storedPhotos()];
      const response = await submit(FORM, [file]).expect(status);
      expect(response.body).toEqual({ error: { code: expect.any(String), message } });
      expect(await list()).toEqual(rowsBefore);
      expect(await storedPhotos()).toEqual(photosBefore);
    });

    it('a photo of exactly the limit is taken', async () => {
      await submit(FORM, [{ bytes: Buffer.concat([PNG, Buffer.alloc(CONTACT_PHOTO_MAX_BYTES - PNG.length)]), name: 'edge.png', type: 'image/png' }]).expect(201);
    });

    it('two files', async () => {
      const two = [
        { bytes: PNG, name: 'a.png', type: 'image/png' },
        { bytes: PNG, name: 'b.png', type: 'image/png' },
      ];
      expect((await submit(FORM, two).expect(400)).body.error.message).toBe(CONTACT_TOO_MANY_FILES_MESSAGE);
    });

    it.each([
      [{ ...FORM, name: ' ' }, CONTACT_REQUIRED_MESSAGE],
      [{ ...FORM, subject: '' }, CONTACT_REQUIRED_MESSAGE],
      [{ ...FORM, email: 'ada@example' }, CONTACT_EMAIL_MESSAGE],
    ])('the fields %j', async (fields, message) => {
      expect((await submit(fields).expect(400)).body.error.message).toBe(message);
    });

    it('a JSON body', async () => {
      expect((await api.http().post('/api/contact').send(FORM).expect(415)).body.error.code).toBe('unsupported_media_type');
    });
  });

  it('given one client sends a flood, then past the limit it gets 429 in the JSON error shape', async () => {
    const from = '10.9.9.9';
    for (let sent = 0; sent < CONTACT_FLOOD_LIMIT.limit; sent += 1) await submit(FORM, [], from).expect(201);
    const response = await submit(FORM, [], from).expect(429);
    expect(response.body).toEqual({ error: { code: 'too_many_requests', message: CONTACT_TOO_MANY_MESSAGE } });
    await submit(FORM, [], '10.9.9.10').expect(201);
  });

  it('given the event cannot be recorded, then the photo stored for it is removed', async () => {
    const before = await storedPhotos();
    // NUL passes the form's schema but no event may hold it (PostgreSQL cannot store it).
    const form = { ...FORM, subject: 'Other' as const, phone: null, message: 'broken\u0000text' };
    await expect(api.app.get(ContactService).submit(form, new Uint8Array(PNG), null)).rejects.toBeInstanceOf(InvalidEventError);
    expect(await storedPhotos()).toEqual(before);
  });

  it('given a submission, then the live stream says contact, naming nothing', async () => {
    const received: StreamEvent[] = [];
    const subscription = api.app.get(LiveStreamService).messages$.subscribe((message) => received.push(message));
    try {
      await submit(FORM).expect(201);
      await waitFor(() => received.some((message) => message.type === 'contact'), { timeoutMs: 10_000, message: 'a contact message' });
      expect(received.find((message) => message.type === 'contact')).toEqual({ type: 'contact', data: {} });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('given a calendar manager, then every contact route is forbidden, the photo included; an admin may use them', async () => {
    const { id } = (await submit(FORM, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]).expect(201)).body as { id: string };
    const headersOf = async (email: string, role: 'admin' | 'calendar_access') => {
      const created = (await api.http().post('/api/admin/users').set(auth).send({ email, role }).expect(201)).body as CreateStaffAccountResponse;
      return { Authorization: `Bearer ${(await api.login(email, created.password)).token}` };
    };
    const calls = (headers: Record<string, string>) => [
      api.http().get('/api/admin/contact-submissions').set(headers),
      api.http().get('/api/admin/contact-submissions/new-count').set(headers),
      api.http().get(`/api/admin/contact-submissions/${id}/photo`).set(headers),
      api.http().patch(`/api/admin/contact-submissions/${id}`).set(headers).send({ status: 'read' }),
      api.http().delete(`/api/admin/contact-submissions/${id}`).set(headers),
    ];
    const manager = await headersOf(`calendar-${kind}@silverboard.test`, 'calendar_access');
    for (const call of calls(manager)) expect((await call).status).toBe(403);
    const admin = await headersOf(`admin-${kind}@silverboard.test`, 'admin');
    for (const call of calls(admin)) expect((await call).status).toBe(200);
  });

  it('refuses the staff routes without a session, and an unknown id as not found', async () => {
    await api.http().get('/api/admin/contact-submissions').expect(401);
    await api.http().patch('/api/admin/contact-submissions/nope').set(auth).send({ status: 'read' }).expect(404);
  });
});
