import { useEffect, useRef, useState } from 'react';
import { Toast } from '../../../components/ui/toast';
import { PRODUCT_NAME } from '../../../config/site';
import { type DeviceFacts, isIosDevice, readDeviceFacts, runsStandalone } from '../../../lib/device';
import { readTimestamp, writeTimestamp } from '../../../lib/stored-time';
import { takeEarlyInstallOffer } from '../lib/early-install-offer';
import {
  type BeforeInstallPromptEvent,
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_LAST_SHOWN_KEY,
  installPromptDue,
  IOS_INSTALL_STEPS,
} from '../lib/install-rules';

export interface InstallPromptProps {
  /** The clock and the device, for tests. */
  readonly now?: () => number;
  readonly device?: DeviceFacts;
  readonly standalone?: () => boolean;
}

type Shown = 'toast' | 'ios-card' | null;

/**
 * The install flow (spec section 4): the browser's install offer (`beforeinstallprompt`) is kept
 * and the 'Install App' toast shown 3 s later, unless it was shown in the last 7 days; on iOS,
 * which has no such event, the install card with the three-step Home Screen guide. Accepting or
 * dismissing records the time. Nothing while the app already runs installed, or once installed.
 */
export function InstallPrompt({ now = Date.now, device, standalone = runsStandalone }: InstallPromptProps) {
  const [shown, setShown] = useState<Shown>(null);
  const [guideOpen, setGuideOpen] = useState(false);
  const offer = useRef<BeforeInstallPromptEvent | null>(null);
  const ios = isIosDevice(device ?? readDeviceFacts());

  useEffect(() => {
    if (standalone()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showLater = (what: Exclude<Shown, null>) => {
      if (timer !== undefined || !installPromptDue(readTimestamp(INSTALL_PROMPT_LAST_SHOWN_KEY), now())) return;
      timer = setTimeout(() => setShown(what), INSTALL_PROMPT_DELAY_MS);
    };
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away: the toast asks instead.
      event.preventDefault();
      offer.current = event as BeforeInstallPromptEvent;
      showLater('toast');
    };
    const onInstalled = () => {
      offer.current = null;
      setShown(null);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    const early = takeEarlyInstallOffer();
    if (early) onOffer(early);
    if (ios) showLater('ios-card');
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [ios, now, standalone]);

  const answered = () => {
    writeTimestamp(INSTALL_PROMPT_LAST_SHOWN_KEY, now());
    setShown(null);
    setGuideOpen(false);
  };

  const install = async () => {
    const event = offer.current;
    offer.current = null;
    answered();
    if (!event) return;
    try {
      await event.prompt();
      await event.userChoice;
    } catch {
      // The offer was used up or withdrawn: nothing to do until the browser offers again.
    }
  };

  if (shown === 'toast') {
    return (
      <Toast
        title="Install App"
        testId="install-toast"
        onClose={answered}
        closeLabel="Not Now"
        actions={
          <>
            <button type="button" className="btn btn--ghost btn--small" onClick={answered}>
              Not Now
            </button>
            <button type="button" className="btn btn--primary btn--small" onClick={() => void install()}>
              Install
            </button>
          </>
        }
      >
        <p>Install {PRODUCT_NAME} on this device: it opens in its own window, loads from the cache and can notify you of your alerts.</p>
      </Toast>
    );
  }
  if (shown === 'ios-card') {
    return (
      <Toast title="Install App" testId="install-card" onClose={answered} closeLabel="Not Now" actions={
        guideOpen ? (
          <button type="button" className="btn btn--primary btn--small" onClick={answered}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--ghost btn--small" onClick={answered}>
              Not Now
            </button>
            <button type="button" className="btn btn--primary btn--small" onClick={() => setGuideOpen(true)}>
              Install
            </button>
          </>
        )
      }>
        {guideOpen ? (
          <ol className="install-steps" data-testid="ios-install-steps">
            {IOS_INSTALL_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        ) : (
          <p>Add {PRODUCT_NAME} to your Home Screen: it opens like an app and can notify you of your alerts.</p>
        )}
      </Toast>
    );
  }
  return null;
}
