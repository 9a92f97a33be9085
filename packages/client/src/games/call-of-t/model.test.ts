import { callOfT } from '@veiltable/engine/games/call-of-t';
import type { Viewer } from '@veiltable/protocol';
import type { CotCommandInput } from './room.ts';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { factText, ltfText, purposeText, skillLabel } from './line-words.ts';
import { buildAction, gmStep, knowledgeOf, legalTargets, ownCharacters, peekSquares } from './model.ts';
import { gameDictionaryLoaders } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, translate } from '../../shell/i18n/translate.ts';
import { parseSkills, skillsText } from './gm/setup-draft.ts';

const GM: Viewer = { role: 'gm' };
const P1: Viewer = { role: 'player', seat: 's1' };
/** The time stamped on commands, as the server would (call-of-t rules never use it). */
const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

/** A real room from the engine: two seats, gate C5 on a 5×5 board, cycle 1 waiting for declarations. */
function room(): CotView {
  let state = callOfT.setup('c'.repeat(64));
  const run = (command: CotCommandInput) => {
    // Parsed first, as the server does: the schema fills the defaults (board size, options).
    const parsed = callOfT.parseCommand!(command);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const out = callOfT.apply(state, parsed.value, GM, AT);
    if (!out.ok) throw new Error(out.error.code);
    state = out.value.state;
  };
  run({ type: 'seat.add', name: 'Aiko' });
  run({ type: 'seat.add', name: 'Bruno' });
  const pc = (name: string, seat: string) => ({
    name, seat, str: 12, con: 12, pow: 12, int: 12, app: 10, mp: 12, moveLoad: 10, restLoad: 'leather' as const,
    skills: { see: 40 }, skillSets: { scout: 40, memorial: 30, spot: 30 }, spiritPressure: 10, call: 5, deathRites: 20,
  });
  run({
    type: 'cot.setup',
    setup: { gate: 'C5', bone: { square: 'B2', strength: 8, pow: 15 }, resonanceSkill: 'see', characters: [pc('Aiko', 's1'), pc('Bruno', 's2')],
      party: { food: 5, money: 0, sleds: 0, ropes: false } },
  });
  return callOfT.view(state, P1) as CotView;
}

describe('legal targets on the board (COT-INV-03..07, COT-FX-02)', () => {
  const view = room();
  test.each([
    ['COT-INV-03 偵察: the orthogonal neighbours of the party', 'scout', ['C4', 'D5', 'B5']],
    ['COT-INV-07 共鳴: the diagonal neighbours', 'resonance', ['B4', 'D4']],
    ['COT-INV-05 幻視: squares with a face-down card (none yet)', 'vision', []],
    ['COT-INV-06 黙祷 needs no target', 'prayer', []],
  ] as const)('%s', (_name, kind, expected) => {
    expect(legalTargets(view, kind)).toEqual(expected);
  });

  test('COT-FX-02 the ♠ probe may target any unscouted square', () => {
    expect(legalTargets(view, 'probe')).toHaveLength(25);
  });

  test('COT-INV-03 a square whose cards are all face-up is no scout target', () => {
    const open = structuredClone(view);
    open.board.squares.find((s) => s.id === 'C4')!.stack.push({ id: 'c0000000000000001', faceUp: true, tapped: false, origin: 'deck' });
    expect(legalTargets(open, 'scout')).toEqual(['D5', 'B5']);
  });
});

describe('the declaration panel builds only complete actions (T-INV-PLACE)', () => {
  test.each([
    ['a scout without a target is incomplete', ['scout', null, null, null], null],
    ['a scout with a ♥ substitute', ['scout', 'C4', null, 'c00000000000000aa'], { kind: 'scout', target: 'C4', substitute: 'c00000000000000aa' }],
    ['a vision needs its ♥', ['vision', 'C4', null, null], null],
    ['a probe with its ♠', ['probe', 'A1', 'c00000000000000bb', null], { kind: 'probe', target: 'A1', card: 'c00000000000000bb' }],
    ['行動なし needs nothing', ['none', null, null, null], { kind: 'none' }],
  ] as const)('%s', (_name, [kind, target, card, substitute], expected) => {
    expect(buildAction(kind, target, card, substitute)).toEqual(expected);
  });

  test.each([
    ['COT-INV-04 a critical scout may name a neighbour of the target to peek at', { peek: 'C3', setCard: null }, { kind: 'scout', target: 'C4', peek: 'C3' }],
    ['COT-INV-04 and a hand card to set there', { peek: 'C3', setCard: 'c00000000000000cc' }, { kind: 'scout', target: 'C4', peek: 'C3', setCard: 'c00000000000000cc' }],
    ['COT-INV-04 a set card without a peek square is left out', { peek: null, setCard: 'c00000000000000cc' }, { kind: 'scout', target: 'C4' }],
  ] as const)('%s', (_name, extras, expected) => {
    expect(buildAction('scout', 'C4', null, null, extras)).toEqual(expected);
  });

  test('COT-INV-04 the peek squares are the target’s own neighbours', () => {
    expect(peekSquares(room(), 'C4')).toEqual(['C3', 'D4', 'C5', 'B4']);
    expect(peekSquares(room(), null)).toEqual([]);
  });
});

