/**
 * Loaded with `node --import` into every process the bench measures (the real server, the baselines, the peer),
 * so their own source stays untouched. It answers the parent over the IPC channel with memory and CPU figures,
 * keeps the peak of a 100 ms sampler, and exits on request so `--cpu-prof` can write its profile.
 */
import type { ProbeReply, ProbeRequest } from './probe-messages.ts';

const gc = (globalThis as { gc?: () => void }).gc;
let peakHeap = 0;
let peakRss = 0;

function sample(): void {
  const m = process.memoryUsage();
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  if (m.rss > peakRss) peakRss = m.rss;
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
      const reply: ProbeReply = {
        probe: 'sample',
        id: req.id,
        heapUsed: m.heapUsed,
        rss: m.rss,
        cpuMicros: cpu.user + cpu.system,
        peakHeap,
        peakRss,
      };
      if (req.resetPeak) {
        peakHeap = m.heapUsed;
        peakRss = m.rss;
      }
      process.send?.(reply);
    }
  });
}
