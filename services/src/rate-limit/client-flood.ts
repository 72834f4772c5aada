import { ApiError } from '../http/api-error.filter.js';
import type { AttemptStore, AttemptWindow } from './attempt-store.js';

/** What one flood limit counts and says: its key prefix in the store, its window, its 429 message. */
export interface ClientFloodRule {
  /** Keeps this limit's counts apart from the others' sharing the store (`<prefix>:<client>`). */
  readonly prefix: string;
  readonly window: AttemptWindow;
  readonly message: string;
}

/**
 * The deployment's count of one kind of write per client (shared by every API replica). Each
 * limited route (contact messages, push subscriptions) subclasses it with its own rule, so Nest
 * injects each by its own class.
 */
export class ClientFlood {
  constructor(
    /** Owned: closed with the application. */
    private readonly store: AttemptStore,
    private readonly rule: ClientFloodRule,
  ) {}

  /** Takes a place for `client`, or throws 429 in the JSON error shape. */
  async admit(client: string, now: Date): Promise<void> {
    const { added } = await this.store.add(`${this.rule.prefix}:${client}`, now, this.rule.window);
    if (!added) throw new ApiError(429, 'too_many_requests', this.rule.message);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
