import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// In development the API and the socket live on the server (port 3000); the browser only talks to vite.
const server = 'http://localhost:3000';

/**
 * The workspace's engine and protocol modules run nothing when imported (rules are pure; schemas are only built),
 * so a module the page uses nothing from is left out of the bundle: a rule helper imported from a game's barrel
 * (`@veiltable/engine/games/call-of-t`) brings that helper, not the game and its zod schemas. What does reach the
 * chunks is checked by scripts/client-size.mjs.
 */
const workspaceSource = /[\\/]packages[\\/](engine|protocol)[\\/]src[\\/]/;

export default defineConfig({
  plugins: [svelte()],
  server: {
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Which chunks each page loads, for the size check.
    manifest: true,
    rollupOptions: { treeshake: { moduleSideEffects: (id) => !workspaceSource.test(id) } },
  },
});
