/**
 * What the notifier's tests and its benchmark (bench/notify) share: subscriptions registered
 * through the log, the environment of a process sending to the loopback push receiver, the built
 * notifier as a process of its own, and its triggers counted by state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEvent } from '@xsd/contracts';
import type { AlertLists, NotificationPreferences } from '@xsd/contracts/api/alerts';
import { type PushSubscriptionJson, pushSubscriptionId } from '@xsd/contracts/api/push';
import { sql } from 'kysely';
import type { Db } from '../database/database.js';
import { NOTIFIER_CONSUMER } from '../notifier/notifier.js';

export const ALL_PREFERENCES_ON: NotificationPreferences = { priceAlerts: true, silverAlerts: true, calendarEvents: true, systemUpdates: true };

/**
 * The `push.subscription-saved` event the API appends for POST /api/push/subscriptions: appending
 * it registers a subscription without the HTTP round trip. Alert lists left out are empty.
 */
export function subscriptionSavedEvent(
  subscription: PushSubscriptionJson,
  { alerts = {}, preferences = ALL_PREFERENCES_ON, now }: { alerts?: Partial<AlertLists>; preferences?: NotificationPreferences; now: Date },
) {
  return createEvent(
    'push.subscription-saved',
    {
      subscriptionId: pushSubscriptionId(subscription.endpoint),
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      preferences,
      alerts: { token: [], silver: [], calendar: [], ...alerts },
    },
    { actor: { kind: 'visitor', id: null }, now },
  );
}

export interface PushProcessWiring {
  readonly database: { readonly url: string };
  readonly stream: { readonly stream: string; readonly subjectPrefix: string };
  readonly natsUrl: string;
  /** The loopback push receiver's certificate file. */
  readonly receiver: { readonly caFile: string };
  readonly vapid: { readonly publicKey: string; readonly privateKey: string };
  readonly vapidSubject: string;
}

/** The environment of a services process on a test database and stream, pushing to the loopback receiver. */
export function pushProcessEnv({ database, stream, natsUrl, receiver, vapid, vapidSubject }: PushProcessWiring): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    XSD_STREAM: stream.stream,
    XSD_SUBJECT_PREFIX: stream.subjectPrefix,
    // The push receiver's self-signed certificate, trusted by the services' https requests.
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    // The receiver's endpoints are on 127.0.0.1, an address push endpoints may not have otherwise.
    XSD_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    XSD_VAPID_PUBLIC_KEY: vapid.publicKey,
    XSD_VAPID_PRIVATE_KEY: vapid.privateKey,
    XSD_VAPID_SUBJECT: vapidSubject,
    // No ops listener: the benchmark runs outside the tests' environment, beside a `make start` perhaps.
    XSD_METRICS_PORT: '0',
  };
}

/** The built notifier (`tsc -b services` first). */
export const NOTIFIER_MAIN = fileURLToPath(new URL('../../dist/apps/notifier/main.js', import.meta.url));

/** Starts the built notifier with `env` over this process's environment; its stdout and stderr go to `onOutput`. */
export function spawnNotifier(env: Record<string, string>, onOutput: (text: string) => void): ChildProcess {
  const child = spawn(process.execPath, [NOTIFIER_MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.setEncoding('utf8').on('data', onOutput);
  child.stderr?.setEncoding('utf8').on('data', onOutput);
  return child;
}

/** The notifier's triggers by state, and how far it has judged the log (null before it first led). */
export async function notifierState(db: Db) {
  const counts = await sql<{ unappended: number; pending: number; delivered: number; sent: number }>`
    select count(*) filter (where not appended)::int as unappended,
           count(*) filter (where appended and outcome is null)::int as pending,
           count(*) filter (where outcome is not null)::int as delivered,
           count(*) filter (where outcome = 'sent')::int as sent
    from notifier_triggers`.execute(db);
  const checkpoint = await db.selectFrom('projection_checkpoints').select('sequence').where('name', '=', NOTIFIER_CONSUMER).executeTakeFirst();
  return { ...counts.rows[0], checkpoint: checkpoint ? Number(checkpoint.sequence) : null };
}
