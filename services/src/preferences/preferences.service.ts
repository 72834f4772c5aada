import { Inject, Injectable } from '@nestjs/common';
import { preferencesSubject } from '@xsd/contracts';
import {
  DEFAULT_DASHBOARD_PREFERENCES,
  type DashboardPreferences,
  type UpdatePreferencesRequestSchema,
} from '@xsd/contracts/api/preferences';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { decideOnSubject } from '../event-sourcing/staff-command.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { dashboardPreferencesProjection } from '../read-models/dashboard-preferences/dashboard-preferences.projection.js';
import { DashboardPreferencesRepository } from '../read-models/dashboard-preferences/dashboard-preferences.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { type PreferencesState, preferencesDecider } from './preferences.decider.js';

/** A staff member's own dashboard preferences; nothing saved yet answers the defaults. */
@Injectable()
export class PreferencesService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly preferences: DashboardPreferencesRepository,
  ) {}

  async get(by: AuthenticatedStaff): Promise<DashboardPreferences> {
    const row = await this.preferences.forUser(by.id);
    if (!row) return DEFAULT_DASHBOARD_PREFERENCES;
    return { layout: row.layout, widgets: row.widgets, theme: row.theme, updated_at: row.updated_at.toISOString() };
  }

  async save(by: AuthenticatedStaff, request: z.output<typeof UpdatePreferencesRequestSchema>): Promise<DashboardPreferences> {
    await decideOnSubject({
      log: this.log,
      progress: this.progress,
      decider: preferencesDecider,
      subject: preferencesSubject(by.id),
      command: { type: 'SavePreferences', data: { accountId: by.id, changes: request as Partial<PreferencesState> } },
      actor: staffActor(by),
      now: this.clock(),
      projection: dashboardPreferencesProjection.name,
    });
    return this.get(by);
  }
}
