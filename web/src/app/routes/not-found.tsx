import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/ui/panel';

const POPULAR_PAGES = [
  { path: '/silver-price', label: 'Silver Price' },
  { path: '/add-to-wallet', label: 'Add to Wallet' },
  { path: '/arbitrage-hunter', label: 'Arbitrage Hunter' },
  { path: '/calendar', label: 'Calendar' },
] as const;

export default function NotFoundRoute() {
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className="page not-found" data-testid="not-found">
      <pre className="not-found__art" aria-hidden="true">{`  _  _    ___   _  _
 | || |  / _ \\ | || |
 | || |_| | | || || |_
 |__   _| |_| ||__   _|
    |_|  \\___/    |_|`}</pre>
      <h1 className="not-found__title">
        <span className="err">404</span> Page not found
      </h1>
      <p>The page you're looking for doesn't exist or has been moved.</p>
      <div className="button-row">
        <Link to="/" className="btn btn--primary">
          Dashboard
        </Link>
        <Link to="/wallet-checker" className="btn">
          Wallet Checker
        </Link>
        <button type="button" className="btn" onClick={goBack}>
          Go Back
        </button>
      </div>
      <Panel title="Popular pages" level={2}>
        <ul className="link-list">
          {POPULAR_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.label}</Link>
            </li>
          ))}
        </ul>
      </Panel>
      <p className="muted">
        Still lost? <Link to="/contact">Contact Support</Link>
      </p>
    </div>
  );
}
