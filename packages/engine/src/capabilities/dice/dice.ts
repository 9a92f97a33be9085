import type { ComparisonOp, DiceResult, SuccessLevel } from '@veiltable/protocol';
import type { DiceNode, DiceTerm, ParsedDice } from './dice-parse.ts';
import { formatDiceNode, parseDice } from './dice-parse.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Rng } from '../../kernel/rng.ts';
import { classifyD100, isSuccessLevel } from './success-level.ts';

/** A roll request as typed: the secret flag comes from an `S` prefix (BCDice style). */
export type DiceRoll = { result: DiceResult; secret: boolean };

type RolledTerm = { count: number; sides: number; values: number[] };

/** A refusal found while evaluating, after the dice were drawn. */
class DiceEvalError extends Error {
  readonly code: 'DICE_DIVIDE_BY_ZERO' | 'DICE_OUT_OF_RANGE';
  constructor(code: 'DICE_DIVIDE_BY_ZERO' | 'DICE_OUT_OF_RANGE', detail: string) {
    super(detail);
    this.code = code;
  }
}

const checked = (value: number): number => {
  if (!Number.isSafeInteger(value)) throw new DiceEvalError('DICE_OUT_OF_RANGE', `value out of range: ${value}`);
  return value === 0 ? 0 : value; // no -0 in results
};

/** Evaluates a tree whose dice were already rolled; `next` hands out the rolled terms in order. */
function evaluate(node: DiceNode, next: () => RolledTerm): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'dice':
      return next().values.reduce((a, b) => a + b, 0);
    case 'neg':
      return checked(-evaluate(node.operand, next));
    case 'bin': {
      const a = evaluate(node.left, next);
      const b = evaluate(node.right, next);
      if (node.op === '+') return checked(a + b);
      if (node.op === '-') return checked(a - b);
      if (node.op === '*') return checked(a * b);
      if (b === 0) throw new DiceEvalError('DICE_DIVIDE_BY_ZERO', 'division by zero');
      return checked(Math.floor(a / b)); // BCDice rounds division down by default
    }
  }
}

/** Rolls every dice term of a tree, left to right, one `rng.die` call per die. */
function rollTerms(node: DiceNode, rng: Rng, out: RolledTerm[]): void {
  if (node.kind === 'dice') {
    const values: number[] = [];
    for (let i = 0; i < node.count; i++) values.push(rng.die(node.sides));
    out.push({ count: node.count, sides: node.sides, values });
  } else if (node.kind === 'neg') {
    rollTerms(node.operand, rng, out);
  } else if (node.kind === 'bin') {
    rollTerms(node.left, rng, out);
    rollTerms(node.right, rng, out);
  }
}

const iterate = <T>(items: T[]): (() => T) => {
  let i = 0;
  return () => {
    const item = items[i++];
    if (item === undefined) throw new Error('dice: fewer rolled terms than dice in the tree');
    return item;
  };
};

function compare(op: ComparisonOp, a: number, b: number): boolean {
  switch (op) {
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '=':
      return a === b;
    case '<>':
      return a !== b;
  }
}

const isLoneD100 = (parsed: ParsedDice): boolean =>
  parsed.comparison?.op === '<=' && parsed.left.kind === 'dice' && parsed.left.count === 1 && parsed.left.sides === 100;

/** BCDice-like trace: "(2D6+1>=8) > 9[4,5]+1 > 10"; the step showing the dice is left out when it adds nothing. */
function trace(parsed: ParsedDice, rolled: RolledTerm[], total: number): string {
  const steps = [`(${parsed.expr})`];
  const singleDie = parsed.left.kind === 'dice' && parsed.left.count === 1;
  if (!singleDie) {
    const next = iterate(rolled);
    const shown = (_term: DiceTerm): string => {
      const { values } = next();
      return `${values.reduce((a, b) => a + b, 0)}[${values.join(',')}]`;
    };
    steps.push(formatDiceNode(parsed.left, shown));
  }
  steps.push(String(total));
  return steps.join(' > ');
}

/**
 * Parses and rolls a BCDice-style expression ("2D6+1>=8", "S1D100<=50 聞き耳", "２Ｄ６"). Dice come only from `rng`,
 * left to right. A rejection found after rolling (division by zero by a die-dependent divisor, a value out of range)
 * still consumed draws: callers discard their working state on any rejection.
 */
export function rollDice(input: string, rng: Rng): Result<DiceRoll> {
  const parsed = parseDice(input);
  if (!parsed.ok) return parsed;
  const p = parsed.value;

  const rolled: RolledTerm[] = [];
  rollTerms(p.left, rng, rolled);
  let total: number;
  let target: number | undefined;
  try {
    total = evaluate(p.left, iterate(rolled));
    if (p.comparison) target = evaluate(p.comparison.right, iterate([]));
  } catch (e) {
    if (e instanceof DiceEvalError) return err(e.code, undefined, e.message);
    throw e;
  }

  let comparison: DiceResult['comparison'];
  let level: SuccessLevel | undefined;
  if (p.comparison && target !== undefined) {
    // A lone 1D100<=E is a RuneQuest check (COT-DIE-02): its level decides success, so 01-05 succeed and 96-00 fail.
    if (isLoneD100(p)) level = classifyD100(total, target);
    const success = level ? isSuccessLevel(level) : compare(p.comparison.op, total, target);
    comparison = { op: p.comparison.op, target, success };
  }

  const result: DiceResult = {
    expr: p.expr,
    comment: p.comment,
    dice: rolled,
    total,
    ...(comparison ? { comparison } : {}),
    ...(level ? { level } : {}),
    text: trace(p, rolled, total),
  };
  return ok({ result, secret: p.secret });
}
