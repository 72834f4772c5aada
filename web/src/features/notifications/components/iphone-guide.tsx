import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { PRODUCT_NAME } from '../../../config/site';
import { iosSupportsPush, iosVersion } from '../lib/push-environment';
import './notifications.css';

/** The 4-step iPhone notification guide (spec section 2): web push on iOS works from the Home Screen only. */
export const IPHONE_GUIDE_STEPS = [
  {
    title: 'Add to Home Screen',
    text: "Tap the Share button in the browser's toolbar, then choose 'Add to Home Screen'.",
  },
  {
    title: 'Confirm',
    text: `Tap 'Add' in the top corner to put ${PRODUCT_NAME} on your Home Screen.`,
  },
  {
    title: 'Open from Home Screen',
    text: `Close the browser and open ${PRODUCT_NAME} from its new Home Screen icon.`,
  },
  {
    title: 'Enable',
    text: "In the app, open Notifications and tap 'Enable Notifications', then Allow.",
  },
] as const;

export const IPHONE_GUIDE_REQUIREMENT = 'Requires iOS 16.4 or newer, in Safari or Brave.';

export interface IphoneGuideProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The browser's user agent, for the iOS version check. */
  readonly userAgent?: string;
}

export function IphoneGuide({ open, onClose, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent }: IphoneGuideProps) {
  const [step, setStep] = useState(0);
  const last = IPHONE_GUIDE_STEPS.length - 1;
  const current = IPHONE_GUIDE_STEPS[step]!;
  const version = iosVersion(userAgent);
  const close = () => {
    setStep(0);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Enable Notifications on iPhone"
      testId="iphone-guide"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => setStep(step - 1)} disabled={step === 0}>
            Previous
          </button>
          {step < last ? (
            <button type="button" className="btn btn--primary" onClick={() => setStep(step + 1)}>
              Next
            </button>
          ) : (
            <button type="button" className="btn btn--primary" onClick={close}>
              Finish
            </button>
          )}
        </>
      }
    >
      <p className="muted" data-testid="iphone-guide-progress">
        Step {step + 1} of {IPHONE_GUIDE_STEPS.length}
      </p>
      <h3 className="notify-step__title">{current.title}</h3>
      <p>{current.text}</p>
      <p className="muted">{IPHONE_GUIDE_REQUIREMENT}</p>
      {version && !iosSupportsPush(userAgent) ? (
        <p className="warn" role="note">
          This device runs iOS {version.major}.{version.minor}: update iOS before adding the app.
        </p>
      ) : null}
    </Modal>
  );
}
