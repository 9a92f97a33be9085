#!/usr/bin/env node
// The client's size budget: for each game, the gzipped JavaScript a player, a spectator and a GM page of that game
// loads, read from the build's manifest, and the bytes a player's first load transfers: index.html as the server
// sends it (a room's preview tags filled in, compressed on the fly) and every script and style the page loads, as
// the build precompressed them (brotli and gzip). Fails when a player or spectator page of any game is above the
// JavaScript budget, when a player's first load is above the transfer budget, when any page loads zod or BCDice (dice
// are rolled on the server only), or when a game's page loads another game's code. The replay page (src/replay/) has
// a budget of its own: it checks files from the device with the protocol's schemas, so it is the one page with zod.
//
//   node scripts/client-size.mjs [dist] [--verbose]     (dist defaults to packages/client/dist; build it first)
//
// What a page loads, by the client's layout (packages/client/src): the entry (index.html) and its static imports;
// the game's table (games/<id>/table.svelte) with its own; its strings in one language (games/<id>/i18n/<lang>.ts,
// the largest language counts); the parts the table fetches later. A part under a `gm/` folder (src/gm/,
// games/<id>/gm/) and the GM's strings (gm/i18n/<lang>.ts) are fetched for the GM only.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { renderPage, roomMeta } from '../packages/server/src/http/client-page.ts';

/**
 * Bytes of gzipped JavaScript, for a player or spectator page. Every page carries the shared timeline, chat composer,
 * characters panel, commitment ledger (with its sha256), the export control and the open edition's link, and a
 * game's table the sentences its events read as in the timeline: measured at 110.0 kB for the largest (grail-war, in
 * Japanese, whose campaign panels load with the sheet but whose strings and refusals load with the table), so the
 * budget leaves about 3%.
 */
const BUDGET = 113_000;
/**
 * Bytes a player's first load transfers, by encoding: index.html, scripts and styles. Measured at 102.7 kB (brotli)
 * and 117.0 kB (gzip) for the largest page (grail-war, in Japanese); the budget leaves about 3% for growth.
 */
const TRANSFER_BUDGET = { br: 106_000, gzip: 121_000 };
/**
 * Bytes of gzipped JavaScript for the replay page of a game: a player's page plus the replay's own code, which
 * carries the protocol's schemas (zod) to check a file from the device. Measured at 146.7 kB for the largest
 * (grail-war, in Japanese); the budget leaves about 3%.
 */
const REPLAY_BUDGET = 151_000;
const LANGS = ['ko', 'ja', 'en'];
/** Text found in zod's code, minified or not: its schema classes are named by these strings. */
const ZOD_MARKERS = ['$ZodType', '$ZodObject', 'ZodError'];
/** Text found in BCDice's code, minified or not: the names of its Opal modules and of its errors. */
const BCDICE_MARKERS = ['bcdice/common_command', 'bcdice/randomizer', 'TooManyRandsError'];

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const root = new URL('..', import.meta.url).pathname;
const dist = args.find((a) => !a.startsWith('--')) ?? join(root, 'packages/client/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`client-size: no ${manifestPath}; build the client first (pnpm --filter @veiltable/client build).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const isGmPart = (key) => /^src\/(gm|games\/[^/]+\/gm)\//.test(key);
/** The replay page (src/replay/) and each game's phase names, which only it fetches. */
const isReplayPart = (key) => /^src\/(replay\/|games\/[^/]+\/replay-phases\.ts$)/.test(key);
const dictionary = (part, lang) => `src/${part}/i18n/${lang}.ts`;

/** A chunk and everything it imports statically: what the browser fetches with it. */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (!manifest[key] || into.has(key)) continue;
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

/** The parts a set of chunks fetches later (dynamic imports), split into the GM's and everyone's, recursively. */
function laterParts(keys) {
  const everyone = new Set();
  const gm = new Set();
  const queue = [...keys];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const key = queue.shift();
    for (const target of manifest[key]?.dynamicImports ?? []) {
      // Each game's table, strings and timeline sentences are fetched by a glob keyed by game: only the room's own.
      // The replay page is a page of its own, measured below (a room page links to it, never loads it).
      if (seen.has(target) || /\/i18n\//.test(target) || /\/(table\.svelte|timeline-lines\.ts)$/.test(target) || isReplayPart(target)) continue;
      seen.add(target);
      const part = closure([target]);
      for (const k of part) (isGmPart(target) || gm.has(key) ? gm : everyone).add(k);
      if (isGmPart(target)) gm.add(target);
      queue.push(...part);
    }
  }
  for (const k of everyone) gm.delete(k);
  return { everyone, gm };
}

const gzipped = new Map();
function size(key) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) return 0;
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipped.get(file);
}
const total = (keys) => [...keys].reduce((sum, key) => sum + size(key), 0);

