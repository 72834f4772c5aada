import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createServer, defaultClientConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The product version lives in the root package.json; the build writes it to /version.json. */
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version?: string;
};
const appVersion = rootPackage.version ?? '0.0.0';

function versionFile(): Plugin {
  return {
    name: 'silverboard-version-file',
    apply: 'build',
    generateBundle() {
      const body = { version: appVersion, buildDate: new Date().toISOString() };
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(body, null, 2)}\n` });
    },
  };
}

/**
 * Preloads the self-hosted regular and bold latin fonts from index.html, so they download
 * alongside the stylesheet instead of after the first layout (Chromium holds text back up to
 * ~100 ms for a swapping font, which otherwise delays the first contentful paint).
 */
function preloadFonts(): Plugin {
  return {
    name: 'silverboard-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) =>
          /jetbrains-mono-latin-(400|700)-normal-[\w-]+\.woff2$/.test(file),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The root element index.html ships empty; the build fills it with the static shell. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Paints the app before any script runs: index.html's root element gets the app's first render
 * of `/`, made by its own components (src/app/static-shell.tsx) in a Vite server of this config,
 * and the page's one script (src/loader.ts) starts the app after that paint.
 */
function staticShell(): Plugin {
  return {
    name: 'silverboard-static-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
        const server = await createServer({
          configFile: fileURLToPath(import.meta.url),
          appType: 'custom',
          logLevel: 'warn',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = (await server.ssrLoadModule('/src/app/static-shell.tsx')) as { renderStaticShell(): string };
          return html.replace(EMPTY_ROOT, `<div id="root">${module.renderStaticShell()}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * The service worker (`/sw.js`, scope '/') and the web app manifest. `injectManifest`: the worker
 * is ours (src/sw.ts: push, notification clicks, update messages) and Workbox fills in the list of
 * files to precache. The app registers the worker itself and asks before activating a new one
 * (`prompt`: the 'Update Available' toast), see features/version.
 */
function progressiveWebApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    // The icons are precached by the glob below already.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Silverboard – XSD & BankX Community Dashboard',
      short_name: 'Silverboard',
      description: 'Community dashboard for XSD, the silver-pegged stablecoin, and BankX: live prices, silver reference, alerts and tools.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0b0e13',
      theme_color: '#0b0e13',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The app shell, its code and styles, fonts and icons; never version.json or source maps.
      globPatterns: ['**/*.{html,js,css,woff2,svg,png}'],
      // One classic script: the worker is registered without `type: 'module'`.
      rollupFormat: 'iife',
      sourcemap: 'hidden',
    },
  });
}

/**
 * React Router's package exports point every import at its development build (warnings and
 * their messages included: remix-run/react-router#12532, #14102); a build takes its production one.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * What every page runs, in two chunks, since the app starts after the first paint and fetches its
 * code then, all at once, where dozens of small shared chunks cost a round trip each on the six
 * connections of HTTP/1.1. FRAMEWORK: React, the router, the query client, zod, and zod's no-eval
 * setting, which so runs before any chunk builds a schema (the app's and the page's chunks load
 * side by side and every chunk that builds one imports this one).
 */
const FRAMEWORK =
  /[\\/](node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod)[\\/]|web[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$)/;
/** SHARED: the app's shared layers and the contracts. */
const SHARED = /[\\/](web[\\/]src[\\/](api|lib|config|components[\\/](ui|errors|seo))|contracts[\\/]src)[\\/]/;

const apiTarget = process.env.XSD_API_URL ?? 'http://localhost:8080';
const apiProxy: Record<string, ProxyOptions> = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig(({ command }) => ({
  plugins: [react(), versionFile(), preloadFonts(), staticShell(), progressiveWebApp()],
  resolve: {
    // Workspace packages resolve to their TypeScript sources, like the vitest config does.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // In development /version.json comes from the API server; a preview serves the built one.
  server: { port: 5173, proxy: { ...apiProxy, '/version.json': { target: apiTarget, changeOrigin: true } } },
  preview: { port: 4173, proxy: apiProxy },
  // Maps are written for debugging a build here (no comment points to them) and never served.
  // No modulepreload links for the loader (it has no static imports worth them) and no polyfill in
  // it: the app's chunks are fetched when the loader imports them, after the first paint.
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK, priority: 2 }, { name: 'shared', test: SHARED, priority: 1 }] } } },
  },
}));
