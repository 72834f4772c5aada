import { useState } from 'react';
import { EnableProblems, NotificationToast } from './notification-toast';

export const PROMPT_BENEFITS = [
  { title: 'Price alerts', text: 'When XSD or BankX reaches the price you set, on any network.' },
  { title: 'Silver rate updates', text: 'When silver crosses your level per gram.' },
  { title: 'Event reminders', text: 'Before the calendar events you follow start.' },
] as const;

export interface NotificationPromptProps {
  /** Enable was chosen on the last step. */
  readonly onEnable: () => void;
  /** Maybe Later, Skip or close: the prompt goes away for 3 days. */
  readonly onDismiss: () => void;
  readonly busy?: boolean;
  /** A failed enable, shown on the last step. */
  readonly error?: string | null;
  readonly blocked?: boolean;
}

/**
 * The three-step notification prompt (spec section 2, Overlays): an intro ('Maybe Later' /
 * 'Tell Me More'), the benefits ('Skip' / 'Continue'), then 'Enable Notifications' / 'Maybe Later'.
 */
export function NotificationPrompt({ onEnable, onDismiss, busy = false, error = null, blocked = false }: NotificationPromptProps) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const frame = { testId: 'notification-prompt', onDismiss } as const;
  if (step === 1) {
    return (
      <NotificationToast {...frame} title="Never miss a move" dismissLabel="Maybe Later" primaryLabel="Tell Me More" onPrimary={() => setStep(2)}>
        <p data-testid="notification-prompt-step">Step 1 of 3</p>
        <p>Get a notification when your alerts trigger, even when this tab is closed.</p>
      </NotificationToast>
    );
  }
  if (step === 2) {
    return (
      <NotificationToast {...frame} title="What you will get" dismissLabel="Skip" primaryLabel="Continue" onPrimary={() => setStep(3)}>
        <p data-testid="notification-prompt-step">Step 2 of 3</p>
        <ul className="notify-benefits">
          {PROMPT_BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <strong>{benefit.title}</strong>: {benefit.text}
            </li>
          ))}
        </ul>
      </NotificationToast>
    );
  }
  return (
    <NotificationToast
      {...frame}
      title="Turn on notifications"
      dismissLabel="Maybe Later"
      primaryLabel={busy ? 'Enabling…' : 'Enable Notifications'}
      onPrimary={onEnable}
      primaryDisabled={busy || blocked}
    >
      <p data-testid="notification-prompt-step">Step 3 of 3</p>
      <p>Your browser will ask for permission. You can change this at any time in Notification Settings.</p>
      <EnableProblems blocked={blocked} error={error} />
    </NotificationToast>
  );
}
