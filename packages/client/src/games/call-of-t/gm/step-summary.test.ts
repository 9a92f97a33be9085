import { callOfT } from '@veiltable/engine/games/call-of-t';
import type { Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { beforeAll, describe, expect, test } from 'vitest';
import cotEn from '../i18n/en.ts';
import cotJa from '../i18n/ja.ts';
import cotKo from '../i18n/ko.ts';
import { addDictionaries, LANGS, translate, type Lang } from '../../../shell/i18n/translate.ts';
import type { MessageKey } from '../../../shell/i18n/keys.ts';
import { GM_STEPS } from '../model.ts';
import { rankText, stepSummary } from './step-summary.ts';

const GM: Viewer = { role: 'gm' };
const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

beforeAll(() => addDictionaries({ en: cotEn, ja: cotJa, ko: cotKo }));

/** A real room's GM view after the setup: Aiko (s1), Bruno (s2), each with cards in hand. */
function gmView(): CotView {
  let state = callOfT.setup('d'.repeat(64));
  const run = (command: Parameters<typeof callOfT.parseCommand>[0]) => {
    const parsed = callOfT.parseCommand!(command);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const out = callOfT.apply(state, parsed.value, GM, AT);
    if (!out.ok) throw new Error(`${out.error.code}`);
    state = out.value.state;
  };
  for (const name of ['Aiko', 'Bruno']) run({ type: 'seat.add', name });
  const pc = (name: string, seat: string) => ({
    name, seat, str: 12, con: 12, pow: 12, int: 12, app: 10, mp: 12, moveLoad: 10, restLoad: 'leather' as const,
    skills: { see: 40 }, skillSets: { scout: 40, memorial: 30, spot: 30 }, spiritPressure: 10, call: 5, deathRites: 20, initialHand: 3,
  });
  run({
    type: 'cot.setup',
    setup: { gate: 'C5', bone: { square: 'B2', strength: 8, pow: 15 }, resonanceSkill: 'see', characters: [pc('Aiko', 's1'), pc('Bruno', 's2')], party: { food: 5, money: 0, sleds: 0, ropes: true } },
  });
  return callOfT.view(state, GM) as CotView;
}

/** The GM's view at a step, its detail shaped as the engine's phase view sends it (phase-view.ts). */
function at(step: string, detail: CotView['phase']['detail'], kind: CotView['phase']['kind'] = 'event'): CotView {
  const view = gmView();
  return { ...view, phase: { kind, step, detail } };
}

const handoff = {
  tableRoll: 7, tableDie: 8, row: 7, target: 'dragonsnail', count: '3',
  discovery: [
    { character: 'ch1', sense: 'see', check: { chance: 40, roll: 12, level: 'success', sd: 1 }, strength: 1 },
    { character: 'ch2', sense: 'none', check: null, strength: 0 },
  ],
  firstDiscoverer: 'ch1', direction: { die: 3, value: 2 }, distanceM: 5,
};
const obstacle = {
  entryId: 'c0000000000000001', strength: 9, required: 2, total: 1, passed: ['ch1'], stage: 'roll', bonus: 10, bonusRolled: [],
  anchor: 'ch1', value: null, trap: null, progress: null, boatTo: null, name: 'crevasse', skills: ['jump'], simultaneous: false,
};

/** One view per step the GM answers (model.ts GM_STEPS), each with what the engine puts in its detail. */
function steps(): [string, CotView][] {
  const hand = gmView().hands.ch1!;
  return [
    ['omen', at('omen', { failers: ['ch1'], cards: [{ character: 'ch1', card: hand[0]!.id, square: 'C4' }] }, 'time')],
    ['sleepwalk', at('sleepwalk', { sleepwalkers: [{ character: 'ch2', level: 'success', direction: 'up', to: 'C4' }] }, 'time')],
    ['pursuer', at('pursuer', { candidates: [hand[0]!.id, hand[1]!.id] }, 'time')],
    ['encounterSense', at('encounterSense', { entryId: 'x', strength: 12, senses: { ch1: 'listen' } })],
    ['encounterCombat', at('encounterCombat', { entryId: 'x', strength: 12, handoff })],
    ['treasure', at('treasure', { cap: 9, committed: [] })],
    ['remains', at('remains', { entryId: 'x', strength: 6, treasureCap: 8, committed: [] })],
    ['tearSpirit', at('tearSpirit', { entryId: null, strength: 8, bone: true, committed: [] })],
    ['tearSpiritCombat', at('tearSpiritCombat', { entryId: 'x', strength: 7, spiritPow: 14, bone: false, summoner: 'ch2' })],
    ['obstacle', at('obstacle', obstacle)],
    ['obstacleCleared', at('obstacleCleared', { strength: 5, poisons: [{ character: 'ch2', poison: 'thorns', pot: 4 }] })],
    ['interaction', at('interaction', { entryId: 'x', number: 11, count: 5, counterpart: 'sartariteExplorers', effects: ['scout', 'trade', 'move'], move: 1 })],
  ];
}

const tFor = (lang: Lang) => (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);

describe('the GM reads each event step as sentences (issue 13 #6), never JSON or raw keys', () => {
  test('every step the GM answers has a summary', () => {
    expect(steps().map(([s]) => s).sort()).toEqual([...GM_STEPS].sort());
  });

  describe.each(LANGS)('%s', (lang) => {
    test.each(steps())('%s', (_step, view) => {
      const lines = stepSummary(view, tFor(lang));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        // No placeholder left unfilled, no JSON, no dictionary key, no missing value.
        expect(line).not.toMatch(/[{}[\]"]|cot\.|feed\.|undefined|null|NaN|\[object/);
      }
    });
  });

  test.each([
    ['COT-ENC-03 the handoff: table roll, row, target, discovery, first discoverer', 'encounterCombat', [
      'Encounter table: D8 rolled 7, row 7: Dragonsnail ドラゴンスネイル, number 3.',
      'Aiko · See 目星: 12 against 40%, Success · 成功; discovery strength 1',
      'Bruno did not look or listen.',
      'First discoverer: Aiko. The first enemy stands 5 m away.',
      'Direction: 2 (D3).',
    ]],
    ['COT-OBS-02 the obstacle: row, SD needed and reached, who is through, the rope', 'obstacle', [
      'Obstacle ♣9: Crevasse 裂け目',
      'Required SD 2; reached so far 1.',
      'Already through: Aiko',
      'Aiko fixed the rope: the others may cross on it.',
      'Waiting for the rolls.',
    ]],
    ['COT-INT-01 the interaction row: counterpart, number, effects, 移動', 'interaction', [
      'Interaction ♥J: Sartarite exploration party サーター人の探索隊, 5 of them.',
      'The row offers: 偵察 scout, 交易 trade, move',
      '移動: 1 square(s) at most',
    ]],
    ['COT-TSP-03 the tear-spirit combat: summoner, strength, POW', 'tearSpiritCombat', [
      'Bruno fights the tear spirits (strength 7, POW 14) in spirit combat. Report the winner.',
    ]],
    ['COT-BON-02 the bone must be fought', 'tearSpirit', ['The bone (残想骨) of strength 8 rises: it must be fought.']],
  ] as const)('%s', (_name, step, expected) => {
    const lines = stepSummary(steps().find(([s]) => s === step)![1], tFor('en'));
    for (const line of expected) expect(lines).toContain(line);
  });

  test('the death omen names the card from the failer\'s hand and the square proposed', () => {
    const view = steps().find(([s]) => s === 'omen')![1];
    const card = view.hands.ch1![0]!;
    const [first, second] = stepSummary(view, tFor('ko'));
    expect(first).toContain('Aiko');
    expect(second).toMatch(/^Aiko의 .+: 제안 칸 C4$/);
    expect(second).not.toContain(card.id);
  });

  test('a number the table has no row for is the GM\'s to rule', () => {
    const lines = stepSummary(at('interaction', { entryId: 'x', number: 14, count: 1, counterpart: null, effects: null, move: null }), tFor('ja'));
    expect(lines).toEqual(['交流♥A：表に行がありません。GMが裁定します。']);
  });

  test.each([[2, '2'], [10, '10'], [11, 'J'], [12, 'Q'], [13, 'K'], [14, 'A']])('rank %i prints as %s', (n, text) => {
    expect(rankText(n)).toBe(text);
  });
});
