/**
 * Loaded with `node --import` into every process the bench measures (the real server, the baselines, the peer),
 * so their own source stays untouched. It answers the parent over the IPC channel with memory and CPU figures,
 * keeps the peak of a 100 ms sampler, and exits on request so `--cpu-prof` can write its profile.
 */
import { readFileSync } from 'node:fs';
import type { ProbeReply, ProbeRequest } from './probe-messages.ts';

const gc = (globalThis as { gc?: () => void }).gc;
let peakHeap = 0;
let peakRss = 0;

function sample(): void {
  const m = process.memoryUsage();
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  if (m.rss > peakRss) peakRss = m.rss;
}

/**
 * Write system calls and bytes so far (Linux). On loopback each socket write also runs the receiver's side of the
 * network stack, so the number of writes, unlike the time they take, does not depend on what else the machine runs.
 */
function writes(): ProbeReply['writes'] {
  let text: string;
  try {
    text = readFileSync('/proc/self/io', 'utf8');
  } catch {
    return undefined;
  }
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  const calls = field('syscw');
  const bytes = field('wchar');
  return Number.isFinite(calls) && Number.isFinite(bytes) ? { calls, bytes } : undefined;
}

if (process.send) {
  setInterval(sample, 100).unref();
  // The channel must not keep a process alive that would otherwise exit on its own.
  process.channel?.unref();
  process.on('message', (raw: unknown) => {
    const req = raw as ProbeRequest;
    if (typeof req !== 'object' || req === null || !('probe' in req)) return;
    if (req.probe === 'exit') {
      process.exit(0);
    }
    if (req.probe === 'sample') {
      // Two collections: the first may only queue finalizers that free more on the second.
      if (req.gc && gc) {
        gc();
        gc();
      }
      sample();
      const m = process.memoryUsage();
      const cpu = process.cpuUsage();
      const written = writes();
      const reply: ProbeReply = {
        probe: 'sample',
        id: req.id,
        heapUsed: m.heapUsed,
        rss: m.rss,
        cpuMicros: cpu.user + cpu.system,
        peakHeap,
        peakRss,
        ...(written ? { writes: written } : {}),
      };
      if (req.resetPeak) {
        peakHeap = m.heapUsed;
        peakRss = m.rss;
      }
      process.send?.(reply);
    }
  });
}
