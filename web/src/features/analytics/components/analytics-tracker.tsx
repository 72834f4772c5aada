import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { browserTracker } from '../../../lib/analytics/browser-tracker';

/** Mounted once in the public layout: a page view per route, a leave beacon on pagehide. Renders nothing. */
export function AnalyticsTracker() {
  const { pathname } = useLocation();

  useEffect(() => {
    browserTracker()?.show(pathname);
  }, [pathname]);

  useEffect(() => {
    const tracker = browserTracker();
    if (!tracker) return;
    const onHide = () => tracker.end();
    // Back from the back-forward cache: the same page is a new view.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) tracker.show(window.location.pathname);
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);

  return null;
}