describe('knowledge marks (COT-HID-04)', () => {
  const base = room();
  const withFact = (shared: boolean): CotView => ({
    ...base,
    facts: [{ id: 'f1', square: 'C4', entryId: 'c0000000000000abc', fact: 'suit', value: 'H', learnedAt: 1, shared }],
  });
  test.each([
    ['a fact held alone is marked as own, with its suit sign', false, { mark: 'own', text: '♥' }],
    ['a fact more players hold is marked as shared', true, { mark: 'shared', text: '♥' }],
  ] as const)('%s', (_name, shared, expected) => {
    expect(knowledgeOf(withFact(shared), 'c0000000000000abc')).toEqual(expected);
  });
  test('an entry without a fact is unknown', () => {
    expect(knowledgeOf(withFact(false), 'c0000000000000def')).toBeNull();
    expect(factText({ fact: 'card', value: 'Q♣' })).toBe('Q♣');
  });
});

describe('small helpers', () => {
  test.each([
    [0, '0'],
    [1, '⅓'],
    [5, '1⅔'],
    [9, '3'],
  ] as const)('COT-DIE-11 LTF %i thirds reads %s', (thirds, text) => {
    expect(ltfText(thirds)).toBe(text);
  });

  test('own characters: a player sees its own, the GM none', () => {
    const view = room();
    expect(ownCharacters(view, P1).map((c) => c.name)).toEqual(['Aiko']);
    expect(ownCharacters(view, GM)).toEqual([]);
    expect(gmStep(view)).toBeNull();
  });

  test('skills round-trip through the setup form text; malformed pairs are dropped', () => {
    expect(parseSkills('see=50, listen = 45、climb=x\nswim=-5')).toEqual({ see: 50, listen: 45, swim: -5 });
    expect(parseSkills(skillsText({ see: 50, spiritLore: 30 }))).toEqual({ see: 50, spiritLore: 30 });
  });
});

describe('skill names on the GM\'s obstacle form (T-OBS)', () => {
  test('a characteristic multiple in the rules\' notation, a known skill in the reader\'s language, any other as its key', async () => {
    addDictionaries(await gameDictionaryLoaders['call-of-t']!());
    const ja: Parameters<typeof skillLabel>[1] = (key, params) => translate('ja', key, params);
    expect(skillLabel('int*3', ja)).toBe('INT×3');
    expect(skillLabel('str*3', ja)).toBe('STR×3');
    expect(skillLabel('climb', ja)).toBe('登はん');
    expect(skillLabel('houseRuleSkill', ja)).toBe('houseRuleSkill');
  });
});

// The words: "no raw keys (`scout: 16 / 40`)". A check's purpose is an id of the rules; the log names it.
describe('what a check in the log was rolled for', () => {
  test.each([
    ['COT-INV scout', 'scout', 'ko', '偵察 정찰'],
    ['COT-INV prayer', 'prayer', 'en', '黙祷 Prayer'],
    ['an encounter by sight', 'encounter.see', 'ja', '目星'],
    ['an obstacle by a characteristic', 'obstacle.con*5', 'en', 'CON×5'],
    ['an obstacle by a skill', 'obstacle.climb', 'ja', '登はん'],
    ['a death omen', 'deathOmen', 'ko', '죽음의 전조'],
    ['a purpose this client does not know', 'newRuleCheck', 'en', 'Check'],
  ] as const)('%s (%s) in %s', async (_what, purpose, lang, label) => {
    addDictionaries(await gameDictionaryLoaders['call-of-t']!());
    expect(purposeText((key, params) => translate(lang, key, params), purpose)).toBe(label);
  });
});
