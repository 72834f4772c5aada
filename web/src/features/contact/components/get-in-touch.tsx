import { Panel } from '../../../components/ui/panel';

const FAQ: readonly { readonly question: string; readonly answer: string }[] = [
  {
    question: 'What is this dashboard?',
    answer:
      'A community-run dashboard that tracks XSD, the silver-pegged stablecoin, and BankX across several blockchain networks: live prices, the silver reference price, a portfolio scanner, alerts and tools.',
  },
  {
    question: 'Is this an official project?',
    answer: 'No. This dashboard is not an official project of the XSD and BankX ecosystem; it is built and run by the community.',
  },
  {
    question: 'How often do prices update?',
    answer: 'Prices update in real time through blockchain reads and live updates from the server, and the data is refreshed every 2 minutes.',
  },
  {
    question: 'How can I contribute?',
    answer: 'Send bug reports and feature requests through this form, or join the community chat to help others and share ideas.',
  },
];

export interface GetInTouchProps {
  /** The community chat, or null when the build has no address for it. */
  readonly chatUrl: string | null;
}

/** The right-hand panel of /contact: the chat link and four answers. */
export function GetInTouch({ chatUrl }: GetInTouchProps) {
  return (
    <Panel title="Get in Touch" testId="contact-get-in-touch">
      <p>Prefer to chat? The community answers questions every day.</p>
      <div className="button-row">
        {chatUrl ? (
          <a className="btn" href={chatUrl} target="_blank" rel="noopener noreferrer" data-testid="contact-chat-link">
            Join the Community Chat ↗
          </a>
        ) : (
          <span className="muted" data-testid="contact-chat-link">
            Community chat <span className="tag tag--muted">not available</span>
          </span>
        )}
      </div>
      <h3 className="contact-faq__heading">Frequently asked questions</h3>
      {FAQ.map(({ question, answer }) => (
        <details key={question} className="contact-faq__item">
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </Panel>
  );
}
