import { type Actor, createEvent } from '@xsd/contracts';
import type { EventLog } from '../event-log/event-log.js';
import type { DecidedTrigger, NotifierStateRepository } from '../read-models/push/notifier-state.repository.js';

export const NOTIFIER_ACTOR: Actor = { kind: 'system', id: 'notifier' };

/** Events (of at most PUSH_TRIGGERS_BATCH_MAX triggers) read per round when flushing what a crash left behind. */
const FLUSH_EVENTS = 20;

/**
 * Puts decided triggers into the log as `push.alerts-triggered`, before anything is sent. A trigger
 * is decided and stored (unappended) in the notifier's checkpoint transaction; this appends it once
 * that committed. If the process dies in between, `flush()` appends what is left at the next start:
 * the events keep their deterministic ids, so an append that had gone through is stored once.
 */
export class TriggerOutbox {
  constructor(
    private readonly log: EventLog,
    private readonly state: NotifierStateRepository,
  ) {}

  /**
   * Appends the triggers' events one after another, calling `inLog` with each event's triggers once
   * it is stored (they may be sent from then on: the first pushes of a large fan-out leave while
   * the rest is still being appended), then marks their rows sendable.
   */
  async append(triggers: readonly DecidedTrigger[], inLog: (triggers: readonly DecidedTrigger[]) => void = () => undefined): Promise<void> {
    if (triggers.length === 0) return;
    const byEvent = new Map<string, DecidedTrigger[]>();
    for (const trigger of triggers) {
      const items = byEvent.get(trigger.eventId) ?? [];
      items.push(trigger);
      byEvent.set(trigger.eventId, items);
    }
    for (const [id, items] of byEvent) {
      await this.log.append(
        createEvent(
          'push.alerts-triggered',
          {
            sourceId: items[0].sourceId,
            triggers: items.map(({ triggerId, subscriptionId, alertId, kind, value, payload, urgency, expiresAt }) => ({
              triggerId,
              subscriptionId,
              alertId,
              kind,
              value,
              payload,
              urgency,
              expiresAt,
            })),
          },
          { actor: NOTIFIER_ACTOR, now: new Date(items[0].triggeredAt), id },
        ),
      );
      inLog(items);
    }
    await this.state.markAppended([...byEvent.keys()]);
  }

  /** Appends every trigger still waiting in the outbox; returns how many there were. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const left = await this.state.unappended(FLUSH_EVENTS);
      if (left.length === 0) return total;
      await this.append(left);
      total += left.length;
    }
  }
}
