import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { PRODUCT_NAME } from '../../../config/site';
import { GUIDE_FAQ, GUIDE_LINKS, GUIDE_SECTIONS } from '../lib/guide-content';
import './community.css';

export interface GuidePageProps {
  /** From /version.json, or the guide's fallbacks (1.0.3, 'Unknown'). */
  readonly version: string;
  readonly buildDate: string;
}

/** /about-site: the long guide, one collapsible section per part of the dashboard, an FAQ and links. */
export function GuidePage({ version, buildDate }: GuidePageProps) {
  return (
    <Page className="community" testId="guide" title="About the Dashboard" subtitle={`How to get the most out of ${PRODUCT_NAME}.`}>
      <p className="community__version" data-testid="guide-version">
        <span className="muted">version</span> <span className="accent">{version}</span> <span className="muted">· built</span>{' '}
        <span>{buildDate}</span>
      </p>

      <Panel title="Guide">
        <div className="community__sections">
          {GUIDE_SECTIONS.map((section) => (
            <details key={section.id} className="community__section" data-testid={`guide-section:${section.id}`}>
              <summary>{section.title}</summary>
              <ul className="link-list">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <Link to={section.path}>{section.linkLabel} →</Link>
            </details>
          ))}
        </div>
      </Panel>

      <Panel title="FAQ">
        <div className="community__sections">
          {GUIDE_FAQ.map((entry) => (
            <details key={entry.question} className="community__section">
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </div>
      </Panel>

      <Panel title="Pages">
        <ul className="community__links" data-testid="guide-links">
          {GUIDE_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={link.path}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </Panel>
    </Page>
  );
}
