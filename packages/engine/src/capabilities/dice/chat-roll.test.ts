import type { FeedItem, RollVisibility, Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { callOfT } from '../../games/call-of-t/index.ts';
import { freeTable } from '../../games/free-table/index.ts';
import type { FreeTableState } from '../../games/free-table/state.ts';
import { AT, GM, P, SPECTATOR, cmd, eventsFor, run, table, viewersOf, viewOf } from '../../games/free-table/testing.ts';
import { applyWithRng } from '../../kernel/define-game.ts';
import type { GameEvent } from '../../kernel/events.ts';
import { Rng } from '../../kernel/rng.ts';
import type { RngState } from '../../kernel/rng.ts';
import type { RollEntry } from '../feed/feed.ts';

/** An RNG whose dice show the given faces in order (and fail the test if BCDice asks for more). */
class Faces extends Rng {
  readonly faces: number[];
  constructor(state: RngState, faces: number[]) {
    super(state);
    this.faces = [...faces];
  }
  override die(sides: number): number {
    const face = this.faces.shift();
    if (face === undefined) throw new Error(`no scripted face left for a D${sides}`);
    if (face > sides) throw new Error(`face ${face} on a D${sides}`);
    return face;
  }
}

/** Applies one command with scripted faces; a rejection throws with its code. */
function scripted(state: FreeTableState, actor: Viewer, input: unknown, faces: number[]): { state: FreeTableState; events: GameEvent[] } {
  const rng = { made: undefined as Faces | undefined };
  const r = applyWithRng(freeTable, state, cmd(input), actor, AT, (s) => (rng.made = new Faces(s, faces)));
  if (!r.ok) throw new Error(`rejected: ${r.error.code}`);
  expect(rng.made?.faces, 'every scripted face was drawn').toEqual([]);
  return r.value;
}

const say = (text: string, extra: object = {}) => ({ type: 'chat.send', to: { kind: 'all' }, text, ...extra });
const last = (s: FreeTableState) => s.feed.at(-1)!;
const lastRoll = (s: FreeTableState): RollEntry => {
  const entry = last(s);
  if (entry.kind !== 'roll') throw new Error(`the last line is ${entry.kind}, not a roll`);
  return entry;
};
const inSystem = (system: string) => run(table(3), [[GM, { type: 'dice.system', system }]]).state;

describe('dice typed in the chat line are rolled by BCDice', () => {
  test.each<[string, string, string, number[], Partial<RollEntry['result']>]>([
    ['a sum with a comment', 'DiceBot', '2d6+1 攻撃！', [3, 5], { expr: '2d6+1', comment: '攻撃！', text: '(2D6+1) ＞ 8[3,5]+1 ＞ 9', total: 9, dice: [{ count: 2, sides: 6, values: [3, 5] }] }],
    ['choice[a,b,c] picks the second item', 'DiceBot', 'choice[a,b,c]', [2], { expr: 'choice[a,b,c]', text: '(choice[a,b,c]) ＞ b', dice: [{ count: 1, sides: 3, values: [2] }] }],
    ['D66 reads two D6 as tens and units', 'DiceBot', 'D66', [3, 5], { text: '(D66) ＞ 35', total: 35, dice: [{ count: 2, sides: 6, values: [3, 5] }] }],
    ['x3 2d6 rolls three times', 'DiceBot', 'x3 2d6', [1, 2, 3, 4, 5, 6], { expr: 'x3 2d6', comment: '', text: '#1\n(2D6) ＞ 3[1,2] ＞ 3\n\n#2\n(2D6) ＞ 7[3,4] ＞ 7\n\n#3\n(2D6) ＞ 11[5,6] ＞ 11' }],
    ['a generic 1D100<=50 of 97 is a plain failure', 'DiceBot', '1D100<=50', [97], { text: '(1D100<=50) ＞ 97 ＞ 失敗', total: 97, outcome: 'failure' }],
    ['a generic 1D100<=50 of 3 is a plain success', 'DiceBot', '1D100<=50', [3], { text: '(1D100<=50) ＞ 3 ＞ 成功', total: 3, outcome: 'success' }],
    ['CCB<=50 in a Cthulhu room', 'Cthulhu', 'CCB<=50 目星', [3], { expr: 'CCB<=50', comment: '目星', text: '(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル', total: 3, outcome: 'success', critical: true, system: 'Cthulhu' }],
    ['CC<=50 in a Korean Call of Cthulhu 7th room', 'Cthulhu7th:Korean', 'CC<=50', [10, 10], { text: '(1D100<=50) 보너스, 패널티 주사위[0] ＞ 100 ＞ 100 ＞ 대실패', total: 100 }],
    ['full-width dice as an IME types them', 'DiceBot', '２Ｄ６＞＝８　命中', [6, 6], { expr: '2D6>=8', comment: '命中', text: '(2D6>=8) ＞ 12[6,6] ＞ 12 ＞ 成功', total: 12, outcome: 'success' }],
  ])('%s (%s): %s', (_name, system, line, faces, expected) => {
    const s = scripted(inSystem(system), P(1), say(line), faces).state;
    const roll = lastRoll(s);
    expect(roll.result).toMatchObject({ system, ...expected });
    expect(roll.rands).toEqual(roll.result.dice.flatMap((g) => g.values.map((v) => [v, g.sides])));
    expect(roll).toMatchObject({ by: P(1), channel: 'main', visibility: 'public', id: 'r1' });
    if (!('total' in expected)) expect(roll.result.total).toBeUndefined();
  });

  test('the off-topic tab keeps its rolls there', () => {
    const s = scripted(table(2), P(1), say('1d6', { channel: 'other' }), [4]).state;
    expect(lastRoll(s).channel).toBe('other');
  });

  test.each<[string, string, string]>([
    ['words', 'DiceBot', 'こんにちは、よろしく'],
    ['a dice expression that is not first', 'DiceBot', 'hello 2d6'],
    ['a Cthulhu command in the generic system', 'DiceBot', 'CCB<=50'],
    ['a Sword World rating table outside Sword World', 'Cthulhu', 'K20+5'],
  ])('%s stay a chat line (%s): %s', (_name, system, line) => {
    const before = inSystem(system);
    const s = run(before, [[P(1), say(line)]]).state;
    expect(last(s)).toMatchObject({ kind: 'chat', text: line });
    expect(s.rollCount).toBe(before.rollCount);
  });

  test('the roll command reads the same system, and refuses what is not a command', () => {
    const s = scripted(inSystem('Cthulhu'), P(1), { type: 'roll', expr: 'CCB<=50' }, [50]).state;
    expect(lastRoll(s).result.text).toBe('(1D100<=50) ＞ 50 ＞ 成功');
    const r = freeTable.apply(s, cmd({ type: 'roll', expr: 'hello' }), P(1), AT);
    expect(r.ok ? 'accepted' : r.error.code).toBe('DICE_SYNTAX');
  });

  test('more dice than BCDice rolls at once is refused, not thrown', () => {
    const r = freeTable.apply(table(1), cmd(say('10001D6')), P(1), AT);
    expect(r.ok ? 'accepted' : r.error.code).toBe('DICE_TOO_MANY');
  });
});

describe('secret rolls and whispers keep their audiences', () => {
  const PLANT = 'planted-secret-comment-7f3a';

  /** The feed items a viewer is told of by the events (chat and rolls reach viewers as lines of the log). */
  function toldTo(events: GameEvent[], viewer: Viewer): FeedItem[] {
    return eventsFor(events, viewer).flatMap((e) => (e.type === 'feed' ? [e.item as FeedItem] : []));
  }

  function sentTo(state: FreeTableState, events: GameEvent[], viewer: Viewer): string {
    return JSON.stringify([viewOf(state, viewer), eventsFor(events, viewer)]);
  }

  test.each<[string, string, number[]]>([
    ['S2D6', `S2D6 ${PLANT}`, [6, 6]],
    ['a full-width Ｓ', `Ｓ２Ｄ６ ${PLANT}`, [6, 6]],
    ['Schoice', `Schoice[${PLANT}-a,${PLANT}-b]`, [1]],
    ['a secret repeat', `sx2 1d6 ${PLANT}`, [2, 3]],
  ])('%s is read by the roller and the GM only, until revealed', (_name, line, faces) => {
    const before = table(3);
    const { state, events } = scripted(before, P(1), say(line), faces);
    const roll = lastRoll(state);
    expect(roll.visibility).toBe('gm');
    for (const viewer of viewersOf(state)) {
      const reads = viewer.role === 'gm' || (viewer.role === 'player' && viewer.seat === 's1');
      const sent = sentTo(state, events, viewer);
      expect(sent.includes(PLANT), JSON.stringify(viewer)).toBe(reads);
      // Everyone learns that a roll happened.
      const item = toldTo(events, viewer).find((f) => f.id === roll.id);
      expect(item?.kind === 'roll' && item.result !== undefined).toBe(reads);
    }
    const revealed = run(state, [[P(1), { type: 'roll.reveal', roll: roll.id }]]);
    for (const viewer of viewersOf(state)) expect(sentTo(revealed.state, revealed.events, viewer)).toContain(PLANT);
  });

  test('a self roll typed in the chat line stays the roller’s own', () => {
    const { state, events } = scripted(table(2), P(1), say(`2d6 ${PLANT}`, { visibility: 'self' }), [1, 1]);
    expect(lastRoll(state).visibility).toBe('self');
    for (const viewer of [GM, P(2), SPECTATOR]) expect(sentTo(state, events, viewer)).not.toContain(PLANT);
    expect(sentTo(state, events, P(1))).toContain(PLANT);
  });

  test.each<[string, unknown, Viewer[], Viewer[]]>([
    ['to the GM', { kind: 'gm' }, [GM, P(1)], [P(2), P(3), SPECTATOR]],
    ['to a seat', { kind: 'seat', seat: 's2' }, [P(1), P(2)], [GM, P(3), SPECTATOR]],
  ])('a roll whispered %s is told to no one outside the whisper, not even that it happened', (_name, to, inside, outside) => {
    const { state, events } = scripted(table(3), P(1), { type: 'chat.send', to, text: `2d6 ${PLANT}` }, [2, 5]);
    const roll = lastRoll(state);
    expect(roll.to).toEqual(to);
    expect(roll.id).toMatch(/^r\.(gm|s1)\.(s1|s2)\.1$/);
    expect(state.rollCount).toBe(0);
    for (const viewer of inside) expect(toldTo(events, viewer).find((f) => f.id === roll.id)).toMatchObject({ result: { text: '(2D6) ＞ 7[2,5] ＞ 7' }, to });
    for (const viewer of outside) {
      const sent = sentTo(state, events, viewer);
      expect(sent).not.toContain(PLANT);
      expect(sent).not.toContain(roll.id);
    }
  });

  test('a secret roll in a whisper to a seat: the result for roller and GM, the other speaker sees that it happened', () => {
    const { state, events } = scripted(table(3), P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: `S2d6 ${PLANT}` }, [2, 5]);
    expect(sentTo(state, events, GM)).toContain(PLANT);
    expect(sentTo(state, events, P(1))).toContain(PLANT);
    const other = sentTo(state, events, P(2));
    expect(other).not.toContain(PLANT);
    expect(other).toContain(lastRoll(state).id);
    expect(sentTo(state, events, P(3))).not.toContain(lastRoll(state).id);
  });
});

