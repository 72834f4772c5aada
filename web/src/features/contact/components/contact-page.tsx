import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import '../../../components/staff/staff-forms.css';
import type { submitContact } from '../api/submit-contact';
import { ContactFormView } from './contact-form';
import { GetInTouch } from './get-in-touch';
import './contact.css';

export interface ContactPageProps {
  /** The community chat of 'Get in Touch'; none shows it as not available. */
  readonly chatUrl?: string | null;
  readonly send?: typeof submitContact;
}

/** /contact: the form on the left, 'Get in Touch' on the right (stacked on a phone). */
export function ContactPage({ chatUrl = null, send }: ContactPageProps) {
  return (
    <Page className="contact" testId="contact-page" title="Contact Us" subtitle="Questions, bug reports and ideas: we read every message.">
      <div className="contact__grid">
        <Panel title="Send a Message" tone="accent">
          <ContactFormView send={send} />
        </Panel>
        <GetInTouch chatUrl={chatUrl} />
      </div>
    </Page>
  );
}
