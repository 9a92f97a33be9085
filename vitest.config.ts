import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'packages/client/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // e2e files start servers and databases of their own; keep the 2-core machine from thrashing.
    maxWorkers: 2,
  },
});
