import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { revealBatch } from './batch.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireBattle, requireCharacter, requireGm, standing } from './context.ts';
import { emit } from './events.ts';
import { checkEnd, endBattle, openBatch } from './flow.ts';
import { revealPrebattle } from './prebattle.ts';
import { mayAmbush } from './relations.ts';
import { characterOf, participantOf } from './state.ts';
import { RESCUE_SCENES } from './rescue.ts';
import { revealWindow } from './window.ts';

/** The battle commands outside the sealed steps: forcing a step, withdrawal, betrayal, the GM's calls, Forced Retreat. */

/** GM: the timer ran out: unanswered declarations count as empty, unsubmitted slots as 대기 (GW-HIDE-04). */
export function battleForce(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  const battle = b.value;
  if (battle.phase === 'prebattle') revealPrebattle(ctx, battle);
  else if (battle.phase === 'submit') revealBatch(ctx, battle);
  else if (battle.phase === 'window') revealWindow(ctx, battle);
  else return err('WRONG_PHASE', 'GW-HIDE-04');
  return done;
}

/** Player: withdraws its side between batches (HIDE-D6); under MISC-02 the withdrawal concedes. */
export function battleWithdraw(ctx: Ctx, c: Cmd<'battle.withdraw'>): Result<void> {
  const b = requireBattle(ctx, 'submit');
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const p = participantOf(b.value, me.value.id);
  if (!p || !standing(p)) return err('NOT_IN_BATTLE', 'GW-BATTLE-20');
  // Between batches only: once anyone has sealed a plan for this batch, the batch is under way.
  if (Object.keys(b.value.submission!.answers).length > 0) return err('BATCH_UNDER_WAY', 'GW-BATTLE-20');
  b.value.withdrawnSides.push(p.side);
  emit(ctx, { type: 'battle.withdrawn', side: p.side, by: p.id });
  endBattle(ctx, b.value, 'withdrawal');
  return done;
}

/**
 * Servant: turns on its side at a batch boundary; its next batch gets + on every judgment (BATTLE-M2). REL-04: only
 * a servant that holds one of the allies it turns on at −2 or below may ambush them.
 */
export function battleBetray(ctx: Ctx, c: Cmd<'battle.betray'>): Result<void> {
  const b = requireBattle(ctx, 'submit');
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const battle = b.value;
  const p = participantOf(battle, me.value.id);
  if (!p || !standing(p) || me.value.sheet.kind !== 'servant') return err('NOT_IN_BATTLE', 'GW-BATTLE-M2');
  if (Object.keys(battle.submission!.answers).length > 0) return err('BATCH_UNDER_WAY', 'GW-BATTLE-M2');
  const allies = battle.participants.filter((q) => q.side === p.side && q.id !== p.id && standing(q) && q.id !== me.value.partner);
  if (allies.length === 0) return err('NO_ALLY_TO_BETRAY', 'GW-BATTLE-M2');
  if (!allies.some((q) => mayAmbush(ctx.state, p.id, q.id))) return err('NO_AMBUSH_RELATION', 'GW-REL-04');
  const side = `${p.side}~${p.id}`;
  for (const q of battle.participants) if (q.id === p.id || q.id === me.value.partner) q.side = side;
  p.ambushBatches.push(battle.batch);
  emit(ctx, { type: 'battle.betrayed', character: p.id, side });
  // The sides changed, so who faces whom changes: reopen the batch (nothing was sealed yet).
  openBatch(ctx, battle, battle.batch);
  return done;
}

/** GM: one more batch while at least two sides stand (BATTLE-09). */
export function battleExtend(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  if (b.value.phase === 'ended') return err('BATTLE_OVER', 'GW-BATTLE-09');
  b.value.batches += 1;
  emit(ctx, { type: 'battle.extended', batches: b.value.batches });
  return done;
}

/** GM: decides or overrides the winner (BATTLE-21). */
export function battleDecide(ctx: Ctx, { winner }: Cmd<'battle.decide'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx, 'ended');
  if (!b.ok) return b;
  if (winner !== null && !b.value.participants.some((p) => p.side === winner)) return err('BAD_SIDE', 'GW-BATTLE-21');
  b.value.winner = winner;
  emit(ctx, { type: 'battle.decided', winner });
  return done;
}

/** GM: clears a finished battle so the next can start. */
export function battleClose(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx, 'ended');
  if (!b.ok) return b;
  emit(ctx, { type: 'battle.closed', battle: b.value.id });
  ctx.state.battle = null;
  return done;
}

/**
 * Master: Forced Retreat (SEAL-02). 000: pulls a servant at HP ≤ 0 out; the battle goes on. 001: only while the
 * servant is apart from the master; stops the battle, once per master, and the servant vanishes unless healed by
 * the end of the next scene (scene-effects.ts sceneEnd counts the scenes down).
 */
export function sealRetreat(ctx: Ctx, c: Cmd<'seal.retreat'>): Result<void> {
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const battle = b.value;
  const master = me.value;
  if (master.sheet.kind !== 'master' || !master.partner) return err('NOT_A_MASTER', 'GW-SEAL-02');
  if ((master.sheet.sealsLeft ?? 0) < 1) return err('NO_SEALS_LEFT', 'GW-SEAL-00');
  const servant = characterOf(ctx.state, master.partner)!;
  const sp = participantOf(battle, servant.id);
  if (!sp || sp.status !== 'defeated' || servant.sheet.hp.current > 0) return err('SERVANT_NOT_DOWN', 'GW-SEAL-02');
  const rules = ctx.state.options.sealRules;
  if (rules === '001') {
    if (master.retreatUsed) return err('ONCE_ONLY', 'GW-SEAL-02');
    const apart = !participantOf(battle, master.id) && battle.regions[master.id] !== battle.regions[servant.id];
    if (!apart) return err('NOT_APART', 'GW-SEAL-02');
    master.retreatUsed = true;
    servant.rescueScenesLeft = RESCUE_SCENES;
  }
  master.sheet.sealsLeft = (master.sheet.sealsLeft ?? 0) - 1;
  sp.status = 'retreated';
  const endsBattle = rules === '001' && battle.phase !== 'ended';
  emit(ctx, { type: 'seal.retreat', master: master.id, servant: servant.id, endsBattle });
  if (endsBattle) endBattle(ctx, battle, 'retreat');
  // 000: the battle goes on, unless the servant's side has nobody left standing.
  else if (battle.phase !== 'ended') checkEnd(ctx, battle);
  return done;
}