/** A built file as it goes out: the build's `.br` / `.gz` beside it when there is one (the server sends that). */
const sent = new Map();
function sentSize(file, encoding) {
  const id = `${file}:${encoding}`;
  if (!sent.has(id)) {
    const path = join(dist, file);
    const ext = encoding === 'br' ? '.br' : '.gz';
    const data = readFileSync(path);
    const bytes = existsSync(path + ext) ? readFileSync(path + ext).length : data.length < 1024 ? data.length : compress(data, encoding, 'build');
    sent.set(id, bytes);
  }
  return sent.get(id);
}
/** What zlib makes of `data`: at the build's settings, or at @fastify/compress's on-the-fly ones (brotli 4, gzip 6). */
function compress(data, encoding, when) {
  if (encoding === 'gzip') return gzipSync(data, { level: when === 'build' ? 9 : 6 }).length;
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: when === 'build' ? 11 : 4 } }).length;
}
/** index.html as a room page, with a long room title in its preview tags. */
const indexHtml = Buffer.from(renderPage(readFileSync(join(dist, 'index.html'), 'utf8'), roomMeta('x'.repeat(80))));
/** The files (scripts and styles) of a set of chunks. */
const files = (keys) => new Set([...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]).filter((f) => /\.(js|css)$/.test(f)));
/** A first load's bytes, by encoding: the page plus every file. */
const transfer = (keys) => Object.fromEntries(['br', 'gzip'].map((enc) => [enc, compress(indexHtml, enc, 'server') + [...files(keys)].reduce((sum, f) => sum + sentSize(f, enc), 0)]));
const text = (keys) => [...keys].filter((k) => manifest[k].file.endsWith('.js')).map((k) => readFileSync(join(dist, manifest[k].file), 'utf8'));

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const base = closure([entry]);
const games = Object.keys(manifest)
  .map((k) => /^src\/games\/([^/]+)\/table\.svelte$/.exec(k)?.[1])
  .filter(Boolean)
  .sort();

const problems = [];
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
console.log(`Client JavaScript per page, gzipped (budget ${kB(BUDGET)} for a player or spectator page)`);
console.log(`${'game'.padEnd(14)}${'player'.padStart(10)}${'spectator'.padStart(11)}${'GM'.padStart(10)}   largest language`);
const transfers = [];

