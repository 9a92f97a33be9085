import type { ComparisonOp } from '@veiltable/protocol';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';

/**
 * BCDice-style dice notation, read into a tree. Pure: no dice are rolled here.
 *
 *   input      := ws* ["S"] compare (ws+ comment)?
 *   compare    := arith (cmpOp arith)?        cmpOp: >= <= <> > < =
 *   arith      := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*
 *   unary      := "-" unary | primary
 *   primary    := [int] "D" int | int | "(" arith ")"
 *
 * The target (right of the comparison) is constant arithmetic: no dice, so the trace never has to show
 * dice that decide the target. An expression must roll at least one die.
 */

/** Why an expression was refused. */
export const DICE_ERROR_CODES = [
  'DICE_SYNTAX',
  'DICE_TOO_LONG',
  'DICE_TOO_MANY',
  'DICE_BAD_SIDES',
  'DICE_DIVIDE_BY_ZERO',
  'DICE_OUT_OF_RANGE',
] as const;
export type DiceErrorCode = (typeof DICE_ERROR_CODES)[number];

export const DICE_LIMITS = { maxLength: 200, maxDice: 200, maxSides: 10000 } as const;

export type ArithOp = '+' | '-' | '*' | '/';
export type DiceTerm = { kind: 'dice'; count: number; sides: number };
export type DiceNode =
  | DiceTerm
  | { kind: 'num'; value: number }
  | { kind: 'neg'; operand: DiceNode }
  | { kind: 'bin'; op: ArithOp; left: DiceNode; right: DiceNode };

/** A parsed roll request: the tree to roll, and the parts of the input around it. */
export type ParsedDice = {
  secret: boolean;
  /** Normalized expression without the S prefix or comment, printed from the tree. */
  expr: string;
  left: DiceNode;
  comparison?: { op: ComparisonOp; right: DiceNode };
  comment: string;
};

// Symbols IME users type that NFKC leaves alone.
const SYMBOLS: Record<string, string> = { '≧': '>=', '≥': '>=', '≦': '<=', '≤': '<=', '≠': '<>', '×': '*', '÷': '/', '−': '-' };

/** Full-width to ASCII (NFKC) and IME comparison symbols to ASCII: "２Ｄ６≧８" is "2D6>=8". */
export function asciiDiceText(text: string): string {
  return text.replace(/[≧≥≦≤≠×÷−]/g, (c) => SYMBOLS[c] ?? c).normalize('NFKC');
}

/** Full-width to ASCII (NFKC), IME comparison symbols to ASCII, upper case. */
export function normalizeDiceText(text: string): string {
  return asciiDiceText(text).toUpperCase();
}

type Token = { t: 'int'; value: string } | { t: 'D' } | { t: ArithOp | '(' | ')' } | { t: 'cmp'; op: ComparisonOp };

const TOKEN = /^(?:(\d+)|(D)|([-+*/()])|(>=|<=|<>|>|<|=))/;

function tokenize(body: string): Result<Token[]> {
  const tokens: Token[] = [];
  for (let i = 0; i < body.length; ) {
    const m = TOKEN.exec(body.slice(i));
    if (!m) return err('DICE_SYNTAX', undefined, `unexpected "${body[i]}" at ${i}`);
    if (m[1] !== undefined) tokens.push({ t: 'int', value: m[1] });
    else if (m[2] !== undefined) tokens.push({ t: 'D' });
    else if (m[3] !== undefined) tokens.push({ t: m[3] as ArithOp | '(' | ')' });
    else tokens.push({ t: 'cmp', op: m[4] as ComparisonOp });
    i += m[0].length;
  }
  return ok(tokens);
}

/** A refusal raised deep in the descent and turned back into a Result at the top. */
class DiceParseError extends Error {
  readonly code: DiceErrorCode;
  constructor(code: DiceErrorCode, detail: string) {
    super(detail);
    this.code = code;
  }
}

