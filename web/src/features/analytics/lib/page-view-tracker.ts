import type { CustomEventBeacon, PageViewBeacon } from '@xsd/contracts/api/analytics';

export interface TrackerDeps {
  /** Milliseconds, monotonic enough for durations (performance.now in the browser). */
  readonly now: () => number;
  readonly visitorId: () => string;
  readonly send: (body: PageViewBeacon | CustomEventBeacon) => void;
}

/**
 * One page view per page shown: it starts on load or on a route change and is sent when it ends
 * (the next route change, or the page being hidden or unloaded) with its duration in seconds, so
 * every view is one row with its own session_duration and nothing is counted twice.
 */
export class PageViewTracker {
  private page: string | null = null;
  private startedAt = 0;

  constructor(private readonly deps: TrackerDeps) {}

  /** A route change (or the first render): ends the view shown so far and starts one of `page`. */
  show(page: string): void {
    if (page === this.page) return;
    this.end();
    this.page = page;
    this.startedAt = this.deps.now();
  }

  /** The page is going away (pagehide): sends the current view; `show` starts a new one on return. */
  end(): void {
    if (this.page === null) return;
    const seconds = Math.max(0, Math.round((this.deps.now() - this.startedAt) / 1000));
    this.deps.send({ page: this.page, visitor_id: this.deps.visitorId(), session_duration: seconds });
    this.page = null;
  }

  event(eventType: string, eventData: CustomEventBeacon['event_data'] = null): void {
    this.deps.send({ visitor_id: this.deps.visitorId(), event_type: eventType, event_data: eventData, page: this.page });
  }
}
