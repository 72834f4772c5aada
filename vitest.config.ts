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

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: ['{contracts,services,cli}/src/**/*.unit.spec.ts', 'cli/src/**/*.test.tsx', 'web/src/**/*.unit.spec.{ts,tsx}'],
        },
      },
      {
        ...shared,
        test: {
          name: 'int',
          include: ['services/src/**/*.int.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        test: {
          name: 'e2e',
          include: ['{services,cli,web}/**/*.e2e.spec.{ts,tsx}', 'e2e/**/*.e2e.spec.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
