import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { Battle } from './state.ts';
import { characterOf, participantOf } from './state.ts';

/**
 * GW-MASTER-01 (001 #14): a master at HP ≤ 0 or MP ≤ 0 after a battle. The battle engine holds the pieces that
 * need no map or scene clock: the flag set when the battle ends, the rest of (a)/(b) in the amounts the GM gives,
 * the 2:1 conversion of (c), and the death check of (d), which the GM runs once rest and conversion are done.
 */

/** Called when a battle ends: flags every master in it, or hit through its servant's trust, at HP ≤ 0 or MP ≤ 0. */
export function flagZeroMasters(ctx: Ctx, battle: Battle): void {
  if (!ctx.state.options.masterZeroRule) return;
  const ids = new Set(battle.participants.map((p) => p.id));
  for (const r of battle.history) for (const h of r.hits) if (h.via === 'trust') ids.add(h.target);
  for (const id of ids) {
    const c = characterOf(ctx.state, id)!;
    if (c.sheet.kind !== 'master' || (c.sheet.hp.current > 0 && c.sheet.mp.current > 0)) continue;
    c.zero = true;
    emit(ctx, { type: 'master.zero', character: c.id, hp: c.sheet.hp.current, mp: c.sheet.mp.current });
  }
}

/** True while a battle that has not ended counts this character in. */
const fighting = (ctx: Ctx, id: string): boolean => {
  const b = ctx.state.battle;
  return b !== null && b.phase !== 'ended' && participantOf(b, id) !== undefined;
};

/** Master: MASTER-01 (c), pay 2 MP for 1 HP while HP ≤ 0, or 2 HP for 1 MP while MP ≤ 0. */
export function masterConvert(ctx: Ctx, c: Cmd<'master.convert'>): Result<void> {
  if (!ctx.state.options.masterZeroRule) return err('RULE_OFF', 'GW-MASTER-01');
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const ch = me.value;
  if (ch.sheet.kind !== 'master') return err('NOT_A_MASTER', 'GW-MASTER-01');
  if (!ch.zero || ch.dead) return err('NOT_AT_ZERO', 'GW-MASTER-01');
  if (fighting(ctx, ch.id)) return err('BATTLE_IN_PROGRESS', 'GW-MASTER-01');
  if (!Number.isInteger(c.amount) || c.amount < 2 || c.amount % 2 !== 0) return err('BAD_AMOUNT', 'GW-MASTER-01');
  const { hp, mp } = ch.sheet;
  const [from, to] = c.direction === 'mpToHp' ? [mp, hp] : [hp, mp];
  // Only the pool that is at or below 0 may be refilled, and only while it still is.
  if (to.current > 0) return err('NOT_AT_ZERO', 'GW-MASTER-01');
  if (c.amount > from.current) return err('NOT_ENOUGH', 'GW-MASTER-01');
  from.current -= c.amount;
  to.current = Math.min(to.max, to.current + c.amount / 2);
  emit(ctx, { type: 'master.converted', character: ch.id, hp: hp.current, mp: mp.current });
  return done;
}

/**
 * GM: MASTER-01 (a)/(b), the rest of a flagged master, which may be taken anywhere. The amounts are the GM's (rest is
 * a GAP, FLOW-05); at a base they count twice, and a leyline's extra recovery does not apply, so none is asked for.
 * Recovery stops at the maximum (INFERRED).
 */
export function masterRest(ctx: Ctx, c: Cmd<'master.rest'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!ctx.state.options.masterZeroRule) return err('RULE_OFF', 'GW-MASTER-01');
  const ch = characterOf(ctx.state, c.character);
  if (!ch) return err('NO_SUCH_CHARACTER');
  if (!ch.zero || ch.dead) return err('NOT_AT_ZERO', 'GW-MASTER-01');
  if (fighting(ctx, ch.id)) return err('BATTLE_IN_PROGRESS', 'GW-MASTER-01');
  if (![c.hp, c.mp].every((n) => Number.isInteger(n) && n >= 0 && n <= 999) || c.hp + c.mp === 0) return err('BAD_AMOUNT', 'GW-MASTER-01');
  const times = c.atBase ? 2 : 1;
  for (const [meter, n] of [[ch.sheet.hp, c.hp], [ch.sheet.mp, c.mp]] as const) meter.current = Math.max(meter.current, Math.min(meter.max, meter.current + n * times));
  emit(ctx, { type: 'master.rested', character: ch.id, hp: ch.sheet.hp.current, mp: ch.sheet.mp.current });
  return done;
}

/** GM: MASTER-01 (d), after rest and conversion a master still below 1 HP or MP dies; otherwise the flag clears. */
export function masterSettle(ctx: Ctx, c: Cmd<'master.settle'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const ch = characterOf(ctx.state, c.character);
  if (!ch) return err('NO_SUCH_CHARACTER');
  if (!ch.zero || ch.dead) return err('NOT_AT_ZERO', 'GW-MASTER-01');
  if (fighting(ctx, ch.id)) return err('BATTLE_IN_PROGRESS', 'GW-MASTER-01');
  const dead = ch.sheet.hp.current < 1 || ch.sheet.mp.current < 1;
  ch.zero = false;
  ch.dead = dead;
  emit(ctx, { type: 'master.settled', character: ch.id, dead });
  return done;
}
