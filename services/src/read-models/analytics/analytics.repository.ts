import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle } from '../../database/database.js';
import { type AnalyticsReads, analyticsReads } from './analytics.queries.js';

/** Reads of the analytics rollups (see analytics.queries.ts). */
@Injectable()
export class AnalyticsRepository implements AnalyticsReads {
  private readonly reads: AnalyticsReads;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.reads = analyticsReads(database.db);
  }

  totals(fromDay: string) {
    return this.reads.totals(fromDay);
  }

  uniqueVisitors(fromDay: string) {
    return this.reads.uniqueVisitors(fromDay);
  }

  topPages(fromDay: string, limit?: number) {
    return this.reads.topPages(fromDay, limit);
  }

  visitsByDay(fromDay: string) {
    return this.reads.visitsByDay(fromDay);
  }
}
