import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CommandPalette, usePaletteShortcut } from '../../components/command-palette/command-palette';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Head } from '../../components/seo/head';
import { PageLoading } from '../../components/ui/page-loading';
import { ToastStack } from '../../components/ui/toast';
import { normalizePath, resolvePageMeta } from '../../config/routes';
import { MOBILE_BREAKPOINT_PX } from '../../config/site';
import { AnalyticsTracker } from '../../features/analytics/components/analytics-tracker';
import { NotificationOverlays } from '../../features/notifications/components/notification-overlays';
import { PushSync } from '../../features/notifications/components/push-sync';
import { InstallPrompt } from '../../features/pwa/components/install-prompt';
import { UpdateBanner } from '../../features/version/components/update-banner';
import { UpdateToast } from '../../features/version/components/update-toast';
import { VersionWatch } from '../../features/version/components/version-watch';
import { useMediaQuery } from '../../lib/use-media-query';
import { AlertsChecker } from './alerts-checker';
import { Footer } from './footer';
import { Header } from './header';
import { PALETTE_COMMANDS } from './palette-commands';
import { Sidebar } from './sidebar';
import { StatusLine } from './status-line';
import './shell.css';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Header, menu (drawer below 1024 px), page, footer, update banner, status line, command palette, prompts. */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const path = normalizePath(location.pathname);

  // Navigation closes the drawer, scrolls to the top and moves focus to the new page.
  useEffect(() => {
    setDrawerOpen(false);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    scrollRef.current?.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [path]);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const openPalette = useCallback(() => setPaletteOpen(true), []);
  usePaletteShortcut(openPalette);

  const drawerActive = isMobile && drawerOpen;
  const sidebarRef = useRef<HTMLElement>(null);

  // Keyboard users land in the drawer when it opens.
  useEffect(() => {
    if (drawerActive) sidebarRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [drawerActive]);

  return (
    <div className="shell" data-drawer={drawerActive ? 'open' : 'closed'}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Head meta={resolvePageMeta(path)} path={path} />
      <ErrorBoundary region="Header">
        <Header menuOpen={drawerActive} onToggleMenu={() => setDrawerOpen((open) => !open)} />
      </ErrorBoundary>
      <div className="shell__body">
        {drawerActive ? (
          <div className="drawer-overlay" onClick={() => setDrawerOpen(false)} aria-hidden="true" data-testid="drawer-overlay" />
        ) : null}
        <aside
          id="sidebar"
          className="sidebar"
          data-open={drawerActive ? 'true' : 'false'}
          aria-label="Menu"
          inert={isMobile && !drawerOpen}
          data-testid="sidebar"
          ref={sidebarRef}
        >
          <ErrorBoundary region="Menu">
            <Sidebar />
          </ErrorBoundary>
        </aside>
        <div className="shell__scroll" ref={scrollRef}>
          <main id="main" className="main" tabIndex={-1} ref={mainRef}>
            <ErrorBoundary region="This page" resetKey={path}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
          <ErrorBoundary region="Footer" silent>
            <Footer />
          </ErrorBoundary>
        </div>
      </div>
      <ErrorBoundary region="Update banner" silent>
        <AnalyticsTracker />
        <VersionWatch />
        <UpdateBanner />
      </ErrorBoundary>
      <ToastStack>
        <ErrorBoundary region="Update toast" silent>
          <UpdateToast />
        </ErrorBoundary>
        <ErrorBoundary region="Install prompt" silent>
          <InstallPrompt />
        </ErrorBoundary>
        <ErrorBoundary region="Notification prompts" silent>
          <PushSync />
          <NotificationOverlays />
        </ErrorBoundary>
      </ToastStack>
      <ErrorBoundary region="Alerts checker" silent>
        <AlertsChecker />
      </ErrorBoundary>
      <ErrorBoundary region="Status line" silent>
        <StatusLine path={path} onOpenPalette={openPalette} />
      </ErrorBoundary>
      <CommandPalette
        open={paletteOpen}
        onClose={() => setPaletteOpen(false)}
        commands={PALETTE_COMMANDS}
        onRun={(command) => void navigate(command.path)}
      />
    </div>
  );
}
