import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// In development the API and the socket live on the server (port 3000); the browser only talks to vite.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [svelte()],
  server: {
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: { target: 'es2022', sourcemap: false },
});
