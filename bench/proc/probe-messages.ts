/** Parent → measured process. */
export type ProbeRequest =
  | { probe: 'sample'; id: number; gc: boolean; resetPeak: boolean }
  | { probe: 'exit' };

/** Measured process → parent: bytes and CPU microseconds since the process started. */
export type ProbeReply = {
  probe: 'sample';
  id: number;
  heapUsed: number;
  rss: number;
  cpuMicros: number;
  peakHeap: number;
  peakRss: number;
  /** Write system calls (write, writev…) and bytes they wrote, from /proc/self/io; absent where there is none. */
  writes?: { calls: number; bytes: number };
};
