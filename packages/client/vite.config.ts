import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

// In development the API and the socket live on the server (port 3000); the browser only talks to vite.
const server = 'http://localhost:3000';

/**
 * The workspace's engine and protocol modules run nothing when imported (rules are pure; schemas are only built),
 * so a module the page uses nothing from is left out of the bundle: a rule helper imported from a game's barrel
 * (`@veiltable/engine/games/call-of-t`) brings that helper, not the game and its zod schemas. What does reach the
 * chunks is checked by scripts/client-size.mjs.
 */
const workspaceSource = /[\\/]packages[\\/](engine|protocol)[\\/]src[\\/]/;

/** Below this a file is sent as it is: compression would save less than its own overhead. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside each hashed asset; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`). Brotli at build time is about 16% smaller than the server's
 * on-the-fly quality 4, which would cost seconds of CPU per page at 11. index.html is not among them: the server
 * fills in each room's preview tags and compresses it as it sends it.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const deflate = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'veiltable-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const names = (await readdir(outDir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const data = await readFile(join(outDir, name));
          if (data.length < COMPRESS_FROM_BYTES) return;
          const br = await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
          await writeFile(join(outDir, `${name}.br`), br);
          await writeFile(join(outDir, `${name}.gz`), await deflate(data, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [svelte(), precompress()],
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
