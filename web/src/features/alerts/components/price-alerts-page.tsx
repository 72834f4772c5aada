import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { type AlertLists, MAX_ALERTS_PER_KIND } from '@xsd/contracts/api/alerts';
import { type ReactNode, useMemo, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { type AlertKind, countEnabledAlerts, updateAlertList } from '../../../lib/alert-lists';
import { isIosDevice, readDeviceFacts } from '../../../lib/device';
import { useNetworks } from '../../../api/get-networks';
import { useNow } from '../../../lib/use-now';
import { useAlertList } from '../hooks/use-alert-list';
import { selectableEvents } from '../lib/alert-check';
import { describeCalendarAlert, describeSilverAlert, describeTokenAlert, formatWhen } from '../lib/alert-text';
import { AlertList, type AlertListItem } from './alert-list';
import { CalendarAlertForm } from './calendar-alert-form';
import { IosSetupGuide } from './ios-setup-guide';
import { SilverAlertForm } from './silver-alert-form';
import { TelegramPanel } from './telegram-panel';
import { TokenAlertForm } from './token-alert-form';
import '../../../components/staff/staff-forms.css';
import './alerts.css';

export interface PriceAlertsPageProps {
  /** Active calendar events (the app reads them as /calendar does); undefined while loading. */
  readonly events: readonly CalendarEvent[] | undefined;
  readonly eventsFailed: boolean;
  /** The notification settings block, supplied by the app from the notifications feature. */
  readonly notificationSettings?: ReactNode;
  /** Whether this is an iPhone or iPad (detected when not given). */
  readonly ios?: boolean;
}

const KIND_TITLES: Record<AlertKind, string> = { token: 'Token Price Alerts', silver: 'Silver Price Alerts', calendar: 'Calendar Reminders' };
const CREATE_LABELS: Record<AlertKind, string> = { token: 'Create Token Alert', silver: 'Create Silver Alert', calendar: 'Create Calendar Alert' };
const EMPTY_TEXT: Record<AlertKind, string> = {
  token: 'No token alerts yet.',
  silver: 'No silver alerts yet.',
  calendar: 'No calendar reminders yet.',
};

type Alert<K extends AlertKind> = AlertLists[K][number];

function toggle<K extends AlertKind>(kind: K, id: string): void {
  updateAlertList(kind, (list) => (list as Alert<K>[]).map((a) => (a.id === id ? { ...a, enabled: !a.enabled } : a)) as AlertLists[K]);
}

function remove<K extends AlertKind>(kind: K, id: string): void {
  updateAlertList(kind, (list) => (list as Alert<K>[]).filter((a) => a.id !== id) as AlertLists[K]);
}

function add<K extends AlertKind>(kind: K, alert: Alert<K>): void {
  updateAlertList(kind, (list) => [...(list as Alert<K>[]), alert] as AlertLists[K]);
}

const lastTriggeredText = (ms: number | null, verb = 'triggered') => (ms === null ? `Never ${verb}` : `Last ${verb} ${formatWhen(ms)}`);

/**
 * /price-alerts: 'N of M alerts active', the Token, Silver and Calendar forms (each opened by its
 * button, which hides while the form is open), the three lists with toggle and delete, the iOS
 * setup guide and the notification settings block. Alerts live in this browser.
 */
export function PriceAlertsPage({ events, eventsFailed, notificationSettings, ios = isIosDevice(readDeviceFacts()) }: PriceAlertsPageProps) {
  const networks = useNetworks();
  const token = useAlertList('token');
  const silver = useAlertList('silver');
  const calendar = useAlertList('calendar');
  const [openForm, setOpenForm] = useState<Record<AlertKind, boolean>>({ token: false, silver: false, calendar: false });
  const [guideOpen, setGuideOpen] = useState(false);
  const now = useNow(60_000);

  const chains = useMemo(() => networks.data?.items.filter((n) => !n.coming_soon).map((n) => n.name), [networks.data]);
  const choices = useMemo(() => (events ? selectableEvents(events, calendar, now) : undefined), [events, calendar, now]);
  const lists = { token, silver, calendar };
  const total = token.length + silver.length + calendar.length;
  const active = countEnabledAlerts(lists);

  const setOpen = (kind: AlertKind, value: boolean) => setOpenForm((current) => ({ ...current, [kind]: value }));
  const created = <K extends AlertKind>(kind: K) => (alert: Alert<K>) => {
    add(kind, alert);
    setOpen(kind, false);
  };

  const items: Record<AlertKind, AlertListItem[]> = {
    token: token.map((a) => ({ id: a.id, description: describeTokenAlert(a), details: lastTriggeredText(a.lastTriggered), enabled: a.enabled })),
    silver: silver.map((a) => ({ id: a.id, description: describeSilverAlert(a), details: lastTriggeredText(a.lastTriggered), enabled: a.enabled })),
    calendar: calendar.map((a) => {
      const start = Date.parse(a.eventDate);
      const when = Number.isNaN(start) ? '' : start <= now ? 'Event started · ' : `Starts ${formatWhen(start)} · `;
      return { id: a.id, description: describeCalendarAlert(a), details: `${when}${lastTriggeredText(a.lastTriggered, 'reminded')}`, enabled: a.enabled };
    }),
  };

  const forms: Record<AlertKind, ReactNode> = {
    token: <TokenAlertForm chains={chains} loadFailed={networks.isError} onCreate={created('token')} onCancel={() => setOpen('token', false)} />,
    silver: <SilverAlertForm onCreate={created('silver')} onCancel={() => setOpen('silver', false)} />,
    calendar: <CalendarAlertForm events={choices} loadFailed={eventsFailed} onCreate={created('calendar')} onCancel={() => setOpen('calendar', false)} />,
  };

  const kinds: readonly AlertKind[] = ['token', 'silver', 'calendar'];

  return (
    <Page
      className="price-alerts"
      testId="page-price-alerts"
      title="Alerts & Notifications"
      subtitle="Token, silver and calendar alerts, kept in this browser and shown as notifications."
      actions={
        <button type="button" className="btn btn--small" onClick={() => setGuideOpen(true)} data-testid="ios-guide-button">
          iPhone / iPad setup
        </button>
      }
    >
      <p className="alerts-counter" role="status" data-testid="alerts-counter">
        <strong>{active}</strong> of <strong>{total}</strong> alerts active
      </p>
      {ios ? (
        <Panel title="On iPhone or iPad?" tone="info" testId="ios-notice">
          <p>Notifications need the dashboard on your Home Screen first.</p>
          <button type="button" className="btn btn--small" onClick={() => setGuideOpen(true)}>
            Show the setup guide
          </button>
        </Panel>
      ) : null}
      {notificationSettings ? <div className="alerts-settings">{notificationSettings}</div> : null}
      <TelegramPanel lists={lists} active={active} />
      {total === 0 ? (
        <p className="muted alerts-empty" data-testid="alerts-empty">
          No alerts yet. Create one below: a token or silver price to watch, or a reminder before a calendar event.
        </p>
      ) : null}
      {kinds.map((kind) => {
        const full = lists[kind].length >= MAX_ALERTS_PER_KIND;
        return (
          <Panel
            key={kind}
            title={KIND_TITLES[kind]}
            testId={`${kind}-alerts-panel`}
            actions={
              openForm[kind] ? null : (
                <button
                  type="button"
                  className="btn btn--small btn--primary"
                  disabled={full}
                  title={full ? `At most ${MAX_ALERTS_PER_KIND} alerts of this kind` : undefined}
                  onClick={() => setOpen(kind, true)}
                  data-testid={`create-${kind}-alert`}
                >
                  + {CREATE_LABELS[kind]}
                </button>
              )
            }
          >
            {openForm[kind] ? forms[kind] : null}
            <AlertList
              kind={kind}
              items={items[kind]}
              empty={EMPTY_TEXT[kind]}
              onToggle={(id) => toggle(kind, id)}
              onDelete={(id) => remove(kind, id)}
            />
          </Panel>
        );
      })}
      <IosSetupGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </Page>
  );
}
