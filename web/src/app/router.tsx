import { type ComponentType, lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { MaintenanceGate } from '../features/maintenance/components/maintenance-gate';
import { AppShell } from './layout/app-shell';
import { PAGE_MODULES } from './page-modules';

// Each page is its own chunk; the shell paints before any page code arrives.
const DashboardRoute = lazy(PAGE_MODULES['/']);
const SilverPriceRoute = lazy(PAGE_MODULES['/silver-price']);
const AddToWalletRoute = lazy(PAGE_MODULES['/add-to-wallet']);
const WalletCheckerRoute = lazy(PAGE_MODULES['/wallet-checker']);
const SystemCompatibilityRoute = lazy(PAGE_MODULES['/system-compatibility']);
const CalendarRoute = lazy(PAGE_MODULES['/calendar']);
const ArbitrageHunterRoute = lazy(PAGE_MODULES['/arbitrage-hunter']);
const ApiAccessRoute = lazy(PAGE_MODULES['/api-access']);
const ShopRoute = lazy(PAGE_MODULES['/shop']);
const SocialsRoute = lazy(PAGE_MODULES['/socials']);
const AboutRoute = lazy(PAGE_MODULES['/about']);
const AboutSiteRoute = lazy(PAGE_MODULES['/about-site']);
const ContactRoute = lazy(PAGE_MODULES['/contact']);
const PriceAlertsRoute = lazy(PAGE_MODULES['/price-alerts']);
const NotFoundRoute = lazy(PAGE_MODULES['*']);
const AdminRoute = lazy(PAGE_MODULES['/admin']);

export interface AppRouterProps {
  /** The browser's history in the app; the build's static shell renders `/` with a MemoryRouter. */
  readonly Router?: ComponentType<{ readonly children?: ReactNode }>;
}

export function AppRouter({ Router = BrowserRouter }: AppRouterProps) {
  return (
    <Router>
      <Routes>
        {/* Outside the main layout and reachable during maintenance. */}
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<PageLoading />}>
              <AdminRoute />
            </Suspense>
          }
        />
        <Route
          element={
            <MaintenanceGate>
              <AppShell />
            </MaintenanceGate>
          }
        >
          <Route index element={<DashboardRoute />} />
          <Route path="/silver-price" element={<SilverPriceRoute />} />
          <Route path="/add-to-wallet" element={<AddToWalletRoute />} />
          <Route path="/wallet-checker" element={<WalletCheckerRoute />} />
          <Route path="/system-compatibility" element={<SystemCompatibilityRoute />} />
          <Route path="/calendar" element={<CalendarRoute />} />
          <Route path="/arbitrage-hunter" element={<ArbitrageHunterRoute />} />
          <Route path="/api-access" element={<ApiAccessRoute />} />
          <Route path="/shop" element={<ShopRoute />} />
          <Route path="/socials" element={<SocialsRoute />} />
          <Route path="/about" element={<AboutRoute />} />
          <Route path="/about-site" element={<AboutSiteRoute />} />
          <Route path="/contact" element={<ContactRoute />} />
          <Route path="/price-alerts" element={<PriceAlertsRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </Router>
  );
}
