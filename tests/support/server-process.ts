import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root: main.ts resolves the client's dist and migrations relative to where it runs. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(REPO_ROOT, 'packages', 'server', 'src', 'main.ts');
const READY = /Veiltable listening on (\S+)/;
// PGlite initialises its WASM Postgres on start; on a loaded 2-core machine that alone can take tens of seconds.
const START_TIMEOUT_MS = 90_000;

export type ServerOptions = {
  /** A Postgres server URL; without it the server uses embedded PGlite in its own data dir. */
  databaseUrl?: string;
  demo?: boolean;
  /** More environment for the server, over the test defaults below. */
  env?: Record<string, string>;
  /** Told every chunk the server prints, from the start (the tests of start-up itself react to it). */
  onOutput?: (text: string) => void;
};

export type ServerProcess = {
  url: string;
  port: number;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  /** True while the process runs (it has not crashed or been killed). */
  alive(): boolean;
  /** Sends the signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the server again on the same database, data dir and port (killing it first if still running). */
  restart(): Promise<void>;
  /** Kills the server and removes its data dir. */
  stop(): Promise<void>;
};

const live = new Set<ChildProcess>();
// A crashed test run must not leave servers holding ports and database sessions.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Spawns the real server with the Node that runs the tests, and waits for its listening line. */
export async function startServer(opts: ServerOptions = {}): Promise<ServerProcess> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) throw new Error(`the server needs Node >= 22 (type stripping); tests run on ${process.version}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'vt-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | undefined;

  const launch = async (): Promise<void> => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO: opts.demo ? '1' : '0',
      NODE_ENV: 'test',
      // A test file creates rooms faster than any person would.
      ROOMS_PER_MINUTE: '10000',
      ...opts.env,
    };
    if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
    else delete env.DATABASE_URL;
    const proc = spawn(process.execPath, [MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => fail(`no listening line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
      let pending = '';
      const fail = (why: string) => {
        clearTimeout(timer);
        proc.kill('SIGKILL');
        reject(new Error(`server did not start: ${why}\n--- server output ---\n${log}`));
      };
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        log += text;
        pending += text;
        opts.onOutput?.(text);
        const match = READY.exec(pending);
        if (match) {
          clearTimeout(timer);
          proc.off('exit', onExit);
          if (new URL(match[1]!).port !== String(port)) {
            fail(`listening on ${match[1]} instead of port ${port}`);
            return;
          }
          resolveReady();
        }
      };
      const onExit = (code: number | null, signal: string | null) => fail(`exited early (code ${code}, signal ${signal})`);
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        log += text;
        opts.onOutput?.(text);
      });
      proc.once('exit', onExit);
    });
  };

  const kill = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    const force = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
  };

  await launch();
  return {
    url,
    port,
    output: () => log,
    alive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    kill,
    async restart() {
      await kill('SIGKILL');
      log += '\n--- restart ---\n';
      await launch();
    },
    async stop() {
      await kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on right now; fixed up front so a restart can come back on the same one. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
