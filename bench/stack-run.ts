import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { LoadCommand, LoadConfig, LoadEvent, ResyncRequest, ResyncResult, RoundsResult } from './load/messages.ts';
import type { MeasuredOptions } from './proc/measured-child.ts';
import { busyShare, machineCpu } from './proc/machine-cpu.ts';
import { MeasuredChild, REPO_ROOT } from './proc/measured-child.ts';

/** Server memory and CPU around one run; bytes and CPU seconds. */
export type ServerFigures = {
  idleHeap: number;
  idleRss: number;
  /** After a full GC with every socket still connected, once the rounds are over. */
  heldHeap: number;
  heldRss: number;
  peakHeap: number;
  peakRss: number;
  cpuSec: number;
  /** Write system calls and bytes written in the window, where the platform tells them. */
  writes?: { calls: number; bytes: number };
  errorLines: number;
};

export type StackResult = {
  sockets: number;
  setupMs: number;
  rounds: RoundsResult;
  resync?: ResyncResult;
  server: ServerFigures;
  loadCpuSec: number;
  /** Share of all the machine's cores busy in the window (every process, the database included), when known. */
  machineBusy?: number;
};

export type StackPlan = {
  server: MeasuredOptions;
  load: Omit<LoadConfig, 'url' | 'maxMs'>;
  durationMs: number;
  resync?: ResyncRequest;
  cpuProfDir: string | undefined;
};

/** Bound on setup (rooms, seats, sockets) before the window. */
const SETUP_BOUND_MS = 180_000;

/** Starts the server, then the load process against it; measures the window; stops both. */
export async function runStack(plan: StackPlan): Promise<StackResult> {
  const server = await MeasuredChild.start(plan.server);
  let load: LoadProcess | undefined;
  try {
    const idle = await server.sample({ gc: true });
    const maxMs = SETUP_BOUND_MS + plan.durationMs + 60_000;
    load = new LoadProcess(plan.cpuProfDir, `load-${plan.server.name}`);
    const ready = await load.request({ cmd: 'setup', config: { ...plan.load, url: server.url, maxMs } }, 'ready');
    const before = await server.sample({ gc: true, resetPeak: true });
    const machineBefore = machineCpu();
    const windowEnd = load.next('windowEnd');
    const done = load.next('done');
    load.send({ cmd: 'run', durationMs: plan.durationMs, ...(plan.resync ? { resync: plan.resync } : {}) });
    await windowEnd;
    const atEnd = await server.sample();
    const machineBusy = busyShare(machineBefore, machineCpu());
    const finished = await done;
    const held = await server.sample({ gc: true });
    const figures: ServerFigures = {
      idleHeap: idle.heapUsed,
      idleRss: idle.rss,
      heldHeap: held.heapUsed,
      heldRss: held.rss,
      peakHeap: atEnd.peakHeap,
      peakRss: atEnd.peakRss,
      cpuSec: (atEnd.cpuMicros - before.cpuMicros) / 1e6,
      ...(atEnd.writes && before.writes
        ? { writes: { calls: atEnd.writes.calls - before.writes.calls, bytes: atEnd.writes.bytes - before.writes.bytes } }
        : {}),
      errorLines: server.errorLines,
    };
    return {
      sockets: ready.sockets,
      setupMs: ready.setupMs,
      rounds: finished.rounds,
      ...(finished.resync ? { resync: finished.resync } : {}),
      server: figures,
      loadCpuSec: finished.rounds.cpuMicros / 1e6,
      ...(machineBusy !== undefined ? { machineBusy } : {}),
    };
  } catch (e) {
    console.error(`--- last output of ${server.name} ---\n${server.lastOutput}`);
    throw e;
  } finally {
    await load?.close();
    await server.stop();
  }
}

/** The load process (load/main.ts) and its IPC conversation. */
class LoadProcess {
  private readonly proc: ChildProcess;
  private readonly waiting: ((e: LoadEvent) => void)[] = [];
  private failure: Error | undefined;

  constructor(cpuProfDir: string | undefined, name: string) {
    const args = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
    this.proc = spawn(process.execPath, [...args, 'bench/load/main.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (e: LoadEvent) => {
      for (const w of [...this.waiting]) w(e);
    });
    this.proc.on('exit', (code) => {
      this.failure ??= new Error(`load process exited with ${code}`);
      for (const w of [...this.waiting]) w({ evt: 'failed', message: this.failure.message });
    });
  }

  send(cmd: LoadCommand): void {
    this.proc.send(cmd);
  }

  /** The next event of that kind; rejects if the load process reports a failure or dies first. */
  next<K extends LoadEvent['evt']>(evt: K): Promise<Extract<LoadEvent, { evt: K }>> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const w = (e: LoadEvent) => {
        if (e.evt !== evt && e.evt !== 'failed') return;
        this.waiting.splice(this.waiting.indexOf(w), 1);
        if (e.evt === 'failed') reject(new Error(`load process failed: ${e.message}`));
        else resolve(e as Extract<LoadEvent, { evt: K }>);
      };
      this.waiting.push(w);
    });
  }

  request<K extends LoadEvent['evt']>(cmd: LoadCommand, evt: K): Promise<Extract<LoadEvent, { evt: K }>> {
    const answer = this.next(evt);
    this.send(cmd);
    return answer;
  }

  async close(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.proc.once('exit', () => r()));
    this.failure = new Error('closed');
    try {
      this.send({ cmd: 'close' });
    } catch {
      this.proc.kill('SIGTERM');
    }
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
