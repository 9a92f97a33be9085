/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dictionaryLoader, DICTIONARY_GAMES } from './dictionaries.ts';
import { en } from './en.ts';

// Every literal key a component asks for must be in a dictionary that page has: the core one, its game's, and for
// what loads for the GM only (gm/ folders), the GM tools' too; the open edition's check (room/open-edition/) its own. A key missing there shows raw on screen.

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const KEY = /i18n\.t\('([^']+)'/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|svelte)$/.test(f) && !f.endsWith('.test.ts') && !f.split(/[\\/]/).includes('i18n'))
    .map((f) => join(dir, f));
}

const keysOf = async (part: string): Promise<string[]> => Object.keys((await dictionaryLoader(part, 'en')?.()) ?? {});

describe('every key a page asks for is in a dictionary it loads', () => {
  test.each([null, ...DICTIONARY_GAMES])('%s', async (game) => {
    const core = Object.keys(en);
    const gm = await keysOf('gm');
    const openEdition = await keysOf('room/open-edition');
    const own = game ? await keysOf(`games/${game}`) : [];
    const dirs = game ? [join(SRC, 'games', game)] : ['shell', 'ui', 'room', 'gm'].map((d) => join(SRC, d));
    const missing: string[] = [];
    let asked = 0;
    for (const file of dirs.flatMap(sources)) {
      const forGm = /(^|[\\/])gm[\\/]/.test(relative(SRC, file));
      const forOpenEdition = /(^|[\\/])open-edition[\\/]/.test(relative(SRC, file));
      // Shared parts (ui/, room/) are shown inside every game's table, with no game's strings of their own.
      const known = new Set([...core, ...own, ...(forGm ? gm : []), ...(forOpenEdition ? openEdition : [])]);
      for (const [, key] of readFileSync(file, 'utf8').matchAll(KEY)) {
        asked++;
        if (!known.has(key!)) missing.push(`${relative(SRC, file)}: ${key}`);
      }
    }
    expect(asked).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
