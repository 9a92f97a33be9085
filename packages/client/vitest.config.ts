import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

// The client's unit tests need the Svelte plugin to compile runes in *.svelte.ts modules, so they run with
// their own config: `pnpm exec vitest run --config packages/client/vitest.config.ts`.
export default defineConfig({
  plugins: [svelte({ configFile: `${import.meta.dirname}/svelte.config.js` })],
  test: {
    name: 'client',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
  },
});
