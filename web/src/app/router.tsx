import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { MaintenanceGate } from '../features/maintenance/components/maintenance-gate';
import { AppShell } from './layout/app-shell';

// Each page is its own chunk; the shell paints before any page code arrives.
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const SilverPriceRoute = lazy(() => import('./routes/silver-price'));
const AddToWalletRoute = lazy(() => import('./routes/add-to-wallet'));
const WalletCheckerRoute = lazy(() => import('./routes/wallet-checker'));
const SystemCompatibilityRoute = lazy(() => import('./routes/system-compatibility'));
const CalendarRoute = lazy(() => import('./routes/calendar'));
const ArbitrageHunterRoute = lazy(() => import('./routes/arbitrage-hunter'));
const ApiAccessRoute = lazy(() => import('./routes/api-access'));
const ShopRoute = lazy(() => import('./routes/shop'));
const SocialsRoute = lazy(() => import('./routes/socials'));
const AboutRoute = lazy(() => import('./routes/about'));
const AboutSiteRoute = lazy(() => import('./routes/about-site'));
const ContactRoute = lazy(() => import('./routes/contact'));
const PriceAlertsRoute = lazy(() => import('./routes/price-alerts'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const AdminRoute = lazy(() => import('./routes/admin'));

export function AppRouter() {
  return (
    <BrowserRouter>
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
    </BrowserRouter>
  );
}
