import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { preferencesSubject } from '@xsd/contracts';
import {
  DEFAULT_DASHBOARD_PREFERENCES,
  type DashboardPreferences,
  type UpdatePreferencesRequestSchema,
} from '@xsd/contracts/api/preferences';
import type { z } from 'zod';
import { DashboardPreferencesRepository } from '../read-models/dashboard-preferences/dashboard-preferences.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { DecidePreferences } from './preferences.commands.js';
import type { PreferencesState } from './preferences.decider.js';

/** A staff member's own dashboard preferences; nothing saved yet answers the defaults. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly preferences: DashboardPreferencesRepository,
  ) {}

  async get(by: AuthenticatedStaff): Promise<DashboardPreferences> {
    const row = await this.preferences.forUser(by.id);
    if (!row) return DEFAULT_DASHBOARD_PREFERENCES;
    return { layout: row.layout, widgets: row.widgets, theme: row.theme, updated_at: row.updated_at.toISOString() };
  }

  async save(by: AuthenticatedStaff, request: z.output<typeof UpdatePreferencesRequestSchema>): Promise<DashboardPreferences> {
    await this.commands.execute(
      new DecidePreferences(preferencesSubject(by.id), staffActor(by), {
        type: 'SavePreferences',
        data: { accountId: by.id, changes: request as Partial<PreferencesState> },
      }),
    );
    return this.get(by);
  }
}
