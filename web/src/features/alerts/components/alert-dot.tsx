import { useActiveAlertCount } from '../hooks/use-active-alert-count';

/** The menu's active dot: shown while any alert is enabled. */
export function AlertDot() {
  const count = useActiveAlertCount();
  if (count === 0) return null;
  return (
    <span className="nav-dot" role="img" aria-label={`${count} enabled`} data-testid="alerts-active-dot">
      ●
    </span>
  );
}
