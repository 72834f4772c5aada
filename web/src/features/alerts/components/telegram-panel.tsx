import type { AlertLists } from '@xsd/contracts/api/alerts';
import { serverMessage } from '../../../lib/api-client';
import { visitorId } from '../../../lib/analytics/browser-tracker';
import { Panel } from '../../../components/ui/panel';
import { useCreateTelegramLink } from '../api/create-telegram-link';
import { useTelegramStatus } from '../api/get-telegram-status';

export interface TelegramPanelProps {
  /** The alerts of this browser, as the link will bind them. */
  readonly lists: AlertLists;
  readonly active: number;
}

const expiryText = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * 'Send to Telegram' (shown only when the site has a bot): a one-time link that opens a chat with
 * the bot and binds it to this browser's alerts. The chat then gets the same alerts as push.
 */
export function TelegramPanel({ lists, active }: TelegramPanelProps) {
  const status = useTelegramStatus();
  const link = useCreateTelegramLink();
  if (!status.data?.enabled) return null;
  const send = () => link.mutate({ visitorId: visitorId(), alerts: lists });
  return (
    <Panel
      title="Telegram"
      testId="telegram-panel"
      actions={
        <button type="button" className="btn btn--small btn--primary" onClick={send} disabled={active === 0 || link.isPending} data-testid="send-to-telegram">
          {link.isPending ? 'Creating link...' : 'Send to Telegram'}
        </button>
      }
    >
      <p className="muted">
        {active === 0
          ? 'Create an alert first: its alerts then reach a Telegram chat as well.'
          : `Get these ${active} active alerts in Telegram too. The link opens a chat with our bot and works once, for 10 minutes.`}
      </p>
      {link.data ? (
        <p className="telegram-link" data-testid="telegram-link">
          <a className="btn btn--small" href={link.data.url} target="_blank" rel="noopener noreferrer">
            Open Telegram
          </a>{' '}
          <span className="muted">Valid once, until {expiryText(link.data.expiresAt)}. Send /stop in the chat to end it.</span>
        </p>
      ) : null}
      {link.isError ? (
        <p className="error-text" role="alert" data-testid="telegram-error">
          {serverMessage(link.error) ?? 'Could not create a Telegram link. Please try again.'}
        </p>
      ) : null}
    </Panel>
  );
}
