import type { SiteSettings } from '@xsd/contracts/api/site';
import { useLocation } from 'react-router';
import { Head } from '../../../components/seo/head';
import { communityLinks } from '../../../config/social-links';
import { PRODUCT_NAME } from '../../../config/site';
import { MaintenanceCountdown } from './maintenance-countdown';
import './maintenance.css';
import { maintenanceMessage, maintenanceTitle } from '@xsd/contracts/api/site';

export function MaintenanceScreen({ site }: { readonly site: SiteSettings }) {
  const location = useLocation();
  const title = maintenanceTitle(site);
  const message = maintenanceMessage(site);
  const { socialLinks } = communityLinks(site.community_links);
  return (
    <main className="maintenance" data-testid="maintenance-screen" id="main">
      <Head meta={{ name: 'Maintenance', title, description: message, noIndex: true }} path={location.pathname} />
      <div className="maintenance__box">
        <p className="maintenance__prompt" aria-hidden="true">
          <span className="accent">{PRODUCT_NAME.toLowerCase()}@status</span>:~$ systemctl status dashboard
        </p>
        <p className="maintenance__state">
          <span className="maintenance__dot" aria-hidden="true">
            ●
          </span>{' '}
          maintenance <span className="muted">(active)</span>
        </p>
        <h1 className="maintenance__title">{title}</h1>
        <p className="maintenance__message">{message}</p>
        {site.expected_up_time ? <MaintenanceCountdown expectedUpTime={site.expected_up_time} /> : null}
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <nav className="maintenance__social" aria-label="Social links">
          <h2 className="maintenance__social-title">Stay in touch</h2>
          <ul>
            {socialLinks.map((link) => (
              <li key={link.id}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label} ↗
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
