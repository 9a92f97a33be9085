import { availableParallelism } from 'node:os';
import type { BareCommitResult } from './baselines/bare-commit.ts';
import type { Percentiles } from './stats.ts';
import { addPercentiles } from './stats.ts';
import type { StackResult } from './stack-run.ts';

export type BenchResults = {
  params: Record<string, string | number | boolean>;
  veiltable?: StackResult;
  bare?: StackResult;
  commit?: BareCommitResult;
  peer?: StackResult;
  totalSec?: number;
};

type Unit = 'ms' | '/s' | 'MiB' | 'KiB' | 'cpu s' | 'B' | 'calls' | '%' | '';

/** One printed line: a figure, what it is measured against, and the goal on their ratio when there is one. */
export type Figure = {
  name: string;
  unit: Unit;
  value: number;
  baseline?: number;
  against?: string;
  ratio?: number;
  /** Goal on the ratio (or on the value itself when there is no baseline, e.g. errors = 0). */
  goal?: { op: '<=' | '>=' | '='; x: number };
  met?: boolean;
};

const MiB = 1024 * 1024;

function figure(f: Omit<Figure, 'ratio' | 'met'>): Figure {
  const ratio = f.baseline !== undefined && f.baseline > 0 ? f.value / f.baseline : undefined;
  let met: boolean | undefined;
  if (f.goal) {
    const subject = f.baseline !== undefined ? ratio : f.value;
    if (subject !== undefined) {
      met = f.goal.op === '<=' ? subject <= f.goal.x : f.goal.op === '>=' ? subject >= f.goal.x : subject === f.goal.x;
    }
  }
  return { ...f, ...(ratio !== undefined ? { ratio } : {}), ...(met !== undefined ? { met } : {}) };
}

function latency(prefix: string, v: Percentiles, b: Percentiles, against: string, p99Goal?: Figure['goal']): Figure[] {
  return (['p50', 'p95', 'p99'] as const).map((q) =>
    figure({ name: `${prefix} ${q}`, unit: 'ms', value: v[q], baseline: b[q], against, ...(q === 'p99' && p99Goal ? { goal: p99Goal } : {}) }),
  );
}

const perSec = (s: StackResult) => s.rounds.commits / (s.rounds.windowMs / 1000);
const count = (e: Record<string, number> | undefined) => Object.values(e ?? {}).reduce((a, n) => a + n, 0);
/** Client-side errors, plus lines on the server's stderr unless that server logs routine rejections there. */
const sumErrors = (s: StackResult, withServerLines = true) =>
  count(s.rounds.errors) + count(s.resync?.errors) + (withServerLines ? s.server.errorLines : 0);
const perSocket = (held: number, idle: number, sockets: number) => Math.max(0, held - idle) / sockets / 1024;
/** A server figure of the window per commit confirmed in it (for the bare server, per answer it acknowledged). */
const perCommit = (s: StackResult, total: number) => total / Math.max(1, s.rounds.commits);

/** All cores' busy time in the window per commit confirmed in it, in ms. */
const machinePerCommit = (s: StackResult) => perCommit(s, (s.machineBusy ?? 0) * availableParallelism() * s.rounds.windowMs);

