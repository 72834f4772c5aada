import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';
import type { UserDashboardPreferencesTable } from './dashboard-preferences.table.js';

/** Reads of user_dashboard_preferences. */
@Injectable()
export class DashboardPreferencesRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  /** The user's row; undefined when nothing was ever saved. */
  async forUser(userId: string): Promise<Selectable<UserDashboardPreferencesTable> | undefined> {
    return this.db.selectFrom('user_dashboard_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }
}
