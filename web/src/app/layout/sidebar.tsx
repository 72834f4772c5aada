import { NavLink } from 'react-router';
import {
  CONTACT_LINK,
  enabledLinkCount,
  MENU_STATE_KEY,
  NAV_GROUPS,
  resolveMenuOpenState,
  type NavItem,
} from '../../config/navigation';
import { AlertDot } from '../../features/alerts/components/alert-dot';
import { useStoredJson } from '../../lib/storage';

function NavEntry({ item }: { readonly item: NavItem }) {
  if (item.kind === 'disabled') {
    return (
      <span className="nav-link nav-link--disabled" aria-disabled="true" data-testid={`nav-disabled-${item.path}`}>
        <span className="nav-link__label">{item.label}</span>
        <span className="tag tag--muted">Soon</span>
      </span>
    );
  }
  return (
    <NavLink to={item.path} end className="nav-link">
      <span className="nav-link__label">
        {item.label}
        {item.alertDot ? <AlertDot /> : null}
      </span>
      {item.badge ? <span className="tag tag--new">{item.badge}</span> : null}
      {item.hint ? <span className="nav-link__hint">{item.hint}</span> : null}
    </NavLink>
  );
}

/** The five menu groups (open state remembered in this browser) and the Contact Us link. */
export function Sidebar() {
  const [openState, setOpenState] = useStoredJson(MENU_STATE_KEY, resolveMenuOpenState);
  return (
    <nav className="nav" aria-label="Main">
      {NAV_GROUPS.map((group) => {
        const open = openState[group.id] ?? group.defaultOpen;
        const listId = `nav-group-${group.id}`;
        const count = enabledLinkCount(group);
        return (
          <div className="nav-group" key={group.id} data-testid={`nav-group-${group.id}`}>
            <button
              type="button"
              className="nav-group__toggle"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpenState({ ...openState, [group.id]: !open })}
            >
              <span className="nav-group__chevron" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              <span className="nav-group__title">{group.title}</span>
              <span className="nav-group__count" aria-label={`${count} available`}>
                {count}
              </span>
            </button>
            <ul className="nav-group__list" id={listId} hidden={!open}>
              {group.items.map((item) => (
                <li key={item.path}>
                  <NavEntry item={item} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <div className="nav-contact">
        <NavEntry item={CONTACT_LINK} />
      </div>
    </nav>
  );
}
