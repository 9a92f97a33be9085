import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter } from './context.ts';
import { emit } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import { participantOf } from './state.ts';

/**
 * SPEC-04/05: merit per point of 신념 or 명운 recovered. The stat's specialization makes it 1 (000 and every 001
 * variant agree); without it the sources give no price, so the room's `poolRecoveryMeritCost` (GAP, DEFAULT 2).
 */
export function recoveryCost(options: Pick<GrailWarOptions, 'poolRecoveryMeritCost'>, specializations: readonly string[], pool: 'conviction' | 'fate'): number {
  return specializations.includes(pool) ? 1 : options.poolRecoveryMeritCost;
}

/** Master: pays merit to refill its 신념 or 명운 pool up to its maximum; not while it fights (INFERRED). */
export function poolRecover(ctx: Ctx, c: Cmd<'pool.recover'>): Result<void> {
  const rule = c.pool === 'fate' ? 'GW-SPEC-04' : 'GW-SPEC-05';
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const sheet = me.value.sheet;
  if (sheet.kind !== 'master') return err('NOT_A_MASTER', rule);
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended' && participantOf(b, me.value.id)) return err('BATTLE_IN_PROGRESS', rule);
  const meter = sheet[c.pool];
  if (!Number.isInteger(c.amount) || c.amount < 1) return err('BAD_AMOUNT', rule);
  if (meter.current + c.amount > meter.max) return err('POOL_FULL', rule);
  const merit = c.amount * recoveryCost(ctx.state.options, sheet.specializations, c.pool);
  if (merit > sheet.merit) return err('NOT_ENOUGH_MERIT', rule);
  meter.current += c.amount;
  sheet.merit -= merit;
  emit(ctx, { type: 'pool.recovered', character: me.value.id, pool: c.pool, amount: c.amount, merit });
  return done;
}
