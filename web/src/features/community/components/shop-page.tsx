import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { ExternalLink } from './external-link';
import './community.css';

export interface ShopPageProps {
  readonly storeUrl: string | null;
  readonly chatUrl: string | null;
}

/** /shop: official merchandise, sold in an external store; questions go to the community chat. */
export function ShopPage({ storeUrl, chatUrl }: ShopPageProps) {
  return (
    <Page className="community" testId="shop" title="Shop" subtitle="Official merchandise">
      <div className="community__grid">
        <Panel title="Official store" tone="accent">
          <p>Official merchandise for XSD and BankX supporters is sold in an external store, outside this dashboard.</p>
          <p className="muted">Orders, payment and shipping are handled by the store itself.</p>
          <div className="button-row">
            <ExternalLink url={storeUrl} label="Visit the Store" className="btn btn--primary" testId="shop-store-link" />
          </div>
        </Panel>
        <Panel title="Community chat">
          <p>Questions about the merchandise? Ask the community.</p>
          <div className="button-row">
            <ExternalLink url={chatUrl} label="Join the Community Chat" testId="shop-chat-link" />
          </div>
        </Panel>
      </div>
    </Page>
  );
}
