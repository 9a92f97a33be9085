import type { DiceResult, SuccessLevel } from '@veiltable/protocol';
import { diceResult } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { rollDice } from './dice.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';

const SEED = 'ab'.repeat(32);
const seeded = (seed = SEED) => new Rng(newRngState(seed));

/** An Rng whose dice show the given faces in order, recording every `die` call. */
class ScriptedRng extends Rng {
  readonly faces: number[];
  readonly asked: number[] = [];
  constructor(faces: number[]) {
    super(newRngState('00'.repeat(32)));
    this.faces = [...faces];
  }
  override die(sides: number): number {
    this.asked.push(sides);
    const face = this.faces.shift();
    if (face === undefined || face < 1 || face > sides) throw new Error(`no scripted face for a d${sides}`);
    return face;
  }
}

function roll(input: string, rng: Rng): DiceResult {
  const r = rollDice(input, rng);
  if (!r.ok) throw new Error(`${input}: ${r.error.code} ${r.error.detail ?? ''}`);
  return diceResult.parse(r.value.result);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('seeded rolls', () => {
  // Each row recomputes the total from the dice the roll returned: [expression, dice terms, total from their sums].
  test.each<[string, [number, number][], (s: number[]) => number]>([
    ['2D6', [[2, 6]], ([a]) => a!],
    ['2D6+1D4+3', [[2, 6], [1, 4]], ([a, b]) => a! + b! + 3],
    ['3D6*2-1D4', [[3, 6], [1, 4]], ([a, b]) => a! * 2 - b!],
    ['1D20/3+D8', [[1, 20], [1, 8]], ([a, b]) => Math.floor(a! / 3) + b!],
    ['-(2D10-5)*2', [[2, 10]], ([a]) => (5 - a!) * 2], // written so that a 5 gives 0, never -0
    ['10D100', [[10, 100]], ([a]) => a!],
    ['200D10000', [[200, 10000]], ([a]) => a!],
    ['1D6+(2D8+1)*(1D4)-7/1D3', [[1, 6], [2, 8], [1, 4], [1, 3]], ([a, b, c, d]) => a! + (b! + 1) * c! - Math.floor(7 / d!)],
  ])('%s: the total is the shown dice plus constants', (input, terms, total) => {
    for (let i = 0; i < 20; i++) {
      const seed = (i.toString(16).padStart(2, '0') + 'ab').repeat(16);
      const result = roll(input, seeded(seed));
      expect(result.dice.map(({ count, sides }) => [count, sides])).toEqual(terms);
      for (const { count, sides, values } of result.dice) {
        expect(values).toHaveLength(count);
        for (const v of values) expect(Number.isInteger(v) && v >= 1 && v <= sides).toBe(true);
      }
      expect(result.total).toBe(total(result.dice.map((d) => sum(d.values))));
      expect(result.comparison).toBeUndefined();
      expect(result.level).toBeUndefined();
    }
  });

  test.each(['2D6+1>=8', 'S1D100<=50 listen', '3D6*2-1D4', '200D6'])('same seed, same result: %s', (input) => {
    const a = seeded();
    const b = seeded();
    expect(rollDice(input, a)).toEqual(rollDice(input, b));
    expect(a.state).toEqual(b.state);
  });

  test('one rng draws on from where the last roll stopped, so a replay of several rolls matches too', () => {
    const a = seeded();
    const b = seeded();
    const first = ['2D6', '1D100<=40', '4D8+2'].map((input) => rollDice(input, a));
    const second = ['2D6', '1D100<=40', '4D8+2'].map((input) => rollDice(input, b));
    expect(second).toEqual(first);
  });
});

describe('rolling order and the trace', () => {
  test('dice are drawn left to right, one die call per die', () => {
    const rng = new ScriptedRng([3, 1, 2, 5, 4, 2]);
    const result = roll('1D4+2D6*1D8-(1D10+1D2)', rng);
    expect(rng.asked).toEqual([4, 6, 6, 8, 10, 2]);
    expect(result.dice).toEqual([
      { count: 1, sides: 4, values: [3] },
      { count: 2, sides: 6, values: [1, 2] },
      { count: 1, sides: 8, values: [5] },
      { count: 1, sides: 10, values: [4] },
      { count: 1, sides: 2, values: [2] },
    ]);
    expect(result.total).toBe(3 + (1 + 2) * 5 - (4 + 2));
  });

  test.each<[string, number[], string]>([
    ['2D6+1>=8', [4, 5], '(2D6+1>=8) > 9[4,5]+1 > 10'],
    ['2D6', [3, 4], '(2D6) > 7[3,4] > 7'],
    ['1D6', [3], '(1D6) > 3'],
    ['1D100<=50', [42], '(1D100<=50) > 42'],
    ['1D6+1', [3], '(1D6+1) > 3[3]+1 > 4'],
    ['-1D6*2', [5], '(-1D6*2) > -5[5]*2 > -10'],
    ['(2D6+1D4)/2', [6, 6, 3], '((2D6+1D4)/2) > (12[6,6]+3[3])/2 > 7'],
  ])('%s shows %j as %s', (input, faces, text) => {
    expect(roll(input, new ScriptedRng(faces)).text).toBe(text);
  });

  test('expr, comment and secret come through to the result', () => {
    const r = rollDice('ｓ２ｄ６＋１≧８ 見張り', new ScriptedRng([6, 6]));
    expect(r.ok && r.value.secret).toBe(true);
    expect(r.ok && r.value.result).toEqual({
      expr: '2D6+1>=8',
      comment: '見張り',
      dice: [{ count: 2, sides: 6, values: [6, 6] }],
      total: 13,
      comparison: { op: '>=', target: 8, success: true },
      text: '(2D6+1>=8) > 12[6,6]+1 > 13',
    });
  });
});

describe('1D100<=E reports the RuneQuest level (COT-DIE-02)', () => {
  test.each<[string, string, number, SuccessLevel, boolean]>([
    ['TV-09 skill 50, roll 03', '1D100<=50', 3, 'critical', true],
    ['TV-09 skill 50, roll 10', '1D100<=50', 10, 'special', true],
    ['TV-09 skill 50, roll 50', '1D100<=50', 50, 'success', true],
    ['TV-09 skill 50, roll 97', '1D100<=50', 97, 'failure', false],
    ['TV-09 skill 50, roll 98', '1D100<=50', 98, 'fumble', false],
    ['TV-12 skill 3, roll 04: 01-05 always succeed, though 4 > 3', '1D100<=3', 4, 'success', true],
    ['TV-11 skill 120, roll 97: 96-00 always fail, though 97 <= 120', '1D100<=120', 97, 'failure', false],
    ['TV-14 E = 65 written as a target expression, roll 12', '1D100<=50+5*(14-11)', 12, 'special', true],
    ['COT-DIE-12 D100 is 1D100', 'D100<=50', 11, 'success', true],
    ['COT-DIE-01 the face 00 is 100: a fumble even at 100%', '1D100<=100', 100, 'fumble', false],
  ])('COT-DIE-02 %s', (_name, input, face, level, success) => {
    const result = roll(input, new ScriptedRng([face]));
    expect(result.total).toBe(face);
    expect(result.level).toBe(level);
    expect(result.comparison?.success).toBe(success);
  });

  test('COT-DIE-01 a rolled 00 counts as 100', () => {
    const result = roll('1D100>=100', new ScriptedRng([100]));
    expect(result.total).toBe(100);
    expect(result.comparison?.success).toBe(true);
  });

  test.each<[string, number[]]>([
    ['2D100<=50', [10, 20]],
    ['1D100<50', [10]],
    ['1D100>=50', [60]],
    ['1D100+0<=50', [10]],
    ['1D100', [10]],
    ['1D10<=5', [3]],
  ])('%s is not a RuneQuest check: no level', (input, faces) => {
    expect(roll(input, new ScriptedRng(faces)).level).toBeUndefined();
  });
});
