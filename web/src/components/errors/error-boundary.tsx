import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** Human name of the region, used in the fallback and the log ("Header", "Announcements"). */
  readonly region: string;
  readonly children: ReactNode;
  /** Changing this value clears a caught error (e.g. the route path). */
  readonly resetKey?: unknown;
  /** Render nothing on failure (for decorative regions). */
  readonly silent?: boolean;
}

interface State {
  readonly error: Error | null;
}

/** One per region, so a failing widget does not blank the page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[${this.props.region}] render failed`, error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private readonly reset = () => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.silent) return null;
    const chunkFailed = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
    return (
      <div className="region-error" role="alert" data-testid="region-error">
        <span className="region-error__tag">[ERR]</span> {this.props.region} failed to load
        {chunkFailed ? ' (the app may have been updated)' : ''}.{' '}
        <button type="button" className="btn btn--small" onClick={chunkFailed ? () => window.location.reload() : this.reset}>
          {chunkFailed ? 'Reload' : 'Retry'}
        </button>
      </div>
    );
  }
}