for (const game of games) {
  const table = closure([`src/games/${game}/table.svelte`, `src/games/${game}/timeline-lines.ts`]);
  const later = laterParts([...table]);
  let worst = null;
  for (const lang of LANGS) {
    const words = closure([dictionary(`games/${game}`, lang)]);
    const page = new Set([...base, ...table, ...later.everyone, ...words]);
    const gmPage = new Set([...page, ...later.gm, ...closure([dictionary('gm', lang)])]);
    const sizes = { player: total(page), spectator: total(page), gm: total(gmPage), lang, page, gmPage };
    if (!worst || sizes.gm > worst.gm) worst = sizes;
    const bytes = transfer(page);
    const largest = transfers.find((t) => t.game === game);
    if (!largest) transfers.push({ game, lang, ...bytes });
    else if (bytes.br > largest.br) Object.assign(largest, { lang, ...bytes });
  }
  console.log(`${game.padEnd(14)}${kB(worst.player).padStart(10)}${kB(worst.spectator).padStart(11)}${kB(worst.gm).padStart(10)}   ${worst.lang}`);
  if (verbose) for (const key of [...worst.gmPage].sort()) console.log(`    ${worst.page.has(key) ? ' ' : 'G'} ${kB(size(key)).padStart(8)}  ${key}`);

  for (const role of ['player', 'spectator']) if (worst[role] > BUDGET) problems.push(`${game}: a ${role} page loads ${kB(worst[role])}, above ${kB(BUDGET)}`);
  for (const [role, keys] of [['player', worst.page], ['GM', worst.gmPage]]) {
    if (text(keys).some((js) => ZOD_MARKERS.some((m) => js.includes(m)))) problems.push(`${game}: a ${role} page loads zod`);
    if (text(keys).some((js) => BCDICE_MARKERS.some((m) => js.includes(m)))) problems.push(`${game}: a ${role} page loads BCDice`);
    const foreign = [...keys].filter((k) => /^src\/games\/([^/]+)\//.exec(k)?.[1] !== undefined && !k.startsWith(`src/games/${game}/`));
    if (foreign.length > 0) problems.push(`${game}: a ${role} page loads another game's code: ${foreign.join(', ')}`);
  }
}

const replayPage = Object.keys(manifest).find((k) => k === 'src/replay/replay-page.svelte');
if (!replayPage) problems.push('no replay page (src/replay/replay-page.svelte) in the build');
else {
  console.log(`\nThe replay page, gzipped (budget ${kB(REPLAY_BUDGET)}): a game's table and the replay's own code`);
  const replay = closure([replayPage]);
  for (const game of games) {
    const table = closure([`src/games/${game}/table.svelte`, `src/games/${game}/timeline-lines.ts`, `src/games/${game}/replay-phases.ts`]);
    const later = laterParts([...table]);
    const worst = Math.max(
      ...LANGS.map((lang) => total(new Set([...base, ...replay, ...table, ...later.everyone, ...closure([dictionary(`games/${game}`, lang), dictionary('replay', lang)])]))),
    );
    console.log(`${game.padEnd(14)}${kB(worst).padStart(10)}`);
    if (worst > REPLAY_BUDGET) problems.push(`${game}: the replay page loads ${kB(worst)}, above ${kB(REPLAY_BUDGET)}`);
    const foreign = [...table, ...later.everyone].filter((k) => /^src\/games\/([^/]+)\//.exec(k)?.[1] !== undefined && !k.startsWith(`src/games/${game}/`));
    if (foreign.length > 0) problems.push(`${game}: the replay page loads another game's code: ${foreign.join(', ')}`);
  }
}

console.log(`\nA player's first load, transferred: index.html, scripts and styles (budget ${kB(TRANSFER_BUDGET.br)} brotli, ${kB(TRANSFER_BUDGET.gzip)} gzip)`);
console.log(`${'game'.padEnd(14)}${'brotli'.padStart(10)}${'gzip'.padStart(10)}   largest language`);
for (const t of transfers) {
  console.log(`${t.game.padEnd(14)}${kB(t.br).padStart(10)}${kB(t.gzip).padStart(10)}   ${t.lang}`);
  for (const enc of ['br', 'gzip']) {
    if (t[enc] > TRANSFER_BUDGET[enc]) problems.push(`${t.game}: a player's first load transfers ${kB(t[enc])} (${enc}), above ${kB(TRANSFER_BUDGET[enc])}`);
  }
}

if (problems.length > 0) {
  console.error(`\nClient size check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Client size check passed.');
