import { defineConfig } from 'vitest/config';

/**
 * Five projects, each runnable alone (`vitest run --project server`): `unit` the rules and the wire schemas,
 * `server` the server against memory, PGlite and Postgres, `e2e` real server processes and clients, `browser`
 * Chromium against a real server (the client is rebuilt first when its build is older than its sources), and
 * `client` the client's own tests with its Vite config.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // e2e files start servers and databases of their own; keep the 2-core machine from thrashing.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['packages/engine/src/**/*.test.ts', 'packages/protocol/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', include: ['packages/server/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['tests/**/*.test.ts'], exclude: ['tests/browser*.test.ts', '**/node_modules/**'] } },
      { extends: true, test: { name: 'browser', include: ['tests/browser*.test.ts'], globalSetup: ['tests/support/client-build.ts'] } },
      // The client's tests compile Svelte runes, so they run with the client's own Vite config.
      'packages/client/vitest.config.ts',
    ],
  },
});
