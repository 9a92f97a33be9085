/**
 * The load benchmark: `node bench/run.ts [--quick] [--json] [--pglite] [--scenario …]` from the repository root.
 * Each stack runs as its own server process, driven by its own load process over loopback, one after the other in
 * the same run: the real server on Postgres (or PGlite), the bare Socket.IO server, bare commits on the same
 * database, and boardgame.io's server. Every figure is printed beside its baseline, as a ratio.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BareCommitConfig, BareCommitResult } from './baselines/bare-commit.ts';
import type { BenchDatabase } from './database.ts';
import { freshPglite, freshPostgres } from './database.ts';
import type { BenchOptions } from './options.ts';
import { parseOptions, USAGE } from './options.ts';
import { REPO_ROOT } from './proc/measured-child.ts';
import type { BenchResults } from './report.ts';
import { buildFigures, printFigures } from './report.ts';
import type { StackResult } from './stack-run.ts';
import { runStack } from './stack-run.ts';

/** The server's Postgres pool size (packages/server/src/db/connect.ts), so bare commits get as many connections. */
const SERVER_POOL_SIZE = 10;

function log(opts: BenchOptions, line: string): void {
  if (!opts.json) console.error(`[bench] ${line}`);
}

async function runVeiltable(opts: BenchOptions, db: BenchDatabase, withRounds: boolean, withResync: boolean): Promise<StackResult> {
  log(opts, `veiltable on ${db.kind}: ${opts.rooms} rooms × (${opts.seats} players + GM + spectator)`);
  return runStack({
    server: {
      name: 'veiltable',
      script: 'packages/server/src/main.ts',
      // The load creates rooms from one address far faster than people do; the request log would cost CPU the figures
      // do not measure.
      env: { PORT: '0', HOST: '127.0.0.1', DEMO: '0', PUBLIC_URL: 'http://127.0.0.1', ROOMS_PER_MINUTE: '100000', LOG_LEVEL: 'warn', ...db.serverEnv },
      ready: /Veiltable listening on (\S+)/,
      ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}),
    },
    load: { target: 'veiltable', rooms: opts.rooms, seats: opts.seats, thinkMs: opts.thinkMs },
    // The resync scenario alone still needs rounds going while sockets are away; a short warm-up is enough.
    durationMs: withRounds ? opts.durationMs : Math.min(opts.durationMs, 3000),
    ...(withResync ? { resync: { drop: opts.drop, gapMs: opts.gapMs } } : {}),
    cpuProfDir: opts.cpuProfDir,
  });
}

async function runBare(opts: BenchOptions, bytes: StackResult['rounds']['bytes']): Promise<StackResult> {
  log(opts, `bare Socket.IO: same rooms, update ${bytes.update} B, ack ${bytes.ack} B, command ${bytes.command} B`);
  return runStack({
    server: {
      name: 'bare-socket',
      script: 'bench/baselines/bare-socket-server.ts',
      env: { BARE_UPDATE_BYTES: String(bytes.update), BARE_ACK_BYTES: String(bytes.ack) },
      ready: /bare listening on (\S+)/,
      ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}),
    },
    load: { target: 'bare', rooms: opts.rooms, seats: opts.seats, thinkMs: opts.thinkMs, bare: { commandBytes: bytes.command, ackBytes: bytes.ack, updateBytes: bytes.update } },
    durationMs: opts.durationMs,
    cpuProfDir: opts.cpuProfDir,
  });
}

async function runPeer(opts: BenchOptions): Promise<StackResult> {
  log(opts, 'boardgame.io: same rooms, same rounds, its own client and server');
  return runStack({
    server: {
      name: 'boardgame-io',
      script: 'bench/peer/server.ts',
      ready: /peer listening on (\S+)/,
      ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}),
    },
    load: { target: 'peer', rooms: opts.rooms, seats: opts.seats, thinkMs: opts.thinkMs },
    durationMs: opts.durationMs,
    cpuProfDir: opts.cpuProfDir,
  });
}

/** Runs baselines/bare-commit.ts in its own process and reads its one JSON line. */
function runBareCommit(opts: BenchOptions, db: BenchDatabase, pacedRate: number, rowBytes: number): Promise<BareCommitResult> {
  const cfg: BareCommitConfig = {
    kind: db.kind,
    ...(db.url ? { url: db.url } : {}),
    concurrency: opts.rooms,
    poolSize: SERVER_POOL_SIZE,
    durationMs: Math.max(1500, Math.min(opts.durationMs / 2, 10_000)),
    pacedRate,
    rowBytes,
  };
  log(opts, `bare commits on ${db.kind}: ${cfg.concurrency} writers, flat out, then paced to ${Math.round(pacedRate)}/s`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['bench/baselines/bare-commit.ts', JSON.stringify(cfg)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`bare-commit exited with ${code}: ${out}`));
      try {
        resolvePromise(JSON.parse(out.trim().split('\n').at(-1) ?? '') as BareCommitResult);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

async function main(): Promise<void> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
  if (opts.cpuProfDir) {
    opts.cpuProfDir = resolve(REPO_ROOT, opts.cpuProfDir);
    await mkdir(opts.cpuProfDir, { recursive: true });
  }
  const t0 = performance.now();
  const db = opts.pglite ? await freshPglite() : await freshPostgres(opts.postgresAdminUrl);
  const interrupted = () => {
    void db.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  const want = (s: string) => opts.scenario === 'all' || opts.scenario === s;
  const results: BenchResults = {
    params: { scenario: opts.scenario, rooms: opts.rooms, seats: opts.seats, durationSec: opts.durationMs / 1000, thinkMs: opts.thinkMs, drop: opts.drop, database: db.kind, quick: opts.quick },
  };
  try {
    const withRounds = want('sealed') || want('peer');
    results.veiltable = await runVeiltable(opts, db, withRounds, want('resync'));
    if (want('sealed')) {
      results.bare = await runBare(opts, results.veiltable.rounds.bytes);
      const rate = results.veiltable.rounds.commits / (results.veiltable.rounds.windowMs / 1000);
      results.commit = await runBareCommit(opts, db, rate, results.veiltable.rounds.bytes.command);
    }
    if (want('peer')) results.peer = await runPeer(opts);
  } finally {
    process.off('SIGINT', interrupted);
    await db.drop();
  }
  results.totalSec = (performance.now() - t0) / 1000;
  const figures = buildFigures(results);
  if (opts.json) console.log(JSON.stringify({ ...results, figures }, null, 2));
  else printFigures(results, figures);
}

await main();
