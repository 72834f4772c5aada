import { Injectable } from '@nestjs/common';
import type { ActivityEntry, ActivityQuerySchema, ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { z } from 'zod';
import { type ActivityRow, ActivityRepository } from '../read-models/activity/activity.repository.js';

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    sequence: Number(row.sequence),
    event_id: row.event_id,
    action: row.action,
    occurred_at: row.occurred_at.toISOString(),
    actor: { kind: row.actor_kind, id: row.actor_id, email: row.actor_email },
    target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
    before: row.before,
    after: row.after,
  };
}

/** The activity log: every staff and system action, newest first. */
@Injectable()
export class ActivityService {
  constructor(private readonly activity: ActivityRepository) {}

  async list(query: z.output<typeof ActivityQuerySchema>): Promise<ActivityResponse> {
    // One more than asked tells whether an older page exists.
    const rows = await this.activity.list({ ...query, limit: query.limit + 1 });
    const items = rows.slice(0, query.limit).map(toEntry);
    return { items, next_before: rows.length > query.limit ? (items.at(-1)?.sequence ?? null) : null };
  }
}