describe('a roll typed as a character carries its face, as a chat line would (CAST-05, CAST-07)', () => {
  const rollsTo = (events: GameEvent[], viewer: Viewer) =>
    eventsFor(events, viewer).flatMap((e) => (e.type === 'feed' || e.type === 'roll.revealed' ? [e.item as FeedItem] : [])).filter((f) => f.kind === 'roll');
  const speakerOf = (f: FeedItem | undefined) => (f?.kind === 'roll' ? (f.speaker?.name ?? null) : undefined);

  test.each<[string, string, RollVisibility, Viewer[], Viewer[]]>([
    ['a public roll: everyone reads the face', '2d6', 'public', [GM, P(1), P(2), SPECTATOR], []],
    ['a GM roll: the face goes with the result, to the roller and the GM', 'S2d6', 'public', [GM, P(1)], [P(2), SPECTATOR]],
    ['a self roll: the roller alone reads the face', '2d6', 'self', [P(1)], [GM, P(2), SPECTATOR]],
  ])('%s', (_name, text, visibility, withFace, without) => {
    const made = run(table(2), [[P(1), { type: 'cast.add', name: 'Rin', color: '#112233' }]]).state;
    const { state, events } = scripted(made, P(1), say(text, { as: 's1.c2', visibility }), [3, 4]);
    expect(lastRoll(state).speaker).toEqual({ name: 'Rin', color: '#112233' });
    for (const viewer of withFace) expect(speakerOf(rollsTo(events, viewer)[0]), JSON.stringify(viewer)).toBe('Rin');
    for (const viewer of without) {
      expect(speakerOf(rollsTo(events, viewer)[0]), JSON.stringify(viewer)).toBeNull();
      expect(JSON.stringify(eventsFor(events, viewer))).not.toContain('Rin');
    }
    if (without.length === 0) return;
    // Shown to everyone, the roll shows as whom it was typed.
    const revealed = run(state, [[P(1), { type: 'roll.reveal', roll: lastRoll(state).id }]]);
    for (const viewer of [...withFace, ...without]) expect(speakerOf(rollsTo(revealed.events, viewer).at(-1))).toBe('Rin');
  });

  test('the roll command, typed as no one, carries no face', () => {
    const { state } = scripted(table(2), P(1), { type: 'roll', expr: '2d6' }, [3, 4]);
    expect(lastRoll(state).speaker).toBeUndefined();
  });
});

