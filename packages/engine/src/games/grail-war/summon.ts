import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { ClassId } from './sheets.ts';
import { CLASS_IDS } from './sheets.ts';
import { characterOf } from './state.ts';

/**
 * GM: SUMMON-01 ① step 1 (② step 3 alike): the seven classes shuffled with the room's seeded RNG, one to each listed
 * seat in order. A draw replaces an earlier one (the GM redraws before sheets are written).
 */
export function summonDraw(ctx: Ctx, cmd: { seats: string[] }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (new Set(cmd.seats).size !== cmd.seats.length) return err('DUPLICATE_SEAT', 'GW-SUMMON-01');
  if (cmd.seats.some((s) => !ctx.seats().some((x) => x.id === s))) return err('NO_SUCH_SEAT', 'GW-SUMMON-01');
  const pool = [...CLASS_IDS];
  // Fisher–Yates: every class at most once (CORE-01 "one per participant").
  for (let i = pool.length - 1; i > 0; i--) {
    const j = ctx.rng.below(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const classes: Record<string, ClassId> = {};
  cmd.seats.forEach((s, i) => (classes[s] = pool[i]!));
  ctx.state.summon.classes = classes;
  emit(ctx, { type: 'summon.drawn', classes });
  return done;
}

/** GM: SUMMON-01 ① step 3, a catalyst for a servant without one; its description is what masters choose by. */
export function summonCatalyst(ctx: Ctx, cmd: { servant: string; description: string }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const s = characterOf(ctx.state, cmd.servant);
  if (!s) return err('NO_SUCH_CHARACTER');
  if (s.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-SUMMON-01');
  const list = ctx.state.summon.catalysts;
  if (list.some((k) => k.servant === s.id)) return err('HAS_CATALYST', 'GW-SUMMON-01');
  const catalyst = { id: `k${list.length + 1}`, description: cmd.description, servant: s.id };
  list.push(catalyst);
  emit(ctx, { type: 'summon.catalyst', ...catalyst });
  return done;
}
