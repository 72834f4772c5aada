import { Link } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { StaffHeaderControls } from '../../components/staff/staff-header-controls';
import { PRODUCT_NAME } from '../../config/site';
import { ActiveAlertsBadge } from '../../features/alerts/components/active-alerts-badge';
import { UpcomingEventsBadge } from '../../features/calendar/components/upcoming-events-badge';
import { NotificationsButton } from '../../features/notifications/components/notifications-button';

/** The header's badges, each failing alone and silently. */
const BADGES = [
  { region: 'Staff session', Badge: StaffHeaderControls },
  { region: 'Events badge', Badge: UpcomingEventsBadge },
  { region: 'Alerts badge', Badge: ActiveAlertsBadge },
  { region: 'Notifications', Badge: NotificationsButton },
] as const;

export interface HeaderProps {
  readonly menuOpen: boolean;
  readonly onToggleMenu: () => void;
}

export function Header({ menuOpen, onToggleMenu }: HeaderProps) {
  return (
    <header className="header" data-testid="header">
      <div className="header__brand-row">
        <button
          type="button"
          className="header__menu btn btn--ghost"
          aria-controls="sidebar"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={onToggleMenu}
          data-testid="menu-toggle"
        >
          {menuOpen ? '[×]' : '[≡]'}
        </button>
        <Link to="/" className="header__brand" aria-label={`${PRODUCT_NAME} home`}>
          <span className="header__prompt" aria-hidden="true">
            &gt;_
          </span>
          <span className="header__title">{PRODUCT_NAME}</span>
        </Link>
        <span className="header__version" data-testid="header-version" title="Version of this page">
          v{__APP_VERSION__}
        </span>
        <span className="header__ai" title="Content and messages are checked by automated protection">
          AI-Protected
        </span>
      </div>
      <div className="header__badges">
        {BADGES.map(({ region, Badge }) => (
          <ErrorBoundary key={region} region={region} silent>
            <Badge />
          </ErrorBoundary>
        ))}
      </div>
    </header>
  );
}
