import { parseArgs } from 'node:util';

export const SCENARIOS = ['sealed', 'resync', 'peer', 'all'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export type BenchOptions = {
  scenario: Scenario;
  rooms: number;
  seats: number;
  durationMs: number;
  thinkMs: number;
  /** Sockets the resync scenario drops (one spectator per room). */
  drop: number;
  gapMs: number;
  pglite: boolean;
  json: boolean;
  quick: boolean;
  /** Folder for V8 CPU profiles of the servers and load processes, when set. */
  cpuProfDir: string | undefined;
  postgresAdminUrl: string;
};

export const USAGE = `usage: node bench/run.ts [--quick] [--json] [--pglite] [--scenario sealed|resync|peer|all]
  [--rooms N] [--seats N] [--duration SECONDS] [--think MS] [--drop N] [--cpu-prof [DIR]]
defaults: --scenario all --rooms 300 --seats 6 --duration 30 --think 50 (--quick: 8 rooms, 3 s)
Postgres: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) gets a fresh vt_bench_<hex> database.`;

const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return n;
};

/** Reads the command line; `--quick` only changes the defaults, explicit flags still win. */
export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      pglite: { type: 'boolean', default: false },
      scenario: { type: 'string', default: 'all' },
      rooms: { type: 'string' },
      seats: { type: 'string' },
      duration: { type: 'string' },
      think: { type: 'string' },
      drop: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      'cpu-prof-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scenario = values.scenario as Scenario;
  if (!SCENARIOS.includes(scenario)) throw new Error(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  const quick = values.quick;
  const rooms = Math.round(positive('rooms', values.rooms, quick ? 8 : 300));
  return {
    scenario,
    rooms,
    seats: Math.round(positive('seats', values.seats, 6)),
    durationMs: positive('duration', values.duration, quick ? 3 : 30) * 1000,
    thinkMs: values.think === '0' ? 0 : positive('think', values.think, 50),
    drop: Math.min(rooms, Math.round(positive('drop', values.drop, Math.min(rooms, 100)))),
    gapMs: quick ? 500 : 1000,
    pglite: values.pglite,
    json: values.json,
    quick,
    cpuProfDir: values['cpu-prof'] || values['cpu-prof-dir'] ? (values['cpu-prof-dir'] ?? 'bench/profiles') : undefined,
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}
