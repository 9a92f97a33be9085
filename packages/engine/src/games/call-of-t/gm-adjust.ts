import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, note, requireGm, sheetNote } from './context.ts';
import { findCharacter } from './state.ts';

type Adjust = Extract<CotCommand, { type: 'cot.gm.adjust' }>;
type Params = Record<string, string | number | boolean | null>;

/**
 * The GM's hand on the counters (§10: damage, payments, trade and the other GM rulings end here). Party counters
 * and LTF are public; a sheet value (〈呼び声〉, MP, 霊圧, 〈死祭り〉) is told only to its player and the GM when sheets
 * are private (COT-HID-01), the others learn that it changed.
 */
export function applyGmAdjust(ctx: Ctx, command: Adjust): Result<void> {
  const gm = requireGm(ctx, 'COT-HID-01');
  if (!gm.ok) return gm;
  const state = ctx.state;
  if (state.phase.kind === 'setup') return err('NOT_YOUR_PHASE', 'COT-SET-01');
  const character = command.character ? findCharacter(state, command.character.id) : undefined;
  if (command.character && !character) return err('NO_SUCH_CHARACTER', 'COT-MOD-12');
  if (command.party) {
    const changed: Params = {};
    for (const [key, value] of Object.entries(command.party)) {
      if (value === undefined) continue;
      (state.party as Record<string, unknown>)[key] = value;
      changed[key] = value;
    }
    if (Object.keys(changed).length > 0) note(ctx, 'gm.party', changed);
  }
  if (character && command.character) {
    const { id, ltfThirds, ...sheet } = command.character;
    if (ltfThirds !== undefined) {
      character.ltfThirds = ltfThirds;
      note(ctx, 'gm.ltf', { character: id, ltfThirds });
    }
    const changed: Params = { character: id };
    for (const [key, value] of Object.entries(sheet)) {
      if (value === undefined) continue;
      (character as Record<string, unknown>)[key] = value;
      changed[key] = value;
    }
    if (Object.keys(changed).length > 1) sheetNote(ctx, id, 'gm.sheet', changed);
  }
  return done;
}