/** Every figure the run can give, each with its baseline from the same run. */
export function buildFigures(r: BenchResults): Figure[] {
  const out: Figure[] = [];
  const vt = r.veiltable;
  if (!vt) return out;
  if (r.bare && r.commit) {
    const { bare, commit } = r;
    const commitLatency = commit.paced?.latency ?? commit.capacity.latency;
    out.push(...latency('declaration round trip', vt.rounds.declareRtt, addPercentiles(bare.rounds.declareRtt, commitLatency), 'bare ack + bare commit', { op: '<=', x: 2 }));
    out.push(...latency('reveal fan-out', vt.rounds.fanout, bare.rounds.fanout, 'bare broadcast', { op: '<=', x: 3 }));
    out.push(figure({ name: 'committed room events', unit: '/s', value: perSec(vt), baseline: commit.capacity.commitsPerSec, against: 'bare commits flat out', goal: { op: '>=', x: 0.5 } }));
    out.push(figure({ name: 'server heap peak', unit: 'MiB', value: vt.server.peakHeap / MiB, baseline: bare.server.peakHeap / MiB, against: 'bare Socket.IO' }));
    out.push(figure({ name: 'server RSS peak', unit: 'MiB', value: vt.server.peakRss / MiB, baseline: bare.server.peakRss / MiB, against: 'bare Socket.IO' }));
    out.push(figure({ name: 'server heap per socket', unit: 'KiB', value: perSocket(vt.server.heldHeap, vt.server.idleHeap, vt.sockets), baseline: perSocket(bare.server.heldHeap, bare.server.idleHeap, bare.sockets), against: 'bare Socket.IO', goal: { op: '<=', x: 2 } }));
    out.push(figure({ name: 'server RSS per socket', unit: 'KiB', value: perSocket(vt.server.heldRss, vt.server.idleRss, vt.sockets), baseline: perSocket(bare.server.heldRss, bare.server.idleRss, bare.sockets), against: 'bare Socket.IO', goal: { op: '<=', x: 2 } }));
    out.push(figure({ name: 'server CPU in window', unit: 'cpu s', value: vt.server.cpuSec, baseline: bare.server.cpuSec, against: 'bare Socket.IO' }));
    out.push(figure({ name: 'server CPU per commit', unit: 'ms', value: perCommit(vt, vt.server.cpuSec * 1000), baseline: perCommit(bare, bare.server.cpuSec * 1000), against: 'bare Socket.IO' }));
    if (vt.server.writes && bare.server.writes) {
      out.push(figure({ name: 'server write calls per commit', unit: 'calls', value: perCommit(vt, vt.server.writes.calls), baseline: perCommit(bare, bare.server.writes.calls), against: 'bare Socket.IO' }));
      out.push(figure({ name: 'server bytes written per commit', unit: 'B', value: perCommit(vt, vt.server.writes.bytes), baseline: perCommit(bare, bare.server.writes.bytes), against: 'bare Socket.IO' }));
    }
    out.push(figure({ name: 'load process CPU in window', unit: 'cpu s', value: vt.loadCpuSec, baseline: bare.loadCpuSec, against: 'bare Socket.IO' }));
    if (vt.machineBusy !== undefined && bare.machineBusy !== undefined) {
      out.push(figure({ name: `machine CPU busy (${availableParallelism()} cores)`, unit: '%', value: vt.machineBusy * 100, baseline: bare.machineBusy * 100, against: 'bare Socket.IO' }));
      // Every process's CPU (server, load process, database) per commit: what one commit costs the whole machine.
      out.push(figure({ name: 'machine CPU per commit', unit: 'ms', value: machinePerCommit(vt), baseline: machinePerCommit(bare), against: 'bare Socket.IO' }));
    }
    out.push(figure({ name: 'bare commit latency p99 (paced)', unit: 'ms', value: commitLatency.p99 }));
  } else {
    out.push(figure({ name: 'declaration round trip p99', unit: 'ms', value: vt.rounds.declareRtt.p99 }));
    out.push(figure({ name: 'committed room events', unit: '/s', value: perSec(vt) }));
  }
  out.push(figure({ name: 'errors (veiltable)', unit: '', value: sumErrors(vt), goal: { op: '=', x: 0 } }));
  out.push(figure({ name: 'reconnects (veiltable)', unit: '', value: vt.rounds.reconnects, goal: { op: '=', x: 0 } }));
  if (vt.resync) {
    const rs = vt.resync;
    out.push(figure({ name: `resync of ${rs.dropped} sockets p50`, unit: 'ms', value: rs.resync.p50, baseline: rs.fresh.p50, against: 'fresh connect + snapshot' }));
    out.push(figure({ name: `resync of ${rs.dropped} sockets p99`, unit: 'ms', value: rs.resync.p99, baseline: rs.fresh.p99, against: 'fresh connect + snapshot' }));
    out.push(figure({ name: 'resync bytes per socket', unit: 'B', value: rs.resyncBytes, baseline: rs.freshBytes, against: 'fresh connect + snapshot' }));
  }
  if (r.peer) {
    const p = r.peer;
    out.push(figure({ name: 'throughput vs peer', unit: '/s', value: perSec(vt), baseline: perSec(p), against: 'boardgame.io', goal: { op: '>=', x: 3 } }));
    out.push(figure({ name: 'declaration round trip p99 vs peer', unit: 'ms', value: vt.rounds.declareRtt.p99, baseline: p.rounds.declareRtt.p99, against: 'boardgame.io', goal: { op: '<=', x: 1 / 3 } }));
    out.push(figure({ name: 'reveal fan-out p99 vs peer', unit: 'ms', value: vt.rounds.fanout.p99, baseline: p.rounds.fanout.p99, against: 'boardgame.io', goal: { op: '<=', x: 1 / 3 } }));
    out.push(figure({ name: 'server heap per socket vs peer', unit: 'KiB', value: perSocket(vt.server.heldHeap, vt.server.idleHeap, vt.sockets), baseline: perSocket(p.server.heldHeap, p.server.idleHeap, p.sockets), against: 'boardgame.io' }));
    out.push(figure({ name: 'server CPU vs peer', unit: 'cpu s', value: vt.server.cpuSec, baseline: p.server.cpuSec, against: 'boardgame.io' }));
    if (vt.machineBusy !== undefined && p.machineBusy !== undefined) {
      out.push(figure({ name: 'machine CPU busy vs peer', unit: '%', value: vt.machineBusy * 100, baseline: p.machineBusy * 100, against: 'boardgame.io' }));
    }
    out.push(figure({ name: 'errors (boardgame.io)', unit: '', value: sumErrors(p, false), goal: { op: '=', x: 0 } }));
    // boardgame.io logs each move it drops for a stale _stateID on stderr; the client sends it again.
    out.push(figure({ name: 'stale moves resent (boardgame.io)', unit: '', value: p.rounds.retries }));
  }
  return out;
}