describe('rolls are drawn from the room’s seeded RNG', () => {
  const lines = ['2d6+1', 'CCB<=50', 'choice[a,b,c]', 'D66', 'x3 2d6', '1D100<=50', 'S1d20'];

  function play(seed: string): FreeTableState {
    const s = freeTable.setup(seed.repeat(64 / seed.length));
    return run(s, [[GM, { type: 'seat.add', name: 'A' }], [GM, { type: 'dice.system', system: 'Cthulhu' }], ...lines.map((l): [Viewer, unknown] => [P(1), say(l)])]).state;
  }

  test('the same seed rolls the same faces and results', () => {
    expect(play('ab')).toEqual(play('ab'));
  });

  test('another seed rolls other faces', () => {
    const faces = (s: FreeTableState) => s.feed.map((f) => (f.kind === 'roll' ? f.rands : []));
    expect(faces(play('ab'))).not.toEqual(faces(play('cd')));
  });

  test('every face recorded in a roll is one the RNG drew, in range', () => {
    for (const entry of play('ef').feed) {
      if (entry.kind !== 'roll') continue;
      expect(entry.rands!.length).toBeGreaterThan(0);
      for (const [face, sides] of entry.rands!) expect(face >= 1 && face <= sides).toBe(true);
    }
  });
});

