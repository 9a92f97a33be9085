import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProbeReply, ProbeRequest } from './probe-messages.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const PROBE_URL = pathToFileURL(resolve(import.meta.dirname, 'probe.ts')).href;

export type MeasuredOptions = {
  /** Names the process in messages and its CPU profile. */
  name: string;
  /** Script path relative to the repository root. */
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /** The line that says the process is ready; its first capture group is handed back (the URL). */
  ready: RegExp;
  /** Write a V8 CPU profile of this process into the folder. */
  cpuProfDir?: string;
  timeoutMs?: number;
};

/** A running process under measurement: the probe (proc/probe.ts) answers memory and CPU questions over IPC. */
export class MeasuredChild {
  readonly name: string;
  readonly url: string;
  private readonly proc: ChildProcess;
  private readonly tail: string[];
  private nextId = 1;
  private errorLineCount = 0;

  private constructor(name: string, url: string, proc: ChildProcess, tail: string[]) {
    this.name = name;
    this.url = url;
    this.proc = proc;
    this.tail = tail;
  }

  /** Spawns the script under the probe and resolves once it printed its ready line. */
  static start(opts: MeasuredOptions): Promise<MeasuredChild> {
    const nodeArgs = ['--expose-gc', '--import', PROBE_URL];
    if (opts.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`, `--cpu-prof-name=${opts.name}.cpuprofile`);
    const proc = spawn(process.execPath, [...nodeArgs, opts.script, ...(opts.args ?? [])], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const tail: string[] = [];
    let child: MeasuredChild | undefined;
    const remember = (line: string, isError: boolean) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (isError && child && line.trim()) child.errorLineCount++;
    };
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`${opts.name} did not get ready in time:\n${tail.join('\n')}`));
      }, opts.timeoutMs ?? 30_000);
      const onLine = (isError: boolean) => (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          remember(line, isError);
          const m = child ? null : opts.ready.exec(line);
          if (m) {
            clearTimeout(timer);
            child = new MeasuredChild(opts.name, m[1] ?? '', proc, tail);
            resolvePromise(child);
          }
        }
      };
      proc.stdout?.on('data', onLine(false));
      proc.stderr?.on('data', onLine(true));
      proc.once('exit', (code) => {
        clearTimeout(timer);
        if (!child) reject(new Error(`${opts.name} exited with ${code} before it was ready:\n${tail.join('\n')}`));
      });
    });
  }

  get pid(): number {
    return this.proc.pid ?? -1;
  }

  /** Lines the process wrote to stderr since it was ready. */
  get errorLines(): number {
    return this.errorLineCount;
  }

  get lastOutput(): string {
    return this.tail.join('\n');
  }

  /** Memory and CPU now; with `gc`, after a full collection, so held memory is compared without garbage. */
  sample(opts: { gc?: boolean; resetPeak?: boolean } = {}): Promise<ProbeReply> {
    const id = this.nextId++;
    const req: ProbeRequest = { probe: 'sample', id, gc: opts.gc ?? false, resetPeak: opts.resetPeak ?? false };
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.proc.off('message', onMessage);
        reject(new Error(`${this.name} did not answer the probe`));
      }, 20_000);
      const onMessage = (msg: unknown) => {
        const reply = msg as ProbeReply;
        if (reply?.probe !== 'sample' || reply.id !== id) return;
        clearTimeout(timer);
        this.proc.off('message', onMessage);
        resolvePromise(reply);
      };
      this.proc.on('message', onMessage);
      this.proc.send(req);
    });
  }

  /** Asks the process to exit (which writes a CPU profile), then insists. */
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.proc.once('exit', () => r()));
    const req: ProbeRequest = { probe: 'exit' };
    try {
      this.proc.send(req);
    } catch {
      this.proc.kill('SIGTERM');
    }
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
