/**
 * Baseline (b): bare single-row inserts, each its own commit, with no server around them. Run as a child
 * process by bench/run.ts with one JSON argument (BareCommitConfig); prints one JSON line (BareCommitResult).
 * Two passes at the same concurrency as the rooms: flat out (commits per second the database can take), then
 * paced to the rate the real server committed at (the latency a commit has under that load).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { Percentiles } from '../stats.ts';
import { percentiles, sleep, uniformMs } from '../stats.ts';

export type BareCommitConfig = {
  kind: 'postgres' | 'pglite';
  /** Postgres database URL (kind postgres). */
  url?: string;
  /** Writers at once: one per room, as each room commits serially. */
  concurrency: number;
  /** The server's pool size, so both sides get the same number of connections. */
  poolSize: number;
  durationMs: number;
  /** Commits per second of the paced pass; no paced pass when absent. */
  pacedRate?: number;
  /** JSON text size of one row's payload. */
  rowBytes: number;
};

export type BareCommitResult = {
  capacity: { commitsPerSec: number; latency: Percentiles };
  paced?: { commitsPerSec: number; latency: Percentiles };
};

type Exec = (room: string, seq: number, payload: string) => Promise<void>;

const CREATE = `create table if not exists bench_commit (
  room_id text not null, seq integer not null, payload jsonb not null, at timestamptz not null default now(),
  primary key (room_id, seq))`;
const INSERT = 'insert into bench_commit (room_id, seq, payload) values ($1, $2, $3::text::jsonb)';

/** Runs `concurrency` writers for `durationMs`; each waits `pauseMs()` between its commits. */
async function pass(exec: Exec, cfg: BareCommitConfig, tag: string, pauseMs: () => number) {
  const latencies: number[] = [];
  const payload = JSON.stringify({ text: 'x'.repeat(Math.max(0, cfg.rowBytes - 12)) });
  const until = performance.now() + cfg.durationMs;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: cfg.concurrency }, async (_, w) => {
      for (let seq = 1; performance.now() < until; seq++) {
        const pause = pauseMs();
        if (pause > 0) await sleep(pause);
        const start = performance.now();
        await exec(`${tag}-${w}`, seq, payload);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { commitsPerSec: latencies.length / ((performance.now() - t0) / 1000), latency: percentiles(latencies) };
}

async function main(): Promise<void> {
  const cfg = JSON.parse(process.argv[2] ?? '{}') as BareCommitConfig;
  let exec: Exec;
  let close: () => Promise<void>;
  if (cfg.kind === 'postgres') {
    const sql = postgres(cfg.url ?? '', { max: cfg.poolSize, onnotice: () => {} });
    await sql.unsafe(CREATE);
    exec = async (room, seq, payload) => {
      await sql.unsafe(INSERT, [room, seq, payload]);
    };
    close = () => sql.end();
  } else {
    // On disk like the server's DATA_DIR, not in memory: a commit there includes the write.
    const dir = await mkdtemp(join(tmpdir(), 'vt-bench-pglite-'));
    const pg = await PGlite.create(dir);
    await pg.exec(CREATE);
    exec = async (room, seq, payload) => {
      await pg.query(INSERT, [room, seq, payload]);
    };
    close = async () => {
      await pg.close();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const capacity = await pass(exec, cfg, 'flat', () => 0);
  let paced: BareCommitResult['paced'];
  if (cfg.pacedRate && cfg.pacedRate > 0) {
    // Each writer waits on average concurrency / rate seconds, so together they offer `rate` commits per second.
    const meanMs = (cfg.concurrency / cfg.pacedRate) * 1000;
    paced = await pass(exec, cfg, 'paced', () => uniformMs(Math.round(2 * meanMs)));
  }
  await close();
  const result: BareCommitResult = { capacity, ...(paced ? { paced } : {}) };
  console.log(JSON.stringify(result));
}

await main();
