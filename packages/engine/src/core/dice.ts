import type { DiceResult } from '@veiltable/protocol';
import type { Rng } from './rng.ts';
import type { Result } from './result.ts';
import { err } from './result.ts';

/** A roll request as typed: the secret flag comes from an `S` prefix (BCDice style). */
export type DiceRoll = { result: DiceResult; secret: boolean };

/** Parses and rolls a BCDice-style expression. (Placeholder signature: the parser is being written.) */
export function rollDice(_input: string, _rng: Rng): Result<DiceRoll> {
  return err('DICE_SYNTAX');
}
