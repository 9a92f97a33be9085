import { describe, expect, test } from 'vitest';
import { rollDice } from './dice.ts';
import type { DiceErrorCode, DiceNode } from './dice-parse.ts';
import { DICE_ERROR_CODES, formatDiceNode, formatDiceTerm, parseDice } from './dice-parse.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';

const seeded = () => new Rng(newRngState('ab'.repeat(32)));

function parsed(input: string) {
  const r = parseDice(input);
  if (!r.ok) throw new Error(`parse failed: ${input}: ${r.error.code} ${r.error.detail ?? ''}`);
  return r.value;
}

describe('normalization, comments and the S prefix', () => {
  test.each<[string, string, string, boolean, string]>([
    ['full-width digits and symbols', '２Ｄ６＞＝８', '2D6>=8', false, ''],
    ['full-width secret with a full-width space before the comment', 'Ｓ１Ｄ１００＜＝５０　聞き耳', '1D100<=50', true, '聞き耳'],
    ['lower case', '2d6+1d4', '2D6+1D4', false, ''],
    ['≧ is >=', '2D6≧8', '2D6>=8', false, ''],
    ['≦ is <=', '1D100≦50', '1D100<=50', false, ''],
    ['≠ is <>', '2D6≠7', '2D6<>7', false, ''],
    ['≥ and ≤ as other keyboards type them', '2D6≥8', '2D6>=8', false, ''],
    ['comment after the first space, trimmed', '2D6>=8 攻撃  ロール ', '2D6>=8', false, '攻撃  ロール'],
    ['leading whitespace ignored', '   2D6', '2D6', false, ''],
    ['a tab starts a comment too', '2D6\tnote', '2D6', false, 'note'],
    ['S prefix', 'S2D6', '2D6', true, ''],
    ['lower-case s prefix', 's1d100<=50', '1D100<=50', true, ''],
    ['S with an omitted count', 'SD6 hidden', '1D6', true, 'hidden'],
    ['COT-DIE-12 D6 means one six-sided die', 'D6', '1D6', false, ''],
    ['COT-DIE-12 D3, D10 and D20 as written in the rules', 'D3+D10+D20', '1D3+1D10+1D20', false, ''],
    ['redundant parentheses dropped', '(2D6)+(3)', '2D6+3', false, ''],
    ['needed parentheses kept', '(2D6+1)*2', '(2D6+1)*2', false, ''],
    ['right-hand subtraction keeps its parentheses', '1D6-(3-1)', '1D6-(3-1)', false, ''],
    ['a negative operand is parenthesized', '1D6*-2', '1D6*(-2)', false, ''],
    ['unary minus before dice', '-1D6+10', '-1D6+10', false, ''],
    ['a target expression', '1D100<=(40+10)/2', '1D100<=(40+10)/2', false, ''],
    ['leading zeros read as decimal', '01D006', '1D6', false, ''],
  ])('%s: %s', (_name, input, expr, secret, comment) => {
    const p = parsed(input);
    expect({ expr: p.expr, secret: p.secret, comment: p.comment }).toEqual({ expr, secret, comment });
  });

  test('the comment is kept as typed, not normalized', () => {
    expect(parsed('2D6 ＡＢｃ').comment).toBe('ＡＢｃ');
  });
});

describe('trees', () => {
  const d = (count: number, sides: number): DiceNode => ({ kind: 'dice', count, sides });
  const n = (value: number): DiceNode => ({ kind: 'num', value });

  test.each<[string, string, DiceNode]>([
    ['* binds tighter than +', '1D6+2*3', { kind: 'bin', op: '+', left: d(1, 6), right: { kind: 'bin', op: '*', left: n(2), right: n(3) } }],
    ['/ binds tighter than -', '2D6-4/2', { kind: 'bin', op: '-', left: d(2, 6), right: { kind: 'bin', op: '/', left: n(4), right: n(2) } }],
    ['- is left associative', '1D6-2-3', { kind: 'bin', op: '-', left: { kind: 'bin', op: '-', left: d(1, 6), right: n(2) }, right: n(3) }],
    ['parentheses override precedence', '(1D6+2)*3', { kind: 'bin', op: '*', left: { kind: 'bin', op: '+', left: d(1, 6), right: n(2) }, right: n(3) }],
    ['unary minus binds tightest', '-1D6*2', { kind: 'bin', op: '*', left: { kind: 'neg', operand: d(1, 6) }, right: n(2) }],
  ])('%s: %s', (_name, input, tree) => {
    expect(parsed(input).left).toEqual(tree);
  });

  test.each(['2D6+1D4*3-(2-1)', '-(1D6+2)/3', '1D6-(-3)', '8/(4/2)+1D2', '1D8*(2*3)', '1D6+(2+3)'])(
    'printing then parsing gives the same tree: %s',
    (input) => {
      const first = parsed(input);
      const again = parsed(formatDiceNode(first.left, formatDiceTerm));
      expect(again.left).toEqual(first.left);
    },
  );
});

