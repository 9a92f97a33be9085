/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { en } from './en.ts';
import { type DictionaryGame, type DictionaryParts, gameDictionaryLoaders } from './dictionaries.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { LANGS } from './translate.ts';

// Every rejection a player can meet is shown through `rejection.<CODE>`; a code without text shows raw. These tests
// read the sources that produce codes, so a new code without text in all three languages fails here.

const PACKAGES = fileURLToPath(new URL('../../../../', import.meta.url));

/** Which sources feed which dictionary: the core one ships with the app, a game's loads with its table. */
const SCOPES: readonly { game: DictionaryGame | null; dirs: readonly string[]; known: string }[] = [
  {
    game: null,
    dirs: [
      'engine/src/kernel',
      'engine/src/capabilities',
      'engine/src/games/free-table',
      'server/src/socket',
      'server/src/http',
      'server/src/rooms',
      'client/src',
    ],
    known: 'BAD_JSON',
  },
  { game: 'dungeon-2d6', dirs: ['engine/src/games/dungeon-2d6'], known: 'CAP_EXCEEDED' },
  { game: 'grail-war', dirs: ['engine/src/games/grail-war'], known: 'POOL_EMPTY' },
  { game: 'call-of-t', dirs: ['engine/src/games/call-of-t'], known: 'NOT_YOUR_PHASE' },
];

// Upper-case literals that are not codes: alphabets, Unicode forms, card names, HTTP verbs, Fastify's own errors.
const NOT_CODES = new Set(['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'NFKC', 'JOKER', 'POST']);
const NOT_CODE_PREFIXES = ['FST_'];

// Codes are SCREAMING_SNAKE string literals; short ones (VAL, A1, GM) are rule terms and squares, not codes.
const LITERAL = /['"]([A-Z][A-Z0-9_]{3,})['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|svelte)$/.test(f) && !f.endsWith('.test.ts'))
    .filter((f) => !f.split(/[\\/]/).includes('i18n'))
    .map((f) => join(dir, f));
}

/** Every code literal in the sources under the given folders. */
function scanCodes(dirs: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const dir of dirs) {
    for (const file of sourceFiles(join(PACKAGES, dir))) {
      for (const [, code] of readFileSync(file, 'utf8').matchAll(LITERAL)) {
        if (!code || NOT_CODES.has(code) || NOT_CODE_PREFIXES.some((p) => code.startsWith(p))) continue;
        codes.add(code);
      }
    }
  }
  return codes;
}

const CORE: DictionaryParts = { en, ja, ko };

/** The dictionaries a table of this game has: the core one plus the game's own, merged as the app merges them. */
async function dictionariesFor(game: DictionaryGame | null): Promise<DictionaryParts> {
  if (game === null) return CORE;
  const parts = await gameDictionaryLoaders[game]!();
  return { en: { ...en, ...parts.en }, ja: { ...ja, ...parts.ja }, ko: { ...ko, ...parts.ko } };
}

describe('rejection texts', () => {
  test.each(SCOPES.map((s) => [s.game ?? 'core', s] as const))('every %s code has text in ko, ja and en', async (_, scope) => {
    const codes = scanCodes(scope.dirs);
    // The scan itself must work: a moved folder or a broken pattern would otherwise pass with nothing to check.
    expect(codes).toContain(scope.known);
    const dictionaries = await dictionariesFor(scope.game);
    const missing = [...codes].sort().flatMap((code) =>
      LANGS.filter((lang) => !(dictionaries[lang] as Record<string, string | undefined>)[`rejection.${code}`]?.trim()).map(
        (lang) => `${lang} rejection.${code}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  test('the scan finds codes the server and the client make, not only the engine', () => {
    const codes = scanCodes(SCOPES[0]!.dirs);
    for (const code of ['TOKEN_REVOKED', 'ROOM_BUSY', 'RATE_LIMITED', 'INTERNAL', 'OFFLINE', 'UNCONFIRMED']) {
      expect(codes).toContain(code);
    }
    expect(codes).not.toContain('NFKC');
  });
});
