import { type PushPayload, PushPayloadSchema } from '@xsd/contracts/api/push';
import { PRODUCT_NAME } from '../config/site';

/** Shown when a notification names no icon or badge of its own. */
export const DEFAULT_ICON = '/pwa-192x192.png';
export const DEFAULT_BADGE = '/badge-96x96.png';

/** NotificationOptions as service workers take them (TypeScript's DOM types lack `actions`). */
export interface WorkerNotificationOptions extends NotificationOptions {
  readonly actions?: readonly { readonly action: string; readonly title: string; readonly icon?: string }[];
}

export interface NotificationToShow {
  readonly title: string;
  readonly options: WorkerNotificationOptions;
}

/**
 * What to show for a push message: the spec's payload (title, body, icon, badge, tag, data,
 * requireInteraction, actions) as the notifier and the API-key sender build it. A message that is
 * not such a payload still shows something (a push to a `userVisibleOnly` subscription that shows
 * nothing is held against the site by the browser): its text as the body under the product name.
 */
export function notificationFromPush(text: string | null): NotificationToShow {
  let payload: PushPayload | null = null;
  if (text !== null) {
    try {
      const parsed = PushPayloadSchema.safeParse(JSON.parse(text));
      if (parsed.success) payload = parsed.data;
    } catch {
      payload = null;
    }
  }
  if (!payload) {
    return { title: PRODUCT_NAME, options: { body: text?.trim() || 'You have a new notification.', icon: DEFAULT_ICON, badge: DEFAULT_BADGE, data: { url: '/' } } };
  }
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: payload.icon ?? DEFAULT_ICON,
      badge: payload.badge ?? DEFAULT_BADGE,
      data: { url: '/', ...payload.data },
      ...(payload.tag !== undefined ? { tag: payload.tag } : {}),
      ...(payload.requireInteraction !== undefined ? { requireInteraction: payload.requireInteraction } : {}),
      ...(payload.actions !== undefined ? { actions: payload.actions } : {}),
    },
  };
}

/**
 * The page a click opens: the notification's `data.url` (an action's own `data.<action>Url`
 * first, when the sender gave one), resolved against this origin. Only pages of this site are
 * opened: a URL of another origin falls back to the home page, so a notification cannot be used
 * to send visitors elsewhere.
 */
export function clickTarget(data: unknown, action: string, origin: string): string {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const wanted = (action && typeof fields[`${action}Url`] === 'string' ? fields[`${action}Url`] : fields.url) as unknown;
  const home = new URL('/', origin).href;
  if (typeof wanted !== 'string' || wanted === '') return home;
  try {
    const url = new URL(wanted, origin);
    return url.origin === new URL(origin).origin ? url.href : home;
  } catch {
    return home;
  }
}
