import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnyEvent, createEvent } from '@xsd/contracts';
import { CONTACT_SUBJECTS } from '@xsd/contracts/api/contact';
import { parseExportLine } from '@xsd/contracts/api/event-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/config.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { openDatabase } from '../database/database.js';
import { EmbeddedEventLog } from '../event-log/embedded/embedded-event-log.js';
import type { StoredEvent } from '../event-log/event-log.js';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { priceTicks } from '../testing/price-ticks.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { seedPgliteDataDir } from '../testing/test-database.js';
import { openPhotoStore, photoFolder } from '../uploads/open-photo-store.js';
import { PHOTO_STORE, type PhotoStore } from '../uploads/photo-store.js';
import { importEvents } from './event-import.js';
import { ExportFileError } from './export-file.js';

const PHOTO_KEY = 'contact_photos/backupphoto_1764000000000.png';
const PHOTO = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

/** The events of a log from 1 through `through` (or its end), as the log hands them out. */
async function logEvents(log: { read(from: number, limit: number): Promise<StoredEvent[]> }, through: number): Promise<AnyEvent[]> {
  const events: AnyEvent[] = [];
  for (;;) {
    const page = events.length < through ? await log.read(events.length + 1, through - events.length) : [];
    if (page.length === 0) return events;
    events.push(...page.map((stored) => stored.event));
  }
}

/** Compares as JSON values: the embedded log's jsonb orders keys its own way. */
const normalized = (events: readonly object[]) => events.map((event) => JSON.parse(JSON.stringify(event, Object.keys(flatKeys(event)).sort())));
function flatKeys(value: unknown, keys: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) (keys[key] = true), flatKeys(inner, keys);
  return keys;
}

