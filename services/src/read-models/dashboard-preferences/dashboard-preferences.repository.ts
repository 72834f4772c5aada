import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { UserDashboardPreferencesTable } from './dashboard-preferences.table.js';
import { DatabaseRepository } from '../database-repository.js';

/** Reads of user_dashboard_preferences. */
@Injectable()
export class DashboardPreferencesRepository extends DatabaseRepository {
  /** The user's row; undefined when nothing was ever saved. */
  async forUser(userId: string): Promise<Selectable<UserDashboardPreferencesTable> | undefined> {
    return this.db.selectFrom('user_dashboard_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }
}
