import type { AnyEvent } from '@xsd/contracts';
import { parseExportLine } from '@xsd/contracts/api/event-export';
import type { AppConfig } from '../config/config.js';
import { deadLetterRecorder } from '../core/dead-letters.js';
import { openDatabase } from '../database/database.js';
import { migrateToLatest } from '../database/migrate.js';
import type { EventLog } from '../event-log/event-log.js';
import { openEventLog } from '../event-log/open-event-log.js';
import { LeadershipTimeoutError, ProjectorLeadership } from '../projector/projector-leadership.js';
import { openPhotoStore } from '../uploads/open-photo-store.js';
import { PhotoExistsError } from '../uploads/photo-store.js';
import { checkExportFiles, exportLines, fileChunks } from './export-file.js';

/** A log or database the import must not write into; nothing was written. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

export interface ImportProgress {
  /** Checking the files (nothing written yet), then writing the events. */
  readonly phase: 'checking' | 'importing';
  readonly events: number;
  readonly total: number;
}

export interface ImportResult {
  /** Events the files hold. */
  readonly events: number;
  /** Events already in the log from an interrupted import, skipped. */
  readonly skipped: number;
  readonly photos: number;
}

/** Events per appendMany: large enough to keep JetStream's publishes pipelined and PostgreSQL's inserts few. */
const IMPORT_BATCH = 5_000;
/** How long to wait for the projectors' leadership: a running deployment holds it. */
const LEADERSHIP_WAIT_MS = 1_000;

/**
 * `xsd events import FILE…`: writes an export (several files of a resumed export, in order) into
 * the log of the deployment `config` describes, with its services stopped.
 *
 * 1. Every file is checked first (trailer hash and counts, sequences from 1 without a gap, each
 *    event valid): a truncated or altered file is refused before anything is opened for writing.
 * 2. The database must be fresh (no projection past checkpoint 0), so the next start rebuilds every
 *    read model from the imported log; a running projector (distributed) is refused.
 * 3. The log must be empty, or hold exactly the first events of the files (an interrupted import):
 *    those are skipped and the rest appended in order, ids, times and actors as they are. Each
 *    event must land on its own sequence, so anything appending meanwhile stops the import.
 * 4. The photos are put back (ones an interrupted run put already are kept).
 */
export async function importEvents(
  config: AppConfig,
  paths: readonly string[],
  progress: (progress: ImportProgress) => void = () => {},
): Promise<ImportResult> {
  const checked = await checkExportFiles(paths, (events) => progress({ phase: 'checking', events, total: 0 }));
  const total = checked.reduce((sum, file) => sum + file.trailer.count, 0);

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const leadership = new ProjectorLeadership(database.db, database.kind);
  let log: EventLog | null = null;
  try {
    await migrateToLatest(database.db);
    await leadership.acquire(LEADERSHIP_WAIT_MS).catch((error: unknown) => {
      if (error instanceof LeadershipTimeoutError) {
        throw new ImportRefusedError('A projector is running against this database: stop the services before importing.');
      }
      throw error;
    });
    const projected = await database.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'sequence'])
      .where('sequence', '>', 0)
      .orderBy('name')
      .executeTakeFirst();
    if (projected) {
      throw new ImportRefusedError(
        `The database already holds read models built from an event log (${projected.name} is at event ${projected.sequence}): ` +
          'import into a fresh database, so the next start builds every read model from the imported log.',
      );
    }
    log = await openEventLog(config, database.db, deadLetterRecorder(database.db));
    const head = await log.lastSequence();
    if (head > total) {
      throw new ImportRefusedError(`The event log is not empty: it holds ${head} events, more than the ${total} of the export. Import needs an empty log.`);
    }

    const photos = await openPhotoStore(config);
    try {
      return await writeEvents(log, photos, checked.map((file) => file.path), head, total, progress);
    } finally {
      await photos.close();
    }
  } finally {
    await log?.close();
    await leadership.release();
    await database.close();
  }
}

async function writeEvents(
  log: EventLog,
  photos: Awaited<ReturnType<typeof openPhotoStore>>,
  paths: readonly string[],
  head: number,
  total: number,
  progress: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  let stored: AnyEvent[] = [];
  let batch: { sequence: number; event: AnyEvent }[] = [];
  let photoCount = 0;
  progress({ phase: 'importing', events: head, total });

  const flush = async () => {
    if (batch.length === 0) return;
    const results = await log.appendMany(batch.map((item) => item.event));
    results.forEach((result, index) => {
      if (result.duplicate || result.sequence !== batch[index].sequence) {
        throw new ImportRefusedError(
          `Event ${batch[index].sequence} landed on sequence ${result.sequence}${result.duplicate ? ' as a duplicate' : ''}: ` +
            'something else writes to this event log. Stop the services, then run the import again.',
        );
      }
    });
    progress({ phase: 'importing', events: batch.at(-1)!.sequence, total });
    batch = [];
  };

  for (const path of paths) {
    for await (const text of exportLines(fileChunks(path))) {
      const line = parseExportLine(text);
      if (line.kind === 'event') {
        const event = line.event as unknown as AnyEvent;
        if (line.sequence <= head) {
          // An interrupted import left the first events: they must be exactly these.
          if (stored.length === 0) stored = (await log.read(line.sequence, Math.min(IMPORT_BATCH, head - line.sequence + 1))).map((s) => s.event);
          const mine = stored.shift()!;
          if (mine.id !== event.id) {
            throw new ImportRefusedError(
              `The event log is not empty: it holds ${head} events, and event ${line.sequence} is not the export's. Import needs an empty log.`,
            );
          }
          continue;
        }
        batch.push({ sequence: line.sequence, event });
        if (batch.length >= IMPORT_BATCH) await flush();
      } else if (line.kind === 'photo') {
        await flush();
        const { photo: key, contentType, data } = line.photo;
        await photos.put(key, Buffer.from(data, 'base64'), contentType).catch((error: unknown) => {
          if (!(error instanceof PhotoExistsError)) throw error;
        });
        photoCount += 1;
      }
    }
    await flush();
  }
  return { events: total, skipped: head, photos: photoCount };
}
