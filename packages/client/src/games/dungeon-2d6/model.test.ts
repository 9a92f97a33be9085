import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { concentrationChoices, gmRun, onlyGmLeft, pendingRides, pick, promptsFor, type D6Check, type D6Character } from './model.ts';

const rin: D6Character = { id: 'ch1', name: 'Rin', controller: 'pc', owner: 's1', zone: 'z1', hp: 4, maxHp: 12 };
const sol: D6Character = { id: 'ch2', name: 'Sol', controller: 'pc', owner: 's2', zone: 'z1', hp: 9, maxHp: 12 };
const ogre: D6Character = { id: 'ch3', name: 'Ogre', controller: 'enemy', zone: 'z1' };
const check = (over: Partial<D6Check> = {}): D6Check => ({ id: 'k1', character: 'ch1', kind: 'action', total: 9, concentration: 0, window: 'w1', opposed: null, attack: null, ...over });

function view(windows: unknown[]): D6View {
  return { characters: [rin, sol, ogre], windows } as unknown as D6View;
}
const win = (id: string, eligible: string[], over: Record<string, unknown> = {}) => ({ id, kind: 'react', eligible, passed: [], status: 'open', link: null, ...over });

describe('concentrationChoices (D6-CONC-02/07)', () => {
  test.each([
    ['+1 per HP up to the character’s HP when spending to 0 is allowed', check(), rin, true, [[1, 9, 10], [2, 9, 11], [3, 9, 12], [4, 9, 13]]],
    ['one HP kept back when the table forbids 0', check(), rin, false, [[1, 9, 10], [2, 9, 11], [3, 9, 12]]],
    ['never past 5 over every declaration', check({ concentration: 3, total: 12 }), sol, true, [[1, 12, 13], [2, 12, 14]]],
    ['nothing once the cap is reached', check({ concentration: 5, total: 14 }), sol, true, []],
    ['nothing where the outcome is fixed', check({ noConcentration: 'OUTCOME_FIXED' }), sol, true, []],
    ['nothing on a secret check whose total is not shown', check({ total: undefined }), sol, true, []],
  ] as const)('%s', (_name, k, c, toZero, expected) => {
    expect(concentrationChoices(k, c, { concentrateToZero: toZero }).map((x) => [x.hp, x.from, x.to])).toEqual(expected);
  });
});

const s1: Viewer = { role: 'player', seat: 's1' };
const s2: Viewer = { role: 'player', seat: 's2' };

describe('promptsFor (D6-WIN-03)', () => {
  test('a player is asked only for its own eligible characters that have not passed', () => {
    const v = view([win('w1', ['ch1', 'ch2']), win('w2', ['ch2'], { passed: ['ch2'] }), win('w3', ['ch1'], { status: 'closed' })]);
    expect(promptsFor(v, s1).map((p) => [p.window.id, p.actors.map((a) => a.id)])).toEqual([['w1', ['ch1']]]);
    expect(promptsFor(v, s2).map((p) => [p.window.id, p.actors.map((a) => a.id)])).toEqual([['w1', ['ch2']]]);
  });
  test('the GM is asked for the characters it runs; spectators for nothing', () => {
    const v = view([win('w1', ['ch1', 'ch3']), win('w4', ['gm'], { kind: 'question', link: { kind: 'question', question: 'q1' } })]);
    expect(promptsFor(v, { role: 'gm' }).map((p) => p.actors.map((a) => a.id))).toEqual([['ch3']]);
    expect(promptsFor(v, { role: 'spectator' })).toEqual([]);
  });
  test('D6-HID-01 a skill window that lists the GM asks the GM itself, with or without a character of its to show', () => {
    const fukutsu = win('w5', ['gm'], { kind: 'fukutsu', link: { kind: 'fukutsu', character: 'ch3' } });
    const damage = win('w6', ['ch3', 'ch2', 'gm'], { kind: 'after-damage', link: { kind: 'after-damage', attack: 'a1', target: 'ch3' } });
    const v = view([fukutsu, damage]);
    expect(promptsFor(v, { role: 'gm' }).map((p) => [p.window.id, p.actors.map((a) => a.id), p.gm])).toEqual([['w5', [], true], ['w6', ['ch3'], true]]);
    // A player reads the GM as one participant among others; it is asked only for its own.
    expect(promptsFor(v, s2).map((p) => [p.window.id, p.actors.map((a) => a.id), p.gm])).toEqual([['w6', ['ch2'], false]]);
  });
  test('D6-SKL-TELEPORT-04 an asked passenger’s player is prompted for the ride', () => {
    const ride = win('w7', ['ch2'], { kind: 'passengers', link: { kind: 'passengers', user: 'ch1', zone: null, place: 'Moon Gate', via: 'known', passengers: [], accepted: [] } });
    expect(promptsFor(view([ride]), s2).map((p) => [p.window.id, p.actors.map((a) => a.id)])).toEqual([['w7', ['ch2']]]);
    expect(promptsFor(view([ride]), s1)).toEqual([]);
  });
});

describe('the GM’s own answer (D6-HID-01)', () => {
  const damage = (passed: string[]) =>
    win('w6', ['ch3', 'ch2', 'gm'], { kind: 'after-damage', passed, link: { kind: 'after-damage', attack: 'a1', target: 'ch3' } });
  test.each([
    ['a player still deciding keeps the GM from closing', [], false],
    ['once the players passed, only the GM and its characters are left', ['ch2'], true],
  ] as const)('%s', (_name, passed, expected) => {
    const w = damage([...passed]);
    expect(onlyGmLeft(view([w]), w as never)).toBe(expected);
  });
  test.each([
    ['an enemy', ogre, true],
    ['a PC', rin, false],
    ['a summon no seat owns', { ...ogre, controller: 'summon' } as D6Character, true],
    ['a seat’s summon', { ...rin, controller: 'summon' } as D6Character, false],
  ] as const)('gmRun: %s', (_name, c, expected) => {
    expect(gmRun(c)).toBe(expected);
  });
});

describe('pendingRides (D6-SKL-TELEPORT-04)', () => {
  test('the user’s player sees whom its teleport waits for; no one else does', () => {
    const ride = win('w7', ['ch2'], { kind: 'passengers', link: { kind: 'passengers', user: 'ch1', zone: 'z2', place: 'sight', via: 'sight', passengers: [], accepted: [] } });
    const v = view([ride]);
    expect(pendingRides(v, s1).map((r) => [r.window.id, r.user, r.waitingFor])).toEqual([['w7', 'ch1', ['ch2']]]);
    expect(pendingRides(v, s2)).toEqual([]);
  });
});

describe('pick', () => {
  test.each([
    ['keeps a choice still offered', 'b', ['a', 'b'], 'b'],
    ['falls back to the first option when the choice is gone', 'x', ['a', 'b'], 'a'],
    ['falls back to the first option before any choice', '', ['a'], 'a'],
    ['is empty when nothing is offered', 'a', [], ''],
  ] as const)('%s', (_name, chosen, ids, expected) => {
    expect(pick(chosen, ids.map((id) => ({ id })))).toBe(expected);
  });
});
