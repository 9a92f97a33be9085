#!/usr/bin/env node
// Runs the whole suite: the type check and the client's size budget (on the build `./vt test` just made), then every
// vitest file; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

console.log('Type check (tsc, svelte-check) ...');
const checks = [
  run(bin('tsc'), ['-p', 'tsconfig.json']),
  run(join(root, 'packages/client/node_modules/.bin/svelte-check'), ['--workspace', 'packages/client', '--tsconfig', './tsconfig.json', '--fail-on-warnings']),
];
console.log('Client size (scripts/client-size.mjs) ...');
checks.push(run(process.execPath, [join(root, 'scripts', 'client-size.mjs')]));
const tsc = checks.every((c) => c === 0) ? 0 : 1;
if (tsc !== 0) console.error('Type check or client size check failed.');

mkdirSync(join(root, 'test-artifacts'), { recursive: true });
const report = join(root, 'test-artifacts', 'vitest.json');
const vitest = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...process.argv.slice(2)]);

let summary = 'Tests: 0 passed, 1 failed';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const failed = r.numFailedTests + (tsc === 0 ? 0 : 1);
  summary = `Tests: ${r.numPassedTests} passed, ${failed} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : '');
} catch {
  console.error('No vitest report was written.');
}
console.log(summary);
process.exit(tsc === 0 && vitest === 0 ? 0 : 1);
