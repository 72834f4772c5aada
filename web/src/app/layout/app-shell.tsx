import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePaletteShortcut } from '../../components/command-palette/use-palette-shortcut';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Head } from '../../components/seo/head';
import { PageLoading } from '../../components/ui/page-loading';
import { normalizePath, resolvePageMeta } from '../../config/routes';
import { useLatch } from '../../lib/use-latch';
import { Footer } from './footer';
import { Header } from './header';
import { PALETTE_COMMANDS } from './palette-commands';
import { ShellWidgets } from './shell-widgets';
import { Sidebar } from './sidebar';
import { StatusLine } from './status-line';
import { useDrawer } from './use-drawer';
import './shell.css';

// Not part of the first paint: the palette's code loads when it is first opened.
const CommandPalette = lazy(() =>
  import('../../components/command-palette/command-palette').then((module) => ({ default: module.CommandPalette })),
);

/** Header, menu (a drawer on phones), page, footer, update banner, status line, command palette, prompts. */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const path = normalizePath(location.pathname);
  const drawer = useDrawer(path);

  // Navigation scrolls to the top and moves focus to the new page.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    scrollRef.current?.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [path]);

  const openPalette = useCallback(() => setPaletteOpen(true), []);
  usePaletteShortcut(openPalette);
  const paletteMounted = useLatch(paletteOpen);

  return (
    <div className="shell" data-drawer={drawer.active ? 'open' : 'closed'}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Head meta={resolvePageMeta(path)} path={path} />
      <ErrorBoundary region="Header">
        <Header menuOpen={drawer.active} onToggleMenu={drawer.toggle} />
      </ErrorBoundary>
      <div className="shell__body">
        {drawer.active ? (
          <div className="drawer-overlay" onClick={drawer.close} aria-hidden="true" data-testid="drawer-overlay" />
        ) : null}
        <aside
          id="sidebar"
          className="sidebar"
          data-open={drawer.active ? 'true' : 'false'}
          aria-label="Menu"
          inert={drawer.hidden}
          data-testid="sidebar"
          ref={drawer.sidebarRef}
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
      <ShellWidgets />
      <ErrorBoundary region="Status line" silent>
        <StatusLine path={path} onOpenPalette={openPalette} />
      </ErrorBoundary>
      {paletteMounted ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={paletteOpen}
            onClose={() => setPaletteOpen(false)}
            commands={PALETTE_COMMANDS}
            onRun={(command) => void navigate(command.path)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
