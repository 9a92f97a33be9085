import type { CharacterView, Viewer } from '@veiltable/protocol';
import { CHARACTER_LIMITS, PORTRAIT_LIMITS } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { composerChoice, mayEdit, NAME_MAX, PALETTE_LINE, PALETTE_LINES, paletteLines, paletteText, PORTRAIT_BYTES, speakable } from './cast.ts';
import { precheck } from './portrait-upload.ts';

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };
const ch = (id: string, palette?: string[]): CharacterView => ({
  id,
  owner: id.startsWith('gm') ? { role: 'gm' } : { role: 'player', seat: id.split('.')[0]! },
  name: id,
  color: '#000000',
  ...(palette ? { palette } : {}),
});
const CAST = [ch('s1.c1', ['1D100<=50']), ch('s1.c2', ['2D6']), ch('s2.c1'), ch('gm.c1', ['1D20'])];

test('the page keeps the protocol\'s limits', () => {
  expect([PALETTE_LINES, PALETTE_LINE, NAME_MAX, PORTRAIT_BYTES]).toEqual([CHARACTER_LIMITS.paletteLines, CHARACTER_LIMITS.paletteLine, CHARACTER_LIMITS.name, PORTRAIT_LIMITS.bytes]);
});

describe('who speaks as whom', () => {
  test.each<[string, Viewer, string[]]>([
    ['a player, as its own characters', S1, ['s1.c1', 's1.c2']],
    ['another player, as its one', S2, ['s2.c1']],
    ['the GM, as its NPCs first and then every seat\'s', GM, ['gm.c1', 's1.c1', 's1.c2', 's2.c1']],
    ['a spectator, as nobody', { role: 'spectator' }, []],
  ])('%s', (_name, viewer, ids) => {
    expect(speakable(CAST, viewer).map((c) => c.id)).toEqual(ids);
    expect(CAST.filter((c) => mayEdit(c, viewer)).map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  test.each<[string, Viewer, string | null, { as: string | undefined; palette: string[] }]>([
    ['a player who chose nothing speaks as its first character', S1, null, { as: 's1.c1', palette: ['1D100<=50'] }],
    ['a player who chose its second', S1, 's1.c2', { as: 's1.c2', palette: ['2D6'] }],
    ['a choice that is not the viewer\'s falls back to the first', S1, 's2.c1', { as: 's1.c1', palette: ['1D100<=50'] }],
    ['a removed choice falls back too', S1, 's1.c9', { as: 's1.c1', palette: ['1D100<=50'] }],
    ['the GM who chose nothing speaks plainly', GM, null, { as: undefined, palette: [] }],
    ['the GM as an NPC', GM, 'gm.c1', { as: 'gm.c1', palette: ['1D20'] }],
    ['a character whose palette the viewer is not shown has none', S2, null, { as: 's2.c1', palette: [] }],
  ])('%s', (_name, viewer, chosen, expected) => {
    expect(composerChoice(CAST, viewer, chosen)).toEqual(expected);
  });
});

describe('the palette editor: one saved line a line', () => {
  test.each<[string, string, string[] | null]>([
    ['lines, trimmed, blanks dropped', ' CCB<=70 〈目星〉 \n\n2D6+2\r\n', ['CCB<=70 〈目星〉', '2D6+2']],
    ['nothing', '  \n', []],
    ['a hundred lines', Array.from({ length: 100 }, (_, i) => `${i}`).join('\n'), Array.from({ length: 100 }, (_, i) => `${i}`)],
    ['a hundred and one', Array.from({ length: 101 }, (_, i) => `${i}`).join('\n'), null],
    ['a line of 200 characters', '가'.repeat(200), ['가'.repeat(200)]],
    ['a line of 201', 'x'.repeat(201), null],
  ])('%s', (_name, text, lines) => {
    expect(paletteLines(text)).toEqual(lines);
    if (lines) expect(paletteLines(paletteText(lines))).toEqual(lines);
  });
});

test.each<[string, { size: number; type: string }, string | null]>([
  ['a PNG goes', { size: 1000, type: 'image/png' }, null],
  ['a GIF of 5 MB goes', { size: 5 * 1024 * 1024, type: 'image/gif' }, null],
  ['one byte more is too large', { size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' }, 'TOO_LARGE_IMAGE'],
  ['an SVG is not taken', { size: 100, type: 'image/svg+xml' }, 'UNSUPPORTED_IMAGE'],
  ['a text file is not taken', { size: 100, type: 'text/plain' }, 'UNSUPPORTED_IMAGE'],
])('an upload is checked before it goes: %s', (_name, file, code) => {
  expect(precheck(file)).toBe(code);
});
