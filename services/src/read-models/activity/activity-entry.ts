import type { AnyEvent, EventType } from '@xsd/contracts';
import type { ActivityTargetKind } from '@xsd/contracts/api/admin-activity';
import { evolveMaintenance, initialMaintenanceState, type MaintenanceState } from '../site-settings/maintenance-state.js';

type Fields = Record<string, unknown>;

/** What one action was about and what it changed. */
export interface ActivityFacts {
  readonly targetKind: ActivityTargetKind;
  readonly targetId: string;
  readonly label: string | null;
  readonly before: Fields | null;
  readonly after: Fields | null;
}

/** The actions the log shows: staff and system actions. Market data and secrets stay out. */
export const ACTIVITY_EVENT_TYPES = [
  'maintenance.started',
  'maintenance.updated',
  'maintenance.ended',
  'staff.account-created',
  'staff.role-changed',
  'staff.account-deleted',
  'staff.signed-in',
  'staff.signed-out',
  'staff.password-changed',
  'staff.password-reset-requested',
  'staff.password-reset',
  'news.created',
  'news.updated',
  'news.deleted',
  'calendar-event.created',
  'calendar-event.updated',
  'calendar-event.deleted',
  'chain.setting-changed',
  'api-key.created',
  'api-key.deleted',
  'api-key.used',
  'preferences.saved',
  // Staff handling contact messages; the visitor's own contact.submitted stays out.
  'contact.status-changed',
  'contact.replied',
  'contact.deleted',
  // A notification sent to every subscriber (breaking news by staff, or an API key): its figures, no endpoint.
  'push.broadcast-sent',
  // Community channels: staff changes, and the notifier pausing a failing one. Never the secret.
  'channel.created',
  'channel.updated',
  'channel.paused',
  'channel.resumed',
  'channel.deleted',
  'site.links-changed',
] as const satisfies readonly EventType[];
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

export const SITE_TARGET_ID = 'site';
export const COMMUNITY_LINKS_TARGET_ID = 'community-links';

/**
 * The facts of one event, from its data alone, except maintenance events, whose data is not the
 * whole change: they show the maintenance state before (`site`, the state after the previous
 * maintenance entry) and after, folded by the maintenance decider's own `evolve` (evolveMaintenance). Secrets
 * (password, session and key hashes) stay out by naming what is shown rather than what is hidden.
 */