describe('the room’s dice system', () => {
  test('a free table reads DiceBot, a Call of <T> room RuneQuest', () => {
    expect(viewOf(table(1), GM).diceSystem).toBe('DiceBot');
    expect((callOfT.view(callOfT.setup('ab'.repeat(32)), GM) as { diceSystem: string }).diceSystem).toBe('RuneQuest');
  });

  test('the GM changes it; everyone sees the new system', () => {
    const { state, events } = run(table(2), [[GM, { type: 'dice.system', system: 'SwordWorld2.5' }]]);
    for (const viewer of viewersOf(state)) {
      expect(viewOf(state, viewer).diceSystem).toBe('SwordWorld2.5');
      expect(eventsFor(events, viewer)).toEqual([{ type: 'dice.system', system: 'SwordWorld2.5' }]);
    }
  });

  test.each<[string, Viewer, string, string]>([
    ['an unknown system', GM, 'NoSuchGame', 'UNKNOWN_DICE_SYSTEM'],
    ['a system BCDice has that the table does not offer', GM, 'Arianrhod', 'UNKNOWN_DICE_SYSTEM'],
    ['a player', P(1), 'Cthulhu', 'NOT_GM'],
    ['a spectator', SPECTATOR, 'Cthulhu', 'SPECTATOR_READ_ONLY'],
  ])('refused: %s', (_name, actor, system, code) => {
    const r = freeTable.apply(table(1), cmd({ type: 'dice.system', system }), actor, AT);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });
});
