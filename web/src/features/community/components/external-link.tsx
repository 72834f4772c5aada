export interface ExternalLinkProps {
  /** Null when the address is not configured: shown as not available, never as a dead link. */
  readonly url: string | null;
  readonly label: string;
  readonly className?: string;
  readonly testId?: string;
}

/** A link out of the site in a new tab, or a plain 'not available' label without an address. */
export function ExternalLink({ url, label, className = 'btn', testId }: ExternalLinkProps) {
  if (url === null) {
    return (
      <span className="community__unavailable" data-testid={testId} data-available="false">
        {label} <span className="tag tag--muted">not available</span>
      </span>
    );
  }
  return (
    <a className={className} href={url} target="_blank" rel="noopener noreferrer" data-testid={testId} data-available="true">
      {label} ↗
    </a>
  );
}
