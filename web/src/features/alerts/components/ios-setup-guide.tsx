import { Modal } from '../../../components/ui/modal';

export interface IosSetupGuideProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** On iPhone and iPad, web notifications need the site added to the Home Screen and opened from there. */
export const IOS_SETUP_STEPS = [
  'In Safari (or Brave), tap the Share button and choose “Add to Home Screen”.',
  'Tap “Add” to confirm.',
  'Open the dashboard from its new icon on your Home Screen.',
  'Come back to Alerts & Notifications, enable notifications and allow them when iOS asks.',
] as const;

export function IosSetupGuide({ open, onClose }: IosSetupGuideProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Alerts on iPhone and iPad"
      testId="ios-setup-guide"
      footer={
        <button type="button" className="btn btn--small btn--primary" onClick={onClose}>
          Got it
        </button>
      }
    >
      <p>Notifications on iOS need iOS 16.4 or newer, with the dashboard added to your Home Screen:</p>
      <ol className="ios-steps">
        {IOS_SETUP_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="muted">Alerts then reach you from the Home Screen app.</p>
    </Modal>
  );
}
