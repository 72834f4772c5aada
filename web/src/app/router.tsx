import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { ROUTES } from '../config/routes';
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
const ComingSoonRoute = lazy(() => import('./routes/coming-soon'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const AdminRoute = lazy(() => import('./routes/admin'));

/** Screens that exist; every other routed path shows a placeholder inside the shell until it lands. */
const SCREEN_PATHS = new Set([
  '/',
  '/silver-price',
  '/add-to-wallet',
  '/wallet-checker',
  '/system-compatibility',
  '/calendar',
  '/arbitrage-hunter',
  '/api-access',
  '/shop',
  '/socials',
  '/about',
  '/about-site',
  '/contact',
  '/price-alerts',
]);

/** Routes of later releases: a placeholder inside the shell until their screens land. */
const PLACEHOLDER_PATHS = ROUTES.filter((route) => route.routed && !route.standalone && !SCREEN_PATHS.has(route.path)).map(
  (route) => route.path,
);

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
          {PLACEHOLDER_PATHS.map((path) => (
            <Route key={path} path={path} element={<ComingSoonRoute />} />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
