import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import type { SocialChannel } from '../../../config/social-links';
import { ExternalLink } from './external-link';
import './community.css';

export interface SocialsPageProps {
  readonly channels: readonly SocialChannel[];
}

/** /socials: the community's chats, video channels and accounts. */
export function SocialsPage({ channels }: SocialsPageProps) {
  return (
    <Page className="community" testId="socials" title="Socials" subtitle="Chats, channels and accounts of the XSD and BankX community.">
      <Panel title="Channels">
        <ul className="community__channels">
          {channels.map((channel) => (
            <li key={channel.id} className="community__channel" data-testid={`social:${channel.id}`}>
              <span className="community__channel-text">
                <span className="community__channel-name">{channel.label}</span>
                <span className="muted">{channel.description}</span>
              </span>
              <ExternalLink url={channel.url} label="Open" className="btn btn--small" />
            </li>
          ))}
        </ul>
      </Panel>
    </Page>
  );
}
