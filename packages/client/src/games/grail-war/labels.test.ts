/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { gameDictionaries } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, LANGS, translate } from '../../shell/i18n/translate.ts';
import { className, judgmentLabel, npNameOf, sourceLabel } from './labels.ts';
import { GM, room, SABER, seat, servantSheet, viewFor } from './test-room.ts';

// Damage lines name what each step came from; the engine writes those as terms ('str', 'classUnknown'). Every term
// the engine can write must read as words in every language. The terms are read out of the engine's sources, so a
// new one without words fails here.

const ENGINE = fileURLToPath(new URL('../../../../engine/src/games/grail-war/', import.meta.url));
const FILES = ['damage.ts', 'damage-input.ts', 'judgment-values.ts', 'resolve.ts', 'trust-pass.ts', 'trust-shield.ts'];
const PATTERNS = [
  /source: '([^']+)'/g,
  /baseSource(?: =|:) '([^']+)'/g,
  /push\('\w+', '([^']+)'/g,
  /push\('\w+', [^,]*\? '([^']+)' : '([^']+)'/g,
];
/** Terms the engine passes through a table or a variable: the stats base damage reads (plan-check STAT_OF) and the items of damage-input. */
const INDIRECT = ['str', 'end', 'agi', 'luk', 'mag', 'giantsBelt', 'thunderboltShield', 'fairyShoes'];

function engineSources(): string[] {
  const found = new Set<string>(INDIRECT);
  for (const file of FILES) {
    const text = readFileSync(ENGINE + file, 'utf8');
    for (const pattern of PATTERNS) for (const m of text.matchAll(pattern)) for (const g of m.slice(1)) if (g) found.add(g);
  }
  return [...found].sort();
}

beforeAll(async () => addDictionaries(await gameDictionaries('grail-war')));

describe('damage step sources in words', () => {
  test('the scan finds the terms users met raw', () => {
    expect(engineSources()).toEqual(expect.arrayContaining(['classUnknown', 'str', 'defense', 'splash', 'upset', 'masterVsServant']));
  });

  test.each(LANGS)('%s: every source the engine writes reads as words', (lang) => {
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(lang, key, params);
    const raw = engineSources().filter((source) => sourceLabel(t, source) === source || sourceLabel(t, source).trim() === '');
    expect(raw).toEqual([]);
  });

  test('a source of the sheet’s own (an attack bonus named by the GM) shows as written', () => {
    const t = (key: Parameters<typeof translate>[1]) => translate('ko', key);
    expect(sourceLabel(t, 'Dragon Slayer')).toBe('Dragon Slayer');
    expect(sourceLabel(t, 'classUnknown')).toBe('클래스를 모름');
    expect(sourceLabel(t, 'str')).toBe('근력');
  });

  test.each([
    ['ko', 'saber', '세이버'],
    ['ja', 'berserker', 'バーサーカー'],
    ['en', 'assassin', 'Assassin'],
  ] as const)('%s: class %s reads %s', (lang, id, words) => {
    expect(className((key) => translate(lang, key), id)).toBe(words);
  });
});

describe('a 보구 in battle lines goes by its name, never its id', () => {
  const NP = { id: 'np1', name: 'Excalibur', npType: 'antiArmy' as const, mode: 'trueNameRelease' as const, hpDamage: 30, mpDamage: 0, mpCost: 0, cards: 1 };
  const state = room({ saber: servantSheet({ noblePhantasms: [NP] }) });
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('en', key, params);

  test.each([
    ['the GM reads the name', GM, 'Excalibur'],
    ['its own player reads the name', seat('s1'), 'Excalibur'],
    ['the opponent, who may not see the sheet, reads none', seat('s2'), null],
  ] as const)('%s', (_name, viewer, name) => {
    const view = viewFor(state, viewer);
    expect(npNameOf(view, SABER, 'np1')).toBe(name);
    const line = judgmentLabel(t, { card: 'np', np: 'np1' }, npNameOf(view, SABER, 'np1'));
    expect(line).toBe(name ? `보구 NP · ${name}` : '보구 NP');
    expect(line).not.toContain('np1');
  });
});
