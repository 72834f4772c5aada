import { useEffect, useState } from 'react';
import { readRaw, writeRaw } from '../../../lib/storage';
import { readTimestamp, writeTimestamp } from '../../../lib/stored-time';
import { usePush } from '../hooks/use-push';
import {
  FIRST_VISIT_CARD_SHOWN_KEY,
  NOTIFICATION_PROMPT_LAST_SHOWN_KEY,
  type NotificationPromptKind,
  planNotificationPrompts,
} from '../lib/prompt-rules';
import { FirstVisitCard } from './first-visit-card';
import { IphoneGuide } from './iphone-guide';
import { NotificationPrompt } from './notification-prompt';
import './notifications.css';

export interface NotificationOverlaysProps {
  /** The clock, for tests. */
  readonly now?: () => number;
}

/**
 * The notification prompts of a page load: the first-visit card (3 s, until answered) and the
 * three-step overlay prompt (2 s, then not for 3 days), each by its own rule, as
 * planNotificationPrompts decides once when the page loads.
 * Enable asks for permission and subscribes (on an iPhone tab it opens the iPhone guide); the
 * prompt stays open with the reason when that fails. Goes away once notifications are decided
 * elsewhere (the settings modal).
 */
export function NotificationOverlays({ now = Date.now }: NotificationOverlaysProps) {
  const [push, controller] = usePush();
  const [plans] = useState(() =>
    planNotificationPrompts({
      availability: push.availability,
      permission: push.permission,
      firstVisitCardShown: readRaw(FIRST_VISIT_CARD_SHOWN_KEY) !== null,
      promptLastShown: readTimestamp(NOTIFICATION_PROMPT_LAST_SHOWN_KEY),
      now: now(),
    }),
  );
  const [visible, setVisible] = useState<ReadonlySet<NotificationPromptKind>>(() => new Set());
  const [guideOpen, setGuideOpen] = useState(false);

  const show = (kind: NotificationPromptKind, shown: boolean) =>
    setVisible((current) => {
      const next = new Set(current);
      if (shown) next.add(kind);
      else next.delete(kind);
      return next;
    });

  useEffect(() => {
    const timers = plans.map((plan) => setTimeout(() => show(plan.kind, true), plan.delayMs));
    return () => timers.forEach(clearTimeout);
  }, [plans]);

  const answered = (kind: NotificationPromptKind) => {
    if (kind === 'first-visit-card') writeRaw(FIRST_VISIT_CARD_SHOWN_KEY, 'true');
    else writeTimestamp(NOTIFICATION_PROMPT_LAST_SHOWN_KEY, now());
  };
  const dismiss = (kind: NotificationPromptKind) => {
    answered(kind);
    show(kind, false);
  };
  const enable = async (kind: NotificationPromptKind) => {
    answered(kind);
    if (push.availability === 'ios-install') {
      show(kind, false);
      setGuideOpen(true);
      return;
    }
    if (await controller.enable()) show(kind, false);
  };

  // Decided elsewhere meanwhile (the settings modal, the browser's site settings).
  const stillAsking = push.availability === 'ios-install' || !push.subscribed;
  const blocked = push.permission === 'denied';
  return (
    <>
      {visible.has('first-visit-card') && stillAsking ? (
        <FirstVisitCard
          onEnable={() => void enable('first-visit-card')}
          onDismiss={() => dismiss('first-visit-card')}
          busy={push.busy}
          error={push.error}
          blocked={blocked}
        />
      ) : null}
      {visible.has('notification-prompt') && stillAsking ? (
        <NotificationPrompt
          onEnable={() => void enable('notification-prompt')}
          onDismiss={() => dismiss('notification-prompt')}
          busy={push.busy}
          error={push.error}
          blocked={blocked}
        />
      ) : null}
      <IphoneGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </>
  );
}