class Parser {
  private readonly tokens: Token[];
  private pos = 0;
  diceCount = 0;
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private fail(detail: string): never {
    throw new DiceParseError('DICE_SYNTAX', detail);
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  next(): Token | undefined {
    return this.tokens[this.pos++];
  }

  arith(): DiceNode {
    let node = this.term();
    for (let t = this.peek(); t && (t.t === '+' || t.t === '-'); t = this.peek()) {
      this.pos++;
      node = { kind: 'bin', op: t.t, left: node, right: this.term() };
    }
    return node;
  }

  private term(): DiceNode {
    let node = this.unary();
    for (let t = this.peek(); t && (t.t === '*' || t.t === '/'); t = this.peek()) {
      this.pos++;
      node = { kind: 'bin', op: t.t, left: node, right: this.unary() };
    }
    return node;
  }

  private unary(): DiceNode {
    if (this.peek()?.t === '-') {
      this.pos++;
      return { kind: 'neg', operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): DiceNode {
    const t = this.next();
    if (!t) return this.fail('expression ends too early');
    if (t.t === '(') {
      const inner = this.arith();
      if (this.next()?.t !== ')') this.fail('missing ")"');
      return inner;
    }
    if (t.t === 'D') return this.dice(1);
    if (t.t === 'int') {
      if (this.peek()?.t !== 'D') return { kind: 'num', value: this.integer(t.value) };
      this.pos++;
      // A huge count is too many dice rather than a number out of range: dice() checks the bound.
      return this.dice(Number(t.value));
    }
    return this.fail(`unexpected "${t.t === 'cmp' ? t.op : t.t}"`);
  }

  private dice(count: number): DiceTerm {
    const t = this.next();
    if (t?.t !== 'int') return this.fail('"D" must be followed by a number of sides');
    const sides = Number(t.value);
    if (count < 1) this.fail('at least one die');
    if (sides < 1 || sides > DICE_LIMITS.maxSides) {
      throw new DiceParseError('DICE_BAD_SIDES', `sides must be 1..${DICE_LIMITS.maxSides}, got ${sides}`);
    }
    this.diceCount += count;
    if (this.diceCount > DICE_LIMITS.maxDice) {
      throw new DiceParseError('DICE_TOO_MANY', `at most ${DICE_LIMITS.maxDice} dice in total`);
    }
    return { kind: 'dice', count, sides };
  }

  private integer(digits: string): number {
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) throw new DiceParseError('DICE_OUT_OF_RANGE', `number too large: ${digits}`);
    return value;
  }
}

/** Splits, normalizes and parses one roll request, e.g. "Ｓ２Ｄ６＞＝８ 見張り". */
export function parseDice(input: string): Result<ParsedDice> {
  if (input.length > DICE_LIMITS.maxLength) return err('DICE_TOO_LONG');
  // Text after the first whitespace (including the full-width space) is a comment, kept as typed.
  const trimmed = input.trimStart();
  const cut = trimmed.search(/\s/);
  const head = cut < 0 ? trimmed : trimmed.slice(0, cut);
  const comment = cut < 0 ? '' : trimmed.slice(cut).trim();

  let body = normalizeDiceText(head);
  if (body.length > DICE_LIMITS.maxLength) return err('DICE_TOO_LONG');
  const secret = body.startsWith('S');
  if (secret) body = body.slice(1);
  if (body === '') return err('DICE_SYNTAX', undefined, 'empty expression');

  const tokens = tokenize(body);
  if (!tokens.ok) return tokens;
  const parser = new Parser(tokens.value);
  try {
    const left = parser.arith();
    if (parser.diceCount === 0) return err('DICE_SYNTAX', undefined, 'no dice to roll');
    let comparison: ParsedDice['comparison'];
    const t = parser.next();
    if (t) {
      if (t.t !== 'cmp') return err('DICE_SYNTAX', undefined, `unexpected "${t.t}"`);
      const before = parser.diceCount;
      const right = parser.arith();
      if (parser.diceCount !== before) return err('DICE_SYNTAX', undefined, 'the target may not roll dice');
      if (!parser.atEnd()) return err('DICE_SYNTAX', undefined, 'at most one comparison');
      comparison = { op: t.op, right };
    }
    const expr = formatDiceNode(left, formatDiceTerm) + (comparison ? comparison.op + formatDiceNode(comparison.right, formatDiceTerm) : '');
    return ok({ secret, expr, left, ...(comparison ? { comparison } : {}), comment });
  } catch (e) {
    if (e instanceof DiceParseError) return err(e.code, undefined, e.message);
    throw e;
  }
}

/** "2D6": a dice term as written in a normalized expression. */
export function formatDiceTerm(term: DiceTerm): string {
  return `${term.count}D${term.sides}`;
}

const precedence = (node: DiceNode): number =>
  node.kind === 'bin' ? (node.op === '+' || node.op === '-' ? 1 : 2) : node.kind === 'neg' ? 3 : 4;

/**
 * Prints a tree with the fewest parentheses that parse back to the same tree; dice terms are printed by
 * `dice`, called left to right (the order they are rolled in), so the trace can show rolled values in place.
 */
export function formatDiceNode(node: DiceNode, dice: (term: DiceTerm) => string): string {
  switch (node.kind) {
    case 'num':
      return String(node.value);
    case 'dice':
      return dice(node);
    case 'neg': {
      const inner = formatDiceNode(node.operand, dice);
      return node.operand.kind === 'bin' ? `-(${inner})` : `-${inner}`;
    }
    case 'bin': {
      const p = precedence(node);
      const left = formatDiceNode(node.left, dice);
      const right = formatDiceNode(node.right, dice);
      // Same-precedence right operands keep their parentheses: 7-(3-1) and 8/(4/2) differ from 7-3-1 and 8/4/2.
      const wrapRight = precedence(node.right) <= p || node.right.kind === 'neg';
      return `${precedence(node.left) < p ? `(${left})` : left}${node.op}${wrapRight ? `(${right})` : right}`;
    }
  }
}
