import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Packages the verifier may reach at run time: none of them touches node (the client bundles them already). */
const BROWSER_SAFE = /^(@veiltable\/protocol(\/.*)?|@noble\/hashes\/.*|zod|mutative)$/;

/** Every module the file imports at run time (type-only imports do not count), following relative imports. */
function runtimeImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) found.push(...runtimeImports(join(dirname(file), spec), seen));
    else found.push(spec);
  }
  return found;
}

describe('the verifier runs in a browser', () => {
  test('verify-record.ts reaches no node module and no package outside the browser-safe ones', () => {
    const file = new URL('./verify-record.ts', import.meta.url).pathname;
    const packages = runtimeImports(file);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((spec) => !BROWSER_SAFE.test(spec))).toEqual([]);
  });
});
