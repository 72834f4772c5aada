import { z } from 'zod';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../text/safe-text.js';
import { type Actor, EnvelopeSchema, newEventId, subjectToken } from './envelope.js';
import {
  PriceRejectedData,
  PriceTickedData,
  SilverRejectedData,
  SilverTickedData,
} from './price-events.js';
import { CommunityLinksChangedData, MaintenanceEndedData, MaintenanceStartedData, MaintenanceUpdatedData } from './site-events.js';
import {
  ApiKeyCreatedData,
  ApiKeyDeletedData,
  ApiKeyUsedData,
  CalendarEventCreatedData,
  CalendarEventDeletedData,
  CalendarEventUpdatedData,
  ChainSettingChangedData,
  DashboardPreferencesSavedData,
  NewsCreatedData,
  NewsDeletedData,
  NewsUpdatedData,
} from './content-events.js';
import {
  StaffAccountCreatedData,
  StaffAccountDeletedData,
  StaffPasswordChangedData,
  StaffPasswordResetData,
  StaffPasswordResetRequestedData,
  StaffRoleChangedData,
  StaffSignedInData,
  StaffSignedOutData,
} from './staff-events.js';
import { AnalyticsEventsRecordedData, PageViewsRecordedData } from './analytics-events.js';
import {
  AlertsTriggeredData,
  PushBroadcastSentData,
  PushDeliveriesRecordedData,
  PushSubscriptionRemovedData,
  PushSubscriptionSavedData,
} from './push-events.js';
import { TelegramChatBoundData, TelegramChatUnboundData, TelegramLinkCreatedData } from './telegram-events.js';
import {
  ChannelCreatedData,
  ChannelDeletedData,
  ChannelPausedData,
  ChannelResumedData,
  ChannelUpdatedData,
} from './channel-events.js';
import { ContactDeletedData, ContactRepliedData, ContactStatusChangedData, ContactSubmittedData } from './contact-events.js';

interface EventDefinition<S extends z.ZodType> {
  readonly schemaVersion: number;
  readonly data: S;
  /** Where the event is stored; also the unit of optimistic concurrency. */
  readonly subject: (data: z.output<S>) => string;
  readonly aggregateId: (data: z.output<S>) => string;
}

function define<S extends z.ZodType>(definition: EventDefinition<S>): EventDefinition<S> {
  return definition;
}

export const SITE_MAINTENANCE_SUBJECT = 'xsd.site.maintenance';
/** The community links staff edit: one aggregate, apart from maintenance (neither rule spans both). */
export const SITE_LINKS_SUBJECT = 'xsd.site.links';
/**
 * Which accounts exist, their emails and roles: one subject, because its rules span accounts
 * (unique email, the first super admin only when there is no staff, at least one super admin).
 */
export const STAFF_DIRECTORY_SUBJECT = 'xsd.staff.directory';
/** One account's password and sessions. Account ids are UUIDs, so never 'directory'. */
export const staffAccountSubject = (accountId: string): string => `xsd.staff.${subjectToken(accountId)}`;
const STAFF_DIRECTORY_ID = 'staff';
/** Each news item, calendar event, chain, API key and staff member's preferences is its own aggregate. */
export const newsSubject = (newsId: string): string => `xsd.news.${subjectToken(newsId)}`;
export const calendarEventSubject = (eventId: string): string => `xsd.calendar.${subjectToken(eventId)}`;
export const chainSettingSubject = (chain: string): string => `xsd.chain.${subjectToken(chain)}`;
export const apiKeySubject = (keyId: string): string => `xsd.api-key.${subjectToken(keyId)}`;
/** Visits have no rules across them: one subject each for page views and custom events. */
export const ANALYTICS_VISITS_SUBJECT = 'xsd.analytics.visits';
export const ANALYTICS_EVENTS_SUBJECT = 'xsd.analytics.events';
export const preferencesSubject = (accountId: string): string => `xsd.preferences.${subjectToken(accountId)}`;
/** Each contact submission is its own aggregate. */
export const contactSubmissionSubject = (submissionId: string): string => `xsd.contact.${subjectToken(submissionId)}`;
/** Each push subscription (id derived from its endpoint) is its own aggregate. */
export const pushSubscriptionSubject = (subscriptionId: string): string => `xsd.push.subscription.${subjectToken(subscriptionId)}`;
/** Triggers, deliveries and broadcasts have no rules across them: one subject each. */
export const PUSH_TRIGGERS_SUBJECT = 'xsd.push.triggers';
export const PUSH_DELIVERIES_SUBJECT = 'xsd.push.deliveries';
export const PUSH_BROADCASTS_SUBJECT = 'xsd.push.broadcasts';
/** Links have no rules across them: one subject. Each bound chat is its own aggregate. */
export const TELEGRAM_LINKS_SUBJECT = 'xsd.telegram.links';
export const telegramChatSubject = (subscriptionId: string): string => `xsd.telegram.chat.${subjectToken(subscriptionId)}`;
/** Each community channel is its own aggregate. */
export const channelSubject = (channelId: string): string => `xsd.channel.${subjectToken(channelId)}`;

