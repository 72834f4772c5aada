import { EnableProblems, NotificationToast } from './notification-toast';

export interface FirstVisitCardProps {
  readonly onEnable: () => void;
  /** Maybe Later or close: the card is not shown again. */
  readonly onDismiss: () => void;
  readonly busy?: boolean;
  readonly error?: string | null;
  readonly blocked?: boolean;
}

/** The first-visit 'Enable Notifications' card (spec sections 2 and 4). */
export function FirstVisitCard({ onEnable, onDismiss, busy = false, error = null, blocked = false }: FirstVisitCardProps) {
  return (
    <NotificationToast
      title="Enable Notifications"
      testId="first-visit-card"
      onDismiss={onDismiss}
      dismissLabel="Maybe Later"
      primaryLabel={busy ? 'Enabling…' : 'Enable'}
      onPrimary={onEnable}
      primaryDisabled={busy || blocked}
    >
      <p>Be told when your price, silver and calendar alerts trigger, even with this tab closed.</p>
      <EnableProblems blocked={blocked} error={error} />
    </NotificationToast>
  );
}
