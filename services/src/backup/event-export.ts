import { createHash } from 'node:crypto';
import { photoLine, storedEventLine, trailerLine } from '@xsd/contracts/api/event-export';
import type { EventLog } from '../event-log/event-log.js';
import type { PhotoStore } from '../uploads/photo-store.js';

/** Events read from the log at once: about 2 MB of lines, large enough that a page read costs little. */
export const EXPORT_PAGE_SIZE = 5_000;

/**
 * The export of `since..through` (see contracts/api/event-export.ts) as chunks of bytes: the log
 * read a page at a time and only when the reader asks for more (so a slow client holds one page,
 * never the log), then the photos the exported `contact.submitted` events name and that were not
 * deleted within the range, then the trailer. `through` is the head when the export began, so
 * events appended meanwhile are left for the next export (`since = through + 1`).
 */
export async function* exportEvents(
  log: EventLog,
  photos: PhotoStore,
  since: number,
  through: number,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  const photoKeys = new Set<string>();
  let count = 0;
  const emit = (text: string): Buffer => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    return bytes;
  };

  let next = since;
  for await (const page of log.scan(since, through, pageSize)) {
    let text = '';
    for (const stored of page) {
      if (stored.sequence !== next) throw new Error(`The event log has no event ${next} (it went on with ${stored.sequence})`);
      text += storedEventLine(stored.sequence, stored.json);
      // Parsed only when it may name a photo: most of a log is never parsed on its way out.
      if (stored.json.includes('"contact.')) {
        const { event } = stored;
        if (event.type === 'contact.submitted' && event.data.photoKey) photoKeys.add(event.data.photoKey);
        if (event.type === 'contact.deleted' && event.data.photoKey) photoKeys.delete(event.data.photoKey);
      }
      next += 1;
    }
    count += page.length;
    yield emit(text);
  }
  if (next !== through + 1) throw new Error(`The event log ended at ${next - 1}, before ${through}, its head when the export began`);

  let photoCount = 0;
  for (const key of photoKeys) {
    const photo = await photos.get(key);
    if (!photo) continue; // never stored, or removed by a deletion before `since`: nobody could see it
    photoCount += 1;
    yield emit(photoLine({ photo: key, contentType: photo.contentType, data: Buffer.from(photo.bytes).toString('base64') }));
  }

  yield Buffer.from(trailerLine({ since, through, count, photos: photoCount, sha256: hash.digest('hex') }), 'utf8');
}
