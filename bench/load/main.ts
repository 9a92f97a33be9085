/**
 * The load process: started by bench/run.ts with an IPC channel, it drives one stack with real Socket.IO
 * clients over loopback. It is bounded: it refuses non-loopback targets and exits by itself after `maxMs`.
 */
import { BareDriver } from './bare-driver.ts';
import type { Driver } from './driver.ts';
import type { LoadCommand, LoadConfig, LoadEvent } from './messages.ts';
import { PeerDriver } from './peer-driver.ts';
import { Recorder } from './recorder.ts';
import { VeiltableDriver } from './veiltable-driver.ts';
import { sleep } from '../stats.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const recorder = new Recorder();
let driver: Driver | undefined;

function tell(event: LoadEvent): void {
  process.send?.(event);
}

function makeDriver(cfg: LoadConfig): Driver {
  if (!LOOPBACK.has(new URL(cfg.url).hostname)) throw new Error(`refusing to load a non-loopback target: ${cfg.url}`);
  setTimeout(() => {
    console.error(`load: ${cfg.maxMs} ms bound reached, exiting`);
    process.exit(3);
  }, cfg.maxMs).unref();
  if (cfg.target === 'veiltable') return new VeiltableDriver(cfg, recorder);
  if (cfg.target === 'bare') return new BareDriver(cfg, recorder);
  return new PeerDriver(cfg, recorder);
}

async function handle(cmd: LoadCommand): Promise<void> {
  if (cmd.cmd === 'setup') {
    const t0 = performance.now();
    driver = makeDriver(cmd.config);
    const sockets = await driver.setup();
    tell({ evt: 'ready', sockets, setupMs: performance.now() - t0, errors: recorder.errorCounts() });
  } else if (cmd.cmd === 'run') {
    if (!driver) throw new Error('run before setup');
    recorder.start();
    driver.startRounds();
    await sleep(cmd.durationMs);
    const rounds = recorder.finish();
    tell({ evt: 'windowEnd' });
    const resync = cmd.resync && driver.resync ? await driver.resync(cmd.resync) : undefined;
    await driver.stopRounds();
    // Errors seen while draining and resyncing count too.
    rounds.errors = recorder.errorCounts();
    tell({ evt: 'done', rounds, ...(resync ? { resync } : {}) });
  } else {
    await driver?.close();
    process.exit(0);
  }
}

if (!process.send) {
  console.error('bench/load/main.ts is started by bench/run.ts');
  process.exit(2);
}
process.on('message', (raw) => {
  handle(raw as LoadCommand).catch((e: unknown) => {
    tell({ evt: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    setTimeout(() => process.exit(1), 100);
  });
});
process.on('disconnect', () => process.exit(0));
