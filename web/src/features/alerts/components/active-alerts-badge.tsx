import { Link } from 'react-router';
import { plural } from '../../../lib/plural';
import { useActiveAlertCount } from '../hooks/use-active-alert-count';

/** Header badge: 'N active alert(s)' linking to the alerts page. */
export function ActiveAlertsBadge() {
  const count = useActiveAlertCount();
  return (
    <Link to="/price-alerts" className={`header-badge${count > 0 ? ' header-badge--live' : ''}`} data-testid="active-alerts-badge">
      <span className="header-badge__icon" aria-hidden="true">
        {count > 0 ? '◉' : '○'}
      </span>
      {plural(count, 'active alert')}
    </Link>
  );
}
