import type { CreateCalendarEventRequest } from '@xsd/contracts/api/admin-calendar';
import type { CreateNewsRequest } from '@xsd/contracts/api/admin-news';
import type { AdminApi } from './admin-api';

/** A real 1x1 PNG: the browser draws it, so the staff's photo and its overlay render. */
export const CONTACT_PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const CONTACT_VISITOR = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Bug Report', message: 'The silver chart is blank on my phone.' };
/** The network the seed marks inactive, with a maintenance message. */
export const INACTIVE_CHAIN = 'Polygon';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's (and this process's) time zone, as the calendar keys its cells. */
export function localDate(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * What a running site holds, so every screen renders its stored-data state: news of two
 * priorities, calendar events today (more than a day cell shows), an inactive network, and a
 * contact message with a photo. Through the staff API and the public contact route, as users do.
 */
export async function storeContent(baseUrl: string, api: AdminApi): Promise<void> {
  const news: CreateNewsRequest[] = [
    { title: 'Bridge maintenance tonight', content: '<p>Bridges pause from <b>23:00</b> UTC.</p>', type: 'warning', priority: 4 },
    { title: 'New network listed', content: '<p>XSD now trades on Base.</p>', type: 'info', priority: 2 },
  ];
  for (const item of news) await api.request('POST', '/api/admin/news', item);
  const today = localDate();
  const events: CreateCalendarEventRequest[] = [
    { title: 'Bridge upgrade', type: 'maintenance', start_date: today, start_time: '23:00', end_time: '23:30', location: 'Online', url: 'https://example.com/bridge', description: '<p>Bridges <b>pause</b></p>' },
    ...(['announcement', 'event', 'deadline', 'update'] as const).map((type, i) => ({ title: ['Listing', 'AMA', 'Deadline day', 'Update notes'][i]!, type, start_date: today })),
  ];
  for (const event of events) await api.request('POST', '/api/admin/calendar-events', event);
  await api.request('PATCH', `/api/admin/chains/${INACTIVE_CHAIN}`, { is_active: false, maintenance_message: 'Polygon RPC upgrade in progress' });
  const form = new FormData();
  for (const [key, value] of Object.entries(CONTACT_VISITOR)) form.set(key, value);
  form.set('photo', new Blob([CONTACT_PHOTO_PNG], { type: 'image/png' }), 'screenshot.png');
  const response = await fetch(`${baseUrl}/api/contact`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`POST /api/contact answered ${response.status}: ${await response.text()}`);
}
