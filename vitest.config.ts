import swc from 'unplugin-swc';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests
// never run against a stale build. SWC compiles decorators with metadata for Nest's injector.
const conditions = ['source', ...defaultServerConditions];

const shared = {
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2023' } })],
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
};

/**
 * Vitest runs one file at a time on a 2-core machine unless told (cores - 1 workers). Unit files
 * are CPU-bound: two workers. Integration and end-to-end files mostly wait on PostgreSQL, NATS,
 * anvil, Chromium and timers, and each uses databases, streams, ports and folders of its own, so
 * they overlap well. The one file that loads every core on purpose (the restart check under CPU
 * load) runs alone, after the others, as do the files that measure latency.
 */
const E2E_RUN_ALONE = ['services/src/apps/start.e2e.spec.ts', 'services/src/database/write-load.e2e.spec.ts'];
/** Integration files that measure latency against a quiet baseline: run alone, after the others. */
const INT_RUN_ALONE = ['services/src/staff/sign-in-flood.int.spec.ts'];
/**
 * Service processes the tests start inherit this: none takes the default ops port 9464 (files run
 * side by side, and a developer's `make start` may hold it). startStack gives each stack a free one.
 */
const env = { XSD_METRICS_PORT: '0' };
const int = { include: ['services/src/**/*.int.spec.ts'], testTimeout: 60_000, hookTimeout: 120_000, env };
const e2e = {
  include: ['{services,cli,web}/**/*.e2e.spec.{ts,tsx}', 'e2e/**/*.e2e.spec.ts'],
  exclude: ['**/node_modules/**'],
  testTimeout: 120_000,
  hookTimeout: 240_000,
  env,
};

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        // Files share their worker's modules, as the integration files do: none mocks a module or
        // keeps state in one, and importing Nest, ethers and zod once a worker instead of once a
        // file took the tier (with unit-web beside it) from 90 s to 65 s.
        test: {
          name: 'unit',
          maxWorkers: 2,
          isolate: false,
          include: ['{contracts,services,cli}/src/**/*.unit.spec.ts', 'cli/src/**/*.test.tsx'],
        },
      },
      {
        ...shared,
        // The web's components mock modules (vi.mock) and render into a DOM of their own: each file alone.
        test: {
          name: 'unit-web',
          maxWorkers: 2,
          include: ['web/src/**/*.unit.spec.{ts,tsx}'],
        },
      },
      {
        ...shared,
        // Files share their worker's modules (Nest, Kysely, NATS imported once a worker, not once a
        // file): each makes its own databases, streams and apps, and keeps no module state.
        test: { ...int, name: 'int', exclude: INT_RUN_ALONE, maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        ...shared,
        test: { ...int, name: 'int-alone', include: INT_RUN_ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      {
        ...shared,
        // Files share their worker's modules as the integration files do (none mocks a module), and
        // with them the worker's one Chromium (web/e2e/support/chromium.ts). Three workers, as the
        // integration tier has: a file waiting on a chain's tick, a restart or Chromium leaves its
        // core to the others; the tier took 312-321 s against 380 s with two.
        test: { ...e2e, name: 'e2e', exclude: [...e2e.exclude, ...E2E_RUN_ALONE], maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        ...shared,
        test: { ...e2e, name: 'e2e-alone', include: E2E_RUN_ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
