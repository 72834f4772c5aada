import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../database/database.js';

/** The one way to provide a repository: an injectable class over the DATABASE token (tests pass `{ db }`). */
@Injectable()
export abstract class DatabaseRepository {
  protected readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }
}
