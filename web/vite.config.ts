import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';

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
 * alongside the JavaScript instead of after the first layout (Chromium holds text back up to
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

const apiTarget = process.env.XSD_API_URL ?? 'http://localhost:8080';
const apiProxy: Record<string, ProxyOptions> = { '/api': { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [react(), versionFile(), preloadFonts()],
  // Workspace packages resolve to their TypeScript sources, like the vitest config does.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // In development /version.json comes from the API server; a preview serves the built one.
  server: { port: 5173, proxy: { ...apiProxy, '/version.json': { target: apiTarget, changeOrigin: true } } },
  preview: { port: 4173, proxy: apiProxy },
  // Maps are written for debugging a build here (no comment points to them) and never served.
  build: { target: 'es2022', sourcemap: 'hidden' },
});
