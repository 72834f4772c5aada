import type { CustomEventBeacon, PageLeaveBeacon, PageViewBeacon } from '@xsd/contracts/api/analytics';

export type Beacon = PageViewBeacon | PageLeaveBeacon | CustomEventBeacon;

export interface TrackerDeps {
  /** Milliseconds, monotonic enough for durations (performance.now in the browser). */
  readonly now: () => number;
  readonly visitorId: () => string;
  /** Where the visitor came from (document.referrer), sent with the first view of a page load. */
  readonly referrer: () => string | null;
  readonly send: (body: Beacon) => void;
}

/**
 * The spec's page tracking: a page view on load and on each route change, the route change
 * carrying the previous page's time on screen in seconds, and a leave beacon with the last page's
 * time when the page is hidden or unloaded. Each page's duration is sent exactly once.
 */
export class PageViewTracker {
  private page: string | null = null;
  private startedAt = 0;
  private referrerSent = false;

  constructor(private readonly deps: TrackerDeps) {}

  /** A route change (or the first render, or a return from the back-forward cache). */
  show(page: string): void {
    if (page === this.page) return;
    const view: PageViewBeacon = { page, visitor_id: this.deps.visitorId() };
    if (this.page !== null) view.session_duration = this.secondsShown();
    if (!this.referrerSent) {
      this.referrerSent = true;
      const referrer = this.deps.referrer();
      if (referrer) view.referrer = referrer.slice(0, 512);
    }
    this.deps.send(view);
    this.page = page;
    this.startedAt = this.deps.now();
  }

  /** The page is going away (pagehide): sends the current page's time; `show` starts a new view on return. */
  end(): void {
    if (this.page === null) return;
    this.deps.send({ page: this.page, visitor_id: this.deps.visitorId(), session_duration: this.secondsShown(), ended: true });
    this.page = null;
  }

  event(eventType: string, eventData: CustomEventBeacon['event_data'] = null): void {
    this.deps.send({ visitor_id: this.deps.visitorId(), event_type: eventType, event_data: eventData, page: this.page });
  }

  private secondsShown(): number {
    return Math.min(86_400, Math.max(0, Math.round((this.deps.now() - this.startedAt) / 1000)));
  }
}
