import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // e2e files start servers and databases of their own; keep the 2-core machine from thrashing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'packages/client/**'],
        },
      },
      // The client's tests compile Svelte runes, so they run with the client's own Vite config.
      'packages/client/vitest.config.ts',
    ],
  },
});