export function activityFacts(event: Extract<AnyEvent, { type: ActivityEventType }>, site: MaintenanceState): ActivityFacts {
  switch (event.type) {
    case 'maintenance.started':
    case 'maintenance.updated':
    case 'maintenance.ended': {
      const after = evolveMaintenance(site, event);
      return { targetKind: 'site', targetId: SITE_TARGET_ID, label: 'Site maintenance', before: { ...site }, after: { ...after } };
    }
    case 'staff.account-created':
      return { targetKind: 'staff', targetId: event.data.accountId, label: event.data.email, before: null, after: { email: event.data.email, role: event.data.role } };
    case 'staff.role-changed':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: { role: event.data.previousRole }, after: { role: event.data.role } };
    case 'staff.account-deleted':
      return { targetKind: 'staff', targetId: event.data.accountId, label: event.data.email, before: { email: event.data.email }, after: null };
    case 'staff.signed-in':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: null, after: { session: event.data.kind, expiresAt: event.data.expiresAt } };
    case 'staff.signed-out':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: null, after: null };
    case 'staff.password-changed':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: null, after: { password: 'changed' } };
    case 'staff.password-reset-requested':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: null, after: { resetLink: 'issued', by: event.data.by, expiresAt: event.data.expiresAt } };
    case 'staff.password-reset':
      return { targetKind: 'staff', targetId: event.data.accountId, label: null, before: null, after: { password: 'reset by link' } };
    case 'news.created': {
      const { newsId, ...fields } = event.data;
      return { targetKind: 'news', targetId: newsId, label: fields.title, before: null, after: fields };
    }
    case 'news.updated':
      return { targetKind: 'news', targetId: event.data.newsId, label: event.data.title, before: event.data.previous, after: event.data.changes };
    case 'news.deleted':
      return { targetKind: 'news', targetId: event.data.newsId, label: event.data.previous.title, before: event.data.previous, after: null };
    case 'calendar-event.created': {
      const { eventId, ...fields } = event.data;
      return { targetKind: 'calendar_event', targetId: eventId, label: fields.title, before: null, after: fields };
    }
    case 'calendar-event.updated':
      return { targetKind: 'calendar_event', targetId: event.data.eventId, label: event.data.title, before: event.data.previous, after: event.data.changes };
    case 'calendar-event.deleted':
      return { targetKind: 'calendar_event', targetId: event.data.eventId, label: event.data.previous.title, before: event.data.previous, after: null };
    case 'chain.setting-changed': {
      const { chain, previous, ...fields } = event.data;
      return { targetKind: 'chain', targetId: chain, label: chain, before: previous, after: fields };
    }
    case 'api-key.created':
      return {
        targetKind: 'api_key',
        targetId: event.data.keyId,
        label: event.data.name,
        before: null,
        after: { name: event.data.name, permissions: event.data.permissions, expiresAt: event.data.expiresAt },
      };
    case 'api-key.deleted':
      return { targetKind: 'api_key', targetId: event.data.keyId, label: event.data.name, before: { name: event.data.name }, after: null };
    case 'api-key.used':
      return { targetKind: 'api_key', targetId: event.data.keyId, label: null, before: null, after: { usedAt: event.data.usedAt } };
    case 'preferences.saved': {
      const { accountId, ...fields } = event.data;
      return { targetKind: 'preferences', targetId: accountId, label: null, before: null, after: fields };
    }
    case 'contact.status-changed':
      return { targetKind: 'contact_submission', targetId: event.data.submissionId, label: event.data.name, before: { status: event.data.previous }, after: { status: event.data.status } };
    case 'contact.replied':
      return { targetKind: 'contact_submission', targetId: event.data.submissionId, label: event.data.name, before: null, after: { status: 'replied', reply: event.data.reply } };
    case 'contact.deleted':
      return { targetKind: 'contact_submission', targetId: event.data.submissionId, label: event.data.name, before: { name: event.data.name }, after: null };
    case 'push.broadcast-sent': {
      const { source, sourceId, title, sent, failed, total } = event.data;
      return {
        targetKind: source === 'breaking_news' ? 'news' : 'api_key',
        targetId: sourceId,
        label: source === 'breaking_news' ? title : null,
        before: null,
        after: { notification: title, sent, failed, total },
      };
    }
    case 'channel.created': {
      const { channelId, kind, name, urlOrChat, events } = event.data;
      // A Discord URL's token is a credential: the log names the host only.
      const target = kind === 'telegram' ? urlOrChat : (URL.parse(urlOrChat)?.host ?? 'invalid URL');
      return { targetKind: 'channel', targetId: channelId, label: name, before: null, after: { kind, name, target, events } };
    }
    case 'channel.updated': {
      const { urlOrChat: _after, ...changes } = event.data.changes;
      const { urlOrChat: _before, ...previous } = event.data.previous;
      const address = _after === undefined ? {} : { target: 'changed' };
      return { targetKind: 'channel', targetId: event.data.channelId, label: event.data.name, before: previous, after: { ...changes, ...address } };
    }
    case 'channel.paused':
      return { targetKind: 'channel', targetId: event.data.channelId, label: event.data.name, before: { paused: false }, after: { paused: true, reason: event.data.reason } };
    case 'channel.resumed':
      return { targetKind: 'channel', targetId: event.data.channelId, label: event.data.name, before: { paused: true }, after: { paused: false } };
    case 'channel.deleted':
      return { targetKind: 'channel', targetId: event.data.channelId, label: event.data.name, before: { name: event.data.name }, after: null };
    case 'site.links-changed':
      return { targetKind: 'site', targetId: COMMUNITY_LINKS_TARGET_ID, label: 'Community links', before: event.data.previous, after: event.data.links };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** Only the fields that differ, so "before" and "after" read as the change. */
export function changedOnly(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (before === null || after === null) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Fields = {};
  const a: Fields = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}