/**
 * Every event of the product: type name (past tense) to schema, subject and aggregate.
 * Emitters and handlers are generic over this map, so a new event is one entry here.
 */
export const eventCatalog = {
  'price.ticked': define({
    schemaVersion: 1,
    data: PriceTickedData,
    subject: (d) => `xsd.price.${subjectToken(d.chain)}.${d.token}`,
    aggregateId: (d) => `${d.chain}:${d.token}`,
  }),
  'price.rejected': define({
    schemaVersion: 1,
    data: PriceRejectedData,
    subject: (d) => `xsd.rejected.${subjectToken(d.chain)}.${d.token}`,
    aggregateId: (d) => `${d.chain}:${d.token}`,
  }),
  'silver.ticked': define({
    schemaVersion: 1,
    data: SilverTickedData,
    subject: () => 'xsd.silver.xag',
    aggregateId: () => 'silver',
  }),
  'silver.rejected': define({
    schemaVersion: 1,
    data: SilverRejectedData,
    subject: () => 'xsd.rejected.silver',
    aggregateId: () => 'silver',
  }),
  'maintenance.started': define({
    schemaVersion: 1,
    data: MaintenanceStartedData,
    subject: () => SITE_MAINTENANCE_SUBJECT,
    aggregateId: () => 'site',
  }),
  'maintenance.updated': define({
    schemaVersion: 1,
    data: MaintenanceUpdatedData,
    subject: () => SITE_MAINTENANCE_SUBJECT,
    aggregateId: () => 'site',
  }),
  'maintenance.ended': define({
    schemaVersion: 1,
    data: MaintenanceEndedData,
    subject: () => SITE_MAINTENANCE_SUBJECT,
    aggregateId: () => 'site',
  }),
  'staff.account-created': define({
    schemaVersion: 1,
    data: StaffAccountCreatedData,
    subject: () => STAFF_DIRECTORY_SUBJECT,
    aggregateId: () => STAFF_DIRECTORY_ID,
  }),
  'staff.role-changed': define({
    schemaVersion: 1,
    data: StaffRoleChangedData,
    subject: () => STAFF_DIRECTORY_SUBJECT,
    aggregateId: () => STAFF_DIRECTORY_ID,
  }),
  'staff.account-deleted': define({
    schemaVersion: 1,
    data: StaffAccountDeletedData,
    subject: () => STAFF_DIRECTORY_SUBJECT,
    aggregateId: () => STAFF_DIRECTORY_ID,
  }),
  'staff.signed-in': define({
    schemaVersion: 1,
    data: StaffSignedInData,
    subject: (d) => staffAccountSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'staff.signed-out': define({
    schemaVersion: 1,
    data: StaffSignedOutData,
    subject: (d) => staffAccountSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'staff.password-changed': define({
    schemaVersion: 1,
    data: StaffPasswordChangedData,
    subject: (d) => staffAccountSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'staff.password-reset-requested': define({
    schemaVersion: 1,
    data: StaffPasswordResetRequestedData,
    subject: (d) => staffAccountSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'staff.password-reset': define({
    schemaVersion: 1,
    data: StaffPasswordResetData,
    subject: (d) => staffAccountSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'news.created': define({
    schemaVersion: 1,
    data: NewsCreatedData,
    subject: (d) => newsSubject(d.newsId),
    aggregateId: (d) => d.newsId,
  }),
  'news.updated': define({
    schemaVersion: 1,
    data: NewsUpdatedData,
    subject: (d) => newsSubject(d.newsId),
    aggregateId: (d) => d.newsId,
  }),
  'news.deleted': define({
    schemaVersion: 1,
    data: NewsDeletedData,
    subject: (d) => newsSubject(d.newsId),
    aggregateId: (d) => d.newsId,
  }),
  'calendar-event.created': define({
    schemaVersion: 1,
    data: CalendarEventCreatedData,
    subject: (d) => calendarEventSubject(d.eventId),
    aggregateId: (d) => d.eventId,
  }),
  'calendar-event.updated': define({
    schemaVersion: 1,
    data: CalendarEventUpdatedData,
    subject: (d) => calendarEventSubject(d.eventId),
    aggregateId: (d) => d.eventId,
  }),
  'calendar-event.deleted': define({
    schemaVersion: 1,
    data: CalendarEventDeletedData,
    subject: (d) => calendarEventSubject(d.eventId),
    aggregateId: (d) => d.eventId,
  }),
  'chain.setting-changed': define({
    schemaVersion: 1,
    data: ChainSettingChangedData,
    subject: (d) => chainSettingSubject(d.chain),
    aggregateId: (d) => d.chain,
  }),
  'api-key.created': define({
    schemaVersion: 1,
    data: ApiKeyCreatedData,
    subject: (d) => apiKeySubject(d.keyId),
    aggregateId: (d) => d.keyId,
  }),
  'api-key.deleted': define({
    schemaVersion: 1,
    data: ApiKeyDeletedData,
    subject: (d) => apiKeySubject(d.keyId),
    aggregateId: (d) => d.keyId,
  }),
  'api-key.used': define({
    schemaVersion: 1,
    data: ApiKeyUsedData,
    subject: (d) => apiKeySubject(d.keyId),
    aggregateId: (d) => d.keyId,
  }),
  'preferences.saved': define({
    schemaVersion: 1,
    data: DashboardPreferencesSavedData,
    subject: (d) => preferencesSubject(d.accountId),
    aggregateId: (d) => d.accountId,
  }),
  'analytics.page-views-recorded': define({
    schemaVersion: 1,
    data: PageViewsRecordedData,
    subject: () => ANALYTICS_VISITS_SUBJECT,
    aggregateId: () => 'analytics',
  }),
  'analytics.events-recorded': define({
    schemaVersion: 1,
    data: AnalyticsEventsRecordedData,
    subject: () => ANALYTICS_EVENTS_SUBJECT,
    aggregateId: () => 'analytics',
  }),
  'contact.submitted': define({
    schemaVersion: 1,
    data: ContactSubmittedData,
    subject: (d) => contactSubmissionSubject(d.submissionId),
    aggregateId: (d) => d.submissionId,
  }),
  'contact.status-changed': define({
    schemaVersion: 1,
    data: ContactStatusChangedData,
    subject: (d) => contactSubmissionSubject(d.submissionId),
    aggregateId: (d) => d.submissionId,
  }),
  'contact.replied': define({
    schemaVersion: 1,
    data: ContactRepliedData,
    subject: (d) => contactSubmissionSubject(d.submissionId),
    aggregateId: (d) => d.submissionId,
  }),
  'contact.deleted': define({
    schemaVersion: 1,
    data: ContactDeletedData,
    subject: (d) => contactSubmissionSubject(d.submissionId),
    aggregateId: (d) => d.submissionId,
  }),
  'push.subscription-saved': define({
    schemaVersion: 1,
    data: PushSubscriptionSavedData,
    subject: (d) => pushSubscriptionSubject(d.subscriptionId),
    aggregateId: (d) => d.subscriptionId,
  }),
  'push.subscription-removed': define({
    schemaVersion: 1,
    data: PushSubscriptionRemovedData,
    subject: (d) => pushSubscriptionSubject(d.subscriptionId),
    aggregateId: (d) => d.subscriptionId,
  }),
  'push.alerts-triggered': define({
    schemaVersion: 1,
    data: AlertsTriggeredData,
    subject: () => PUSH_TRIGGERS_SUBJECT,
    aggregateId: () => 'push',
  }),
  'push.deliveries-recorded': define({
    schemaVersion: 1,
    data: PushDeliveriesRecordedData,
    subject: () => PUSH_DELIVERIES_SUBJECT,
    aggregateId: () => 'push',
  }),
  'push.broadcast-sent': define({
    schemaVersion: 1,
    data: PushBroadcastSentData,
    subject: () => PUSH_BROADCASTS_SUBJECT,
    aggregateId: () => 'push',
  }),
  'telegram.link-created': define({
    schemaVersion: 1,
    data: TelegramLinkCreatedData,
    subject: () => TELEGRAM_LINKS_SUBJECT,
    aggregateId: (d) => d.linkId,
  }),
  'telegram.chat-bound': define({
    schemaVersion: 1,
    data: TelegramChatBoundData,
    subject: (d) => telegramChatSubject(d.subscriptionId),
    aggregateId: (d) => d.subscriptionId,
  }),
  'telegram.chat-unbound': define({
    schemaVersion: 1,
    data: TelegramChatUnboundData,
    subject: (d) => telegramChatSubject(d.subscriptionId),
    aggregateId: (d) => d.subscriptionId,
  }),
  'channel.created': define({
    schemaVersion: 1,
    data: ChannelCreatedData,
    subject: (d) => channelSubject(d.channelId),
    aggregateId: (d) => d.channelId,
  }),
  'channel.updated': define({
    schemaVersion: 1,
    data: ChannelUpdatedData,
    subject: (d) => channelSubject(d.channelId),
    aggregateId: (d) => d.channelId,
  }),
  'channel.paused': define({
    schemaVersion: 1,
    data: ChannelPausedData,
    subject: (d) => channelSubject(d.channelId),
    aggregateId: (d) => d.channelId,
  }),
  'channel.resumed': define({
    schemaVersion: 1,
    data: ChannelResumedData,
    subject: (d) => channelSubject(d.channelId),
    aggregateId: (d) => d.channelId,
  }),
  'channel.deleted': define({
    schemaVersion: 1,
    data: ChannelDeletedData,
    subject: (d) => channelSubject(d.channelId),
    aggregateId: (d) => d.channelId,
  }),
  'site.links-changed': define({
    schemaVersion: 1,
    data: CommunityLinksChangedData,
    subject: () => SITE_LINKS_SUBJECT,
    aggregateId: () => 'site-links',
  }),
} as const;

export type EventCatalog = typeof eventCatalog;
export type EventType = keyof EventCatalog;
export type EventData<T extends EventType> = z.output<EventCatalog[T]['data']>;
/** Input form of the data (before defaults are filled in). */
export type EventDataInput<T extends EventType> = z.input<EventCatalog[T]['data']>;

export interface DomainEvent<T extends EventType = EventType> {
  readonly id: string;
  readonly type: T;
  readonly subject: string;
  readonly aggregateId: string;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly schemaVersion: number;
  readonly data: EventData<T>;
}

/** The union of every concrete event, discriminated on `type`. */
export type AnyEvent = { [T in EventType]: DomainEvent<T> }[EventType];

export const EVENT_TYPES = Object.keys(eventCatalog) as EventType[];

/** Raised when an event does not match its schema; nothing is appended. */
export class InvalidEventError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

export interface EventMetadata {
  readonly actor: Actor;
  /** When it happened; passed in so domain code and tests never read the clock themselves. */
  readonly now: Date;
  /** A caller-chosen id (deterministic ids make replicas append once); a fresh UUIDv7 otherwise. */
  readonly id?: string;
}

/** Builds a validated event of the given type; throws InvalidEventError on bad data. */
export function createEvent<T extends EventType>(
  type: T,
  data: EventDataInput<T>,
  metadata: EventMetadata,
): DomainEvent<T> {
  const definition = eventCatalog[type] as unknown as EventDefinition<z.ZodType<EventData<T>>>;
  const parsed = definition.data.safeParse(data);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new InvalidEventError(`Invalid ${type} event: ${issues.join('; ')}`, issues);
  }
  return assertSafeText({
    id: metadata.id ?? newEventId(metadata.now.getTime()),
    type,
    subject: definition.subject(parsed.data),
    aggregateId: definition.aggregateId(parsed.data),
    occurredAt: metadata.now.toISOString(),
    actor: metadata.actor,
    schemaVersion: definition.schemaVersion,
    data: parsed.data,
  });
}

/**
 * Validates anything claiming to be an event: the envelope, a known type and version, data
 * against its schema, and the subject and aggregate the data implies. Used at append and read.
 */
export function parseEvent(raw: unknown): AnyEvent {
  const envelope = EnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const issues = describeIssues(envelope.error);
    throw new InvalidEventError(`Invalid event envelope: ${issues.join('; ')}`, issues);
  }
  const { type, schemaVersion, data } = envelope.data;
  if (!Object.hasOwn(eventCatalog, type)) {
    throw new InvalidEventError(`Unknown event type '${type}'`);
  }
  const definition = eventCatalog[type as EventType] as unknown as EventDefinition<z.ZodType>;
  if (schemaVersion !== definition.schemaVersion) {
    throw new InvalidEventError(
      `Unsupported schema version ${schemaVersion} for '${type}' (expected ${definition.schemaVersion})`,
    );
  }
  const parsed = definition.data.safeParse(data);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new InvalidEventError(`Invalid ${type} event: ${issues.join('; ')}`, issues);
  }
  const subject = definition.subject(parsed.data);
  if (subject !== envelope.data.subject) {
    throw new InvalidEventError(`Event ${type} must be stored on subject '${subject}', not '${envelope.data.subject}'`);
  }
  return assertSafeText({ ...envelope.data, data: parsed.data, aggregateId: definition.aggregateId(parsed.data) } as AnyEvent);
}

/**
 * Refuses an event holding a string with NUL or a lone surrogate anywhere (see `safe-text.ts`):
 * PostgreSQL cannot store it, so once appended it would fail in every projection forever.
 */
function assertSafeText<E extends DomainEvent>(event: E): E {
  const path = findUnsafeText(event);
  if (path !== null) {
    const issue = `${path}: ${UNSAFE_TEXT_MESSAGE}`;
    throw new InvalidEventError(`Invalid ${event.type} event: ${issue}`, [issue]);
  }
  return event;
}

export function isEventOfType<T extends EventType>(event: AnyEvent, type: T): event is DomainEvent<T> & AnyEvent {
  return event.type === type;
}
