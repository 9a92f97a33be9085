import type { DiceResult } from '@veiltable/protocol';
import type { Rng } from '../../kernel/rng.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { evalBcdice } from './bcdice.ts';
import { asciiDiceText } from './dice-parse.ts';
import type { DiceSystemId } from './game-systems.ts';

/** A line BCDice read as a command: the result to store and show, whether it was secret, and the faces drawn. */
export type BcdiceOutcome = { result: DiceResult; secret: boolean; rands: [number, number][] };

// BCDice reads the first word; a repeat (x3, rep3, repeat3) reads the word after it too.
const COMMAND = /^\s*(S?(?:x|rep|repeat)\d+\s+\S+|\S+)(?:\s+([\s\S]*))?$/i;

/** The faces in order, one group per run of the same die. */
function diceGroups(rands: [number, number][]): DiceResult['dice'] {
  const groups: DiceResult['dice'] = [];
  for (const [face, sides] of rands) {
    const last = groups.at(-1);
    if (last && last.sides === sides) {
      last.values.push(face);
      last.count += 1;
    } else groups.push({ count: 1, sides, values: [face] });
  }
  return groups;
}

/** The number a one-line result ends on ("(2D6+1) ＞ 8[3,5]+1 ＞ 9" is 9; "… ＞ 97 ＞ 失敗" is 97), if any. */
function totalOf(text: string): number | undefined {
  if (text.includes('\n')) return undefined;
  const step = text
    .split('＞')
    .map((s) => s.trim())
    .reverse()
    .find((s) => /^-?\d{1,15}$/.test(s));
  return step === undefined ? undefined : Number(step);
}

/**
 * Reads one line with BCDice in a system, each die drawn from the room's RNG. Ok(null) when the line does not begin
 * with a command of that system; DICE_TOO_MANY when it asks for more dice than BCDice rolls at once. The command is
 * read with full-width letters and IME symbols as ASCII; the rest of the line is kept as typed, as the comment.
 */
export function rollBcdice(system: DiceSystemId, line: string, rng: Rng): Result<BcdiceOutcome | null> {
  const m = COMMAND.exec(line);
  if (!m) return ok(null);
  const command = asciiDiceText(m[1]!);
  const comment = (m[2] ?? '').trim();
  let roll;
  try {
    roll = evalBcdice(system, comment ? `${command} ${comment}` : command, (sides) => rng.die(sides));
  } catch (e) {
    // BCDice's own limit of dice per command (its Randomizer::UPPER_LIMIT_RANDS) is raised as a Ruby exception.
    if (e instanceof Error && e.name === 'TooManyRandsError') return err('DICE_TOO_MANY');
    throw e;
  }
  if (!roll) return ok(null);
  const total = totalOf(roll.text);
  const result: DiceResult = {
    expr: roll.secret ? command.replace(/^S/i, '') : command,
    comment,
    dice: diceGroups(roll.rands),
    ...(total !== undefined ? { total } : {}),
    ...(roll.success ? { outcome: 'success' as const } : roll.failure ? { outcome: 'failure' as const } : {}),
    ...(roll.critical ? { critical: true as const } : {}),
    ...(roll.fumble ? { fumble: true as const } : {}),
    system,
    text: roll.text,
  };
  return ok({ result, secret: roll.secret, rands: roll.rands });
}
