import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const INDEX = join(ROOT, 'packages', 'client', 'dist', 'index.html');
/** What the built client is made of: its own sources and the packages it imports. */
const SOURCES = ['packages/client/src', 'packages/client/index.html', 'packages/client/vite.config.ts', 'packages/protocol/src', 'packages/engine/src'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/**
 * Before the browser tests: builds the client when its build is missing or older than any of its sources, so a
 * browser test never runs against a client that does not match the code it tests.
 */
export default function setup(): void {
  const built = existsSync(INDEX) ? statSync(INDEX).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((p) => join(ROOT, p)).filter(existsSync).map(newest));
  if (built >= changed) return;
  console.log(built ? 'The client build is older than its sources: rebuilding it.' : 'No client build yet: building it.');
  const vite = join(ROOT, 'packages', 'client', 'node_modules', '.bin', 'vite');
  // A production build, as users get: vitest's NODE_ENV=test would otherwise reach vite and build another bundle.
  const result = spawnSync(vite, ['build'], { cwd: join(ROOT, 'packages', 'client'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('the client build failed');
}
