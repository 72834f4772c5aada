import type { EventType } from '@xsd/contracts';
import { ALL_PROJECTIONS } from '../read-models/projections.js';

/** What a followed event tells clients about: the stream message type it leads to. */
export type LiveTopic = 'price' | 'silver' | 'site' | 'news' | 'chain' | 'calendar' | 'contact';

const TOPIC_OF: Partial<Record<EventType, LiveTopic>> = {
  'price.ticked': 'price',
  'silver.ticked': 'silver',
  'maintenance.started': 'site',
  'maintenance.updated': 'site',
  'maintenance.ended': 'site',
  'site.links-changed': 'site',
  'news.created': 'news',
  'news.updated': 'news',
  'news.deleted': 'news',
  'calendar-event.created': 'calendar',
  'calendar-event.updated': 'calendar',
  'calendar-event.deleted': 'calendar',
  'chain.setting-changed': 'chain',
  'contact.submitted': 'contact',
};

export function liveTopicOf(type: EventType): LiveTopic | null {
  return TOPIC_OF[type] ?? null;
}

/**
 * The read models that must show an event before anyone is told: every projection that handles
 * its type. Waiting on all of them also records their progress in this process, which is what
 * makes the in-memory answers (HotReadModel) of this API process reload.
 */
export function projectionsOf(type: EventType): readonly string[] {
  return PROJECTIONS_BY_TYPE.get(type) ?? [];
}

const PROJECTIONS_BY_TYPE = new Map<EventType, string[]>();
for (const projection of ALL_PROJECTIONS) {
  for (const type of projection.handles) {
    PROJECTIONS_BY_TYPE.set(type, [...(PROJECTIONS_BY_TYPE.get(type) ?? []), projection.name]);
  }
}
