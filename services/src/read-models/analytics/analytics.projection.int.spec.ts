import { type AnyEvent, createEvent } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../../testing/pipeline.js';
import { tableChecksum } from '../../testing/table-checksum.js';
import { analyticsProjection } from './analytics.projection.js';

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const HOUR = 3_600_000;

const visit = (i: number) => ({
  at: new Date(T0 + i * 5 * HOUR).toISOString(),
  page: `/page-${i % 4}`,
  visitorId: `visitor-${i % 7}`,
  sessionDuration: i % 3 === 0 ? null : (i * 11) % 90,
  referrer: null,
  userAgent: 'Mozilla/5.0',
  deviceType: i % 2 === 0 ? ('mobile' as const) : ('desktop' as const),
});

/** Visits `from`..`from + 4` as one batch event, as the API appends them. */
function batch(from: number): AnyEvent {
  return createEvent(
    'analytics.page-views-recorded',
    { visits: Array.from({ length: 5 }, (_, i) => visit(from + i)) },
    { actor: { kind: 'system', id: 'analytics' }, now: new Date(T0 + from * 5 * HOUR) },
  );
}

const TABLES = ['analytics_visits', 'analytics_daily', 'analytics_daily_pages', 'analytics_visitors', 'analytics_events'] as const;

describe.each<PipelineKind>(['embedded', 'jetstream'])('the analytics read model on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  const caughtUp = async () => pipeline.progress.waitFor('analytics', await pipeline.log.lastSequence(), 30_000);

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('adds batches up to the same rollups as the raw visits, and rebuilds from sequence 1 to identical rows', async () => {
    const projector = pipeline.projector([analyticsProjection], { maxBatch: 7 });
    await projector.start();
    await pipeline.log.appendMany(Array.from({ length: 12 }, (_, i) => batch(i * 5)));
    await pipeline.log.append(
      createEvent(
        'analytics.events-recorded',
        { events: [{ at: new Date(T0).toISOString(), visitorId: 'visitor-1', eventType: 'share', eventData: null, page: '/' }] },
        { actor: { kind: 'system', id: 'analytics' }, now: new Date(T0) },
      ),
    );
    await caughtUp();

    // The rollups agree with a scan of the raw rows (which the statistics never do).
    const fromRaw = await pipeline.db
      .selectFrom('analytics_visits')
      .select((eb) => [eb.fn.countAll<string>().as('visits'), eb.fn.count<string>('visitor_id').distinct().as('visitors')])
      .executeTakeFirstOrThrow();
    const daily = await pipeline.db.selectFrom('analytics_daily').select((eb) => eb.fn.sum<string>('visits').as('visits')).executeTakeFirstOrThrow();
    const pages = await pipeline.db.selectFrom('analytics_daily_pages').select((eb) => eb.fn.sum<string>('visits').as('visits')).executeTakeFirstOrThrow();
    expect(Number(fromRaw.visits)).toBe(60);
    expect(Number(daily.visits)).toBe(60);
    expect(Number(pages.visits)).toBe(60);
    expect(await pipeline.db.selectFrom('analytics_visitors').selectAll().execute()).toHaveLength(Number(fromRaw.visitors));
    // Each visitor's last day is the day of their last visit.
    const last = await pipeline.db.selectFrom('analytics_visitors').select('last_seen').where('visitor_id', '=', 'visitor-4').executeTakeFirstOrThrow();
    expect(new Date(last.last_seen).toISOString().slice(0, 10)).toBe(new Date(T0 + 53 * 5 * HOUR).toISOString().slice(0, 10));

    const before = await Promise.all(TABLES.map((table) => tableChecksum(pipeline.db, table)));
    await projector.rebuild('analytics');
    expect(await Promise.all(TABLES.map((table) => tableChecksum(pipeline.db, table)))).toEqual(before);
  });
});
