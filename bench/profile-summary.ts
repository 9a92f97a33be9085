/**
 * Prints where a V8 CPU profile spent its time: `node bench/profile-summary.ts bench/profiles/veiltable.cpuprofile [N]`.
 * Self time per function, and inclusive time per source file, so a diagnosis can name the code that costs.
 */
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const top = Number(topArg ?? '25');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

const short = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules\/\.pnpm\/|packages\/|bench\/)/, '$1').replace(/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusiveByFile = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const n = byId.get(id);
  if (!n) continue;
  self.set(label(n), (self.get(label(n)) ?? 0) + ms);
  // Each sample counts once per distinct file on its stack.
  const files = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const url = byId.get(cur)?.callFrame.url;
    if (url) files.add(short(url));
  }
  for (const f of files) inclusiveByFile.set(f, (inclusiveByFile.get(f) ?? 0) + ms);
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(`${file}: ${total.toFixed(0)} ms sampled`);
print('self time by function', self);
print('inclusive time by file', inclusiveByFile);
