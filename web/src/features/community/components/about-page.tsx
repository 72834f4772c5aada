import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { ABOUT_REFRESH_MINUTES, PRODUCT_NAME } from '../../../config/site';
import './community.css';

/** /about: the short community page. */
export function AboutPage() {
  return (
    <Page className="community" testId="about" title={`About ${PRODUCT_NAME}`} subtitle="A community project">
      <Panel title="Who we are" tone="accent">
        <p>
          {PRODUCT_NAME} is a community-run dashboard for XSD, the stablecoin pegged to one gram of silver, and BankX, its growth token, on seven
          networks.
        </p>
        <p>
          <strong>It is not affiliated with the token project.</strong> It is built and run by members of the community, for the community.
        </p>
      </Panel>
      <Panel title="How it works">
        <ul className="link-list">
          <li>Prices update in real time through blockchain reads: each network’s price controller and the Chainlink silver feed.</li>
          <li>Data refresh every {ABOUT_REFRESH_MINUTES} minutes.</li>
          <li>Your alerts, saved wallets and preferences stay in your browser.</li>
        </ul>
      </Panel>
      <Panel title="Get involved">
        <p>
          Read the <Link to="/about-site">dashboard guide</Link>, join the chats on <Link to="/socials">Socials</Link>, or write to us on the{' '}
          <Link to="/contact">Contact</Link> page.
        </p>
      </Panel>
    </Page>
  );
}
