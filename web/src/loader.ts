// The page's only script tag. The static shell in index.html paints first; the app loads after it.
// The styles of that first paint: index.html links them, render-blocking (app-shell.tsx imports
// shell.css too, for its tests and its own sake).
import '@fontsource/jetbrains-mono/latin-400.css';
import '@fontsource/jetbrains-mono/latin-700.css';
import './styles/global.css';
import './app/layout/shell.css';
import { pageModule } from './app/page-modules';
import { keepEarlyInstallOffer } from './features/pwa/lib/early-install-offer';

keepEarlyInstallOffer();

const START_AT_THE_LATEST_MS = 1_000;

/**
 * Runs `start` once the page has painted its first content, so the app's scripts are fetched and
 * run after that paint rather than before it. A hidden tab paints nothing: it starts at once.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    document.removeEventListener('visibilitychange', onHidden);
    start();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  if (document.visibilityState === 'hidden') return once();
  document.addEventListener('visibilitychange', onHidden);
  // Whatever delays or drops the paint entry, the app starts within a second.
  setTimeout(once, START_AT_THE_LATEST_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing (Safari before 14.1): the first frame, then the task after it.
    requestAnimationFrame(() => setTimeout(once));
  }
}

// The page's own code is fetched with the app's, not after the app's first render asks for it.
afterFirstPaint(() => {
  void import('./main');
  void pageModule(location.pathname)();
});
