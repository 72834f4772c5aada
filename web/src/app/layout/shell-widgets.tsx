import { ErrorBoundary } from '../../components/errors/error-boundary';
import { ToastStack } from '../../components/ui/toast';
import { AnalyticsTracker } from '../../features/analytics/components/analytics-tracker';
import { NotificationOverlays } from '../../features/notifications/components/notification-overlays';
import { PushSync } from '../../features/notifications/components/push-sync';
import { InstallPrompt } from '../../features/pwa/components/install-prompt';
import { UpdateBanner } from '../../features/version/components/update-banner';
import { UpdateToast } from '../../features/version/components/update-toast';
import { VersionWatch } from '../../features/version/components/version-watch';
import { AlertsChecker } from './alerts-checker';

/** What runs beside every page: analytics, version watch and banner, the toasts and prompts, the alerts checker; each fails alone. */
export function ShellWidgets() {
  return (
    <>
      <ErrorBoundary region="Update banner" silent>
        <AnalyticsTracker />
        <VersionWatch />
        <UpdateBanner />
      </ErrorBoundary>
      <ToastStack>
        <ErrorBoundary region="Update toast" silent>
          <UpdateToast />
        </ErrorBoundary>
        <ErrorBoundary region="Install prompt" silent>
          <InstallPrompt />
        </ErrorBoundary>
        <ErrorBoundary region="Notification prompts" silent>
          <PushSync />
          <NotificationOverlays />
        </ErrorBoundary>
      </ToastStack>
      <ErrorBoundary region="Alerts checker" silent>
        <AlertsChecker />
      </ErrorBoundary>
    </>
  );
}
