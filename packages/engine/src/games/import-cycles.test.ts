import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { games } from './index.ts';

const HERE = new URL('.', import.meta.url).pathname;

/** The modules of a game folder that a module imports at run time (type-only imports do not count). */
function runtimeImports(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'\.\/([\w-]+\.ts)';/gms)) deps.push(m[1]!);
    for (const m of text.matchAll(/^export\s+(?!type\b)[^;]*?from\s+'\.\/([\w-]+\.ts)';/gms)) deps.push(m[1]!);
    graph.set(file, deps);
  }
  return graph;
}

/** The first cycle found in a graph, as the modules along it, or null. */
function cycleIn(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** Phase flows go through each game's phase table (ctx.enter), so no module of a game needs one that needs it back. */
describe('no game module imports another that imports it back at run time', () => {
  const folders = readdirSync(HERE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  test('every game of the registry has its folder here, and every folder is a game of the registry', () => {
    expect(folders.sort()).toEqual(Object.keys(games).sort());
  });

  test.each(folders)('%s', (folder) => {
    expect(cycleIn(runtimeImports(join(HERE, folder)))).toBeNull();
  });

  test('the check finds a cycle where there is one', () => {
    expect(cycleIn(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
