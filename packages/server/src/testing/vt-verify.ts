import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The repository root, where `./vt` is. */
const ROOT = new URL('../../../../', import.meta.url).pathname;

/** Each spawn starts a Node; the shared test machine may be slow to. */
export const SPAWN_TIMEOUT = 60_000;

export type VerifyRun = { code: number | null; out: string; err: string };

/** Runs `./vt verify ARGS…` from `cwd` (so a relative path is read as a user would type it) and collects its output. */
export function vtVerify(cwd: string, args: readonly string[]): Promise<VerifyRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'vt'), ['verify', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