describe('arithmetic and comparisons (1D1 always shows 1)', () => {
  test.each<[string, number]>([
    ['1D1+2*3', 7],
    ['(1D1+2)*3', 9],
    ['1D1*7/2', 3],
    ['-1D1*7/2', -4], // floor, not truncation: -3.5 rounds down to -4
    ['1D1-7/2', -2],
    ['(1D1-8)/2', -4],
    ['1D1*10/3*3', 9], // left to right: 10/3 = 3, then * 3
    ['1D1*10*3/3', 10],
    ['-(-1D1)', 1],
    ['1D1-(3-1)', -1],
  ])('%s = %i', (input, total) => {
    const r = rollDice(input, seeded());
    expect(r.ok && r.value.result.total).toBe(total);
  });

  test.each<[string, boolean]>([
    ['1D1>=1', true],
    ['1D1>=2', false],
    ['1D1<=1', true],
    ['1D1<=0', false],
    ['1D1>0', true],
    ['1D1>1', false],
    ['1D1<2', true],
    ['1D1<1', false],
    ['1D1=1', true],
    ['1D1=2', false],
    ['1D1<>2', true],
    ['1D1<>1', false],
    ['1D1+1>=4/2', true],
  ])('%s is %s', (input, success) => {
    const r = rollDice(input, seeded());
    expect(r.ok && r.value.result.comparison?.success).toBe(success);
  });
});

describe('rejections', () => {
  const table: [string, string, DiceErrorCode][] = [
    ['empty', '', 'DICE_SYNTAX'],
    ['only whitespace', '   ', 'DICE_SYNTAX'],
    ['only a comment after a space', ' 　comment', 'DICE_SYNTAX'],
    ['S alone', 'S', 'DICE_SYNTAX'],
    ['double S', 'SS2D6', 'DICE_SYNTAX'],
    ['letters', 'abc', 'DICE_SYNTAX'],
    ['D without sides', '2D', 'DICE_SYNTAX'],
    ['dangling operator', '2D6+', 'DICE_SYNTAX'],
    ['unclosed parenthesis', '(2D6', 'DICE_SYNTAX'],
    ['stray parenthesis', '2D6)', 'DICE_SYNTAX'],
    ['two comparisons', '2D6>=3<=10', 'DICE_SYNTAX'],
    ['a comparison with no target', '2D6>=', 'DICE_SYNTAX'],
    ['no dice to roll', '3+4>=5', 'DICE_SYNTAX'],
    ['dice in the target', '2D6>=1D6', 'DICE_SYNTAX'],
    ['zero dice', '0D6', 'DICE_SYNTAX'],
    ['text glued to the expression', '2D6>=8です', 'DICE_SYNTAX'],
    ['201 dice', '201D6', 'DICE_TOO_MANY'],
    ['201 dice over several terms', '100D6+100D6+1D4', 'DICE_TOO_MANY'],
    ['a huge count', '99999999999999999999D6', 'DICE_TOO_MANY'],
    ['huge sides', '1D99999999999999999999', 'DICE_BAD_SIDES'],
    ['zero sides', '2D0', 'DICE_BAD_SIDES'],
    ['10001 sides', '1D10001', 'DICE_BAD_SIDES'],
    ['division by a zero constant', '1D6/0', 'DICE_DIVIDE_BY_ZERO'],
    ['division by a zero target', '1D6>=1/(2-2)', 'DICE_DIVIDE_BY_ZERO'],
    ['division by a die-made zero', '1D6/(1D1-1)', 'DICE_DIVIDE_BY_ZERO'],
    ['an input over 200 characters', '1D6' + '+1'.repeat(99), 'DICE_TOO_LONG'],
    ['an expression that normalizes to over 200 characters', '1D6+' + '⑳'.repeat(99), 'DICE_TOO_LONG'],
    ['a constant past 2^53', '1D6+9007199254740993', 'DICE_OUT_OF_RANGE'],
    ['a product past 2^53', '1D6*9999999999*9999999999', 'DICE_OUT_OF_RANGE'],
  ];

  test('every error code is exercised', () => {
    expect(new Set(table.map(([, , code]) => code))).toEqual(new Set(DICE_ERROR_CODES));
  });

  test.each(table)('%s: %j is %s', (_name, input, code) => {
    const r = rollDice(input, seeded());
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  test.each(['200D6', '100D6+100D6', '1D10000', '1D1', '1D6' + '+1'.repeat(98)])('at the limit, %s is accepted', (input) => {
    expect(rollDice(input, seeded()).ok).toBe(true);
  });
});