function num(x: number, unit: Unit): string {
  if (unit === '' || unit === 'B') return String(Math.round(x));
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

function goalText(g: Figure['goal']): string {
  if (!g) return '';
  const x = g.x === 1 / 3 ? '1/3' : String(g.x);
  return g.op === '=' ? `= ${x}` : `${g.op} ${x}×`;
}

/** The table on stdout, then the error breakdown so a non-zero count can be traced. */
export function printFigures(r: BenchResults, figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.name,
    `${num(f.value, f.unit)} ${f.unit}`.trim(),
    f.baseline !== undefined ? `${num(f.baseline, f.unit)} ${f.unit}`.trim() : '',
    f.against ?? '',
    f.ratio !== undefined ? `${f.ratio.toFixed(2)}×` : '',
    goalText(f.goal),
    f.met === undefined ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const head = ['figure', 'value', 'baseline', 'baseline is', 'ratio', 'goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 2 || i === 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  const p = r.params;
  console.log(`\nVeiltable load benchmark: ${p.rooms} rooms × ${p.seats} players + GM + spectator, ${p.durationSec} s per stack, think 0..${p.thinkMs} ms, ${p.database}`);
  for (const [name, s] of [['veiltable', r.veiltable], ['bare', r.bare], ['boardgame.io', r.peer]] as const) {
    if (s) console.log(`  ${name}: ${s.sockets} sockets (setup ${(s.setupMs / 1000).toFixed(1)} s), ${s.rounds.rounds} rounds, ${s.rounds.commits} commits in ${(s.rounds.windowMs / 1000).toFixed(1)} s`);
  }
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  const errs = { veiltable: r.veiltable?.rounds.errors, resync: r.veiltable?.resync?.errors, bare: r.bare?.rounds.errors, peer: r.peer?.rounds.errors };
  const lines = Object.entries(errs).filter(([, e]) => e && Object.keys(e).length > 0);
  for (const [name, e] of lines) console.log(`errors ${name}: ${JSON.stringify(e)}`);
  if (r.totalSec !== undefined) console.log(`\ntotal ${r.totalSec.toFixed(1)} s`);
}