describe('backup and restore of the event log (JetStream source, embedded and JetStream targets)', () => {
  let source: Pipeline;
  let api: StaffTestApp;
  let token: string;
  let work: string;

  async function exportBody(since?: number): Promise<{ status: number; text: string; headers: Record<string, string> }> {
    const response = await api
      .http()
      .get(`/api/admin/events/export${since === undefined ? '' : `?since=${since}`}`)
      .set({ Authorization: `Bearer ${token}` })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
    return { status: response.status, text: response.body as string, headers: response.headers as Record<string, string> };
  }

  async function exportFile(name: string, since?: number): Promise<string> {
    const { status, text } = await exportBody(since);
    expect(status).toBe(200);
    const path = join(work, name);
    await writeFile(path, text);
    return path;
  }

  /** A fresh embedded deployment's settings (its data folder seeded with a migrated database). */
  async function embeddedTarget(): Promise<AppConfig> {
    const dataDir = await mkdtemp(join(work, 'target-'));
    await seedPgliteDataDir(dataDir);
    return { ...TEST_APP_CONFIG, dataDir };
  }

  async function targetLog<T>(config: AppConfig, read: (log: EmbeddedEventLog, db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return await read(new EmbeddedEventLog(database.db), database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'xsd-backup-'));
    source = await openPipeline('jetstream');
    api = await createStaffTestApp(source, { admin: ROOT });
    token = (await api.login(ROOT.email, ROOT.password)).token;
    const photos = api.app.get<PhotoStore>(PHOTO_STORE, { strict: false });
    await photos.put(PHOTO_KEY, PHOTO, 'image/png');
    await source.log.appendMany([
      ...priceTicks(3_000),
      createEvent(
        'contact.submitted',
        {
          submissionId: crypto.randomUUID(),
          name: 'Ada',
          email: 'ada@example.test',
          phone: null,
          subject: CONTACT_SUBJECTS[0],
          message: 'A photo of the problem',
          photoKey: PHOTO_KEY,
        },
        { actor: { kind: 'visitor', id: null }, now: new Date() },
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await source?.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  it('refuses a since that is not a sequence, or past the log, in the JSON error shape', async () => {
    const head = await source.log.lastSequence();
    for (const since of ['0', '-1', '1.5', 'abc', '', '99999999999999999999', String(head + 2)]) {
      const response = await api.http().get(`/api/admin/events/export?since=${encodeURIComponent(since)}`).set({ Authorization: `Bearer ${token}` });
      expect(response.status, since).toBe(400);
      expect(response.body).toEqual({ error: { code: 'invalid_export_query', message: expect.any(String) } });
    }
  });

  it('streams every event as stored, the photo, and a trailer whose hash and count hold', async () => {
    const head = await source.log.lastSequence();
    const { status, text, headers } = await exportBody();
    expect(status).toBe(200);
    expect(headers['x-xsd-export-through']).toBe(String(head));
    const lines = text.trimEnd().split('\n').map(parseExportLine);
    const events = lines.flatMap((line) => (line.kind === 'event' ? [line] : []));
    expect(events.map((line) => line.sequence)).toEqual(Array.from({ length: head }, (_, index) => index + 1));
    expect(events.map((line) => line.event)).toEqual(await logEvents(source.log, head));
    const photos = lines.flatMap((line) => (line.kind === 'photo' ? [line.photo] : []));
    expect(photos).toEqual([{ photo: PHOTO_KEY, contentType: 'image/png', data: PHOTO.toString('base64') }]);
    const trailer = lines.at(-1);
    const before = text.slice(0, text.trimEnd().lastIndexOf('\n') + 1);
    const { createHash } = await import('node:crypto');
    expect(trailer).toEqual({
      kind: 'trailer',
      trailer: { since: 1, through: head, count: head, photos: 1, sha256: createHash('sha256').update(before).digest('hex') },
    });
  });

  it('exports under write load exactly the log up to the head it started at: nothing lost or doubled', async () => {
    let writing = true;
    const load = (async () => {
      while (writing) await source.log.appendMany(priceTicks(200, Date.now()));
    })();
    await source.log.appendMany(priceTicks(500, Date.now()));
    const { text } = await exportBody();
    writing = false;
    await load;
    const lines = text.trimEnd().split('\n').map(parseExportLine);
    const trailer = lines.at(-1) as Extract<ReturnType<typeof parseExportLine>, { kind: 'trailer' }>;
    expect(await source.log.lastSequence()).toBeGreaterThan(trailer.trailer.through);
    const events = lines.flatMap((line) => (line.kind === 'event' ? [line.event] : []));
    expect(events).toEqual(await logEvents(source.log, trailer.trailer.through));
  });

  it('restores into a fresh embedded deployment: the same events in the same order, ids, times and actors, and the photo', async () => {
    const file = await exportFile('full.ndjson');
    const head = Number((await readFile(file, 'utf8')).trimEnd().split('\n').length - 2);
    const target = await embeddedTarget();

    const result = await importEvents(target, [file]);

    expect(result).toEqual({ events: head, skipped: 0, photos: 1 });
    const restored = await targetLog(target, (log) => logEvents(log, head + 1));
    expect(restored).toHaveLength(head);
    expect(normalized(restored)).toEqual(normalized(await logEvents(source.log, head)));
    expect(await readFile(join(photoFolder(target.dataDir), PHOTO_KEY))).toEqual(PHOTO);
  });

  it('restores a continued export from its files in order, and refuses them out of order', async () => {
    const first = await exportFile('part-1.ndjson');
    const through = JSON.parse((await readFile(first, 'utf8')).trimEnd().split('\n').at(-1)!).trailer.through as number;
    await source.log.appendMany(priceTicks(200, Date.now()));
    const second = await exportFile('part-2.ndjson', through + 1);
    const head = await source.log.lastSequence();

    const wrongOrder = await embeddedTarget();
    await expect(importEvents(wrongOrder, [second, first])).rejects.toThrow(/the first event has sequence \d+: give the files of an export in order/);

    const target = await embeddedTarget();
    expect(await importEvents(target, [first, second])).toEqual({ events: head, skipped: 0, photos: 1 });
    expect(normalized(await targetLog(target, (log) => logEvents(log, head)))).toEqual(normalized(await logEvents(source.log, head)));
  });

  it('refuses a truncated or an altered file with one line, and writes nothing', async () => {
    const file = await exportFile('intact.ndjson');
    const text = await readFile(file, 'utf8');
    const cut = join(work, 'cut.ndjson');
    await writeFile(cut, text.slice(0, Math.floor(text.length / 2)));
    const cutAtLine = join(work, 'cut-at-line.ndjson');
    await writeFile(cutAtLine, text.slice(0, text.indexOf('\n', text.length / 2) + 1));
    const altered = join(work, 'altered.ndjson');
    await writeFile(altered, text.replace('"price":', '"price":1'));
    const empty = join(work, 'empty.ndjson');
    await writeFile(empty, '');

    for (const [path, reason] of [
      [cut, /ends in the middle of a line: truncated/],
      [cutAtLine, /no trailer at the end: truncated/],
      [altered, /does not match the trailer's SHA-256: altered or damaged/],
      [empty, /empty, not an export/],
      [join(work, 'missing.ndjson'), /no such file/],
    ] as const) {
      const target = { ...TEST_APP_CONFIG, dataDir: join(work, `never-${crypto.randomUUID()}`) };
      const refusal = importEvents(target, [path]);
      await expect(refusal).rejects.toBeInstanceOf(ExportFileError);
      await expect(refusal).rejects.toThrow(reason);
      expect((await refusal.catch((error: Error) => error)).message).not.toContain('\n');
      // Refused before the database was even opened.
      expect(existsSync(target.dataDir)).toBe(false);
    }
  });

  it('refuses a log that holds other events, and a database whose read models were built', async () => {
    const file = await exportFile('for-refusals.ndjson');

    const busy = await embeddedTarget();
    await targetLog(busy, (log) => log.appendMany(priceTicks(3)));
    await expect(importEvents(busy, [file])).rejects.toThrow(/The event log is not empty: it holds 3 events, and event 1 is not the export's/);
    expect(await targetLog(busy, (log) => log.lastSequence())).toBe(3);

    const projected = await embeddedTarget();
    await targetLog(projected, async (_log, database) => {
      const checkpoints = new CheckpointsRepository(database);
      await checkpoints.ensure(database.db, 'price_history');
      await database.db.transaction().execute((trx) => checkpoints.set(trx, 'price_history', 12));
    });
    await expect(importEvents(projected, [file])).rejects.toThrow(/already holds read models built from an event log \(price_history is at event 12\)/);
    expect(await targetLog(projected, (log) => log.lastSequence())).toBe(0);
  });

  it('continues an interrupted import into JetStream where it stopped, deduplicated by id', async () => {
    const file = await exportFile('resume.ndjson');
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n').map(parseExportLine);
    const events = lines.flatMap((line) => (line.kind === 'event' ? [line.event as unknown as AnyEvent] : []));
    const target = await openPipeline('jetstream');
    try {
      // As if the first run stopped after 1,234 events.
      await target.log.appendMany(events.slice(0, 1_234));
      const config: AppConfig = {
        ...TEST_APP_CONFIG,
        databaseUrl: target.env.DATABASE_URL,
        natsUrl: target.env.NATS_URL,
        stream: target.env.XSD_STREAM,
        subjectPrefix: target.env.XSD_SUBJECT_PREFIX,
      };

      expect(await importEvents(config, [file])).toEqual({ events: events.length, skipped: 1_234, photos: 1 });
      expect(await importEvents(config, [file])).toEqual({ events: events.length, skipped: events.length, photos: 1 });

      expect(await logEvents(target.log, events.length + 1)).toEqual(events);
      const photos = await openPhotoStore(config);
      expect(Buffer.from((await photos.get(PHOTO_KEY))!.bytes)).toEqual(PHOTO);
      await photos.close();
    } finally {
      await target.cleanup();
    }
  });
});
