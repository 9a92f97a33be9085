import type { Viewer } from '@veiltable/protocol';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { Rng } from '../../kernel/rng.ts';
import { battleSubmit, openBatch, revealBatch } from './batch.ts';
import type { GrailWarCommand } from './commands.ts';
import type { Ctx } from './context.ts';
import { aclOf, done, emit, requireBattle, requireCharacter, requireGm, standing } from './context.ts';
import { checkEnd, endBattle } from './end.ts';
import type { GrailWarEvent } from './events.ts';
import { masterConvert, masterRest, masterSettle } from './master-zero.ts';
import { meritShare, ssKeywords, ssReward } from './merit-commands.ts';
import { poolRecover } from './pool-recovery.ts';
import { battlePrepare, revealPrebattle } from './prebattle.ts';
import { mayAmbush, relationRemove, relationSet } from './relations.ts';
import { battleOverride, characterUpdate, knowledgeRemove, knowledgeSet, seatAdd } from './room-commands.ts';
import { sceneEnd } from './scene-effects.ts';
import { sealEarly } from './seal-early.ts';
import { sealBind, sealResist, sealSummon } from './seal-orders.ts';
import { battleStart, characterRegister, optionsSet } from './setup-commands.ts';
import type { GrailWarState } from './state.ts';
import { characterOf, participantOf } from './state.ts';
import { battleWindow, revealWindow } from './window.ts';

/**
 * Runs a command on a deep copy of the state; the input is never touched, whatever the outcome. `at` is the time
 * the server stamped on the command: step deadlines count from it (GW-HIDE-04).
 */
export function apply(state: GrailWarState, command: GrailWarCommand, actor: Viewer, at: number): Result<{ state: GrailWarState; events: GrailWarEvent[] }> {
  if (actor.role === 'spectator') return err('SPECTATOR_READ_ONLY');
  const next = structuredClone(state);
  const ctx: Ctx = { state: next, rng: new Rng(next.rng), actor: actor.role === 'gm' ? { role: 'gm' } : { role: 'player', seat: actor.seat }, at, events: [] };
  const outcome = dispatch(ctx, command);
  if (!outcome.ok) return outcome;
  return ok({ state: next, events: ctx.events });
}

/** Same verdict as apply, nothing kept. */
export function validate(state: GrailWarState, command: GrailWarCommand, actor: Viewer, at: number): Result<void> {
  const outcome = apply(state, command, actor, at);
  return outcome.ok ? ok(undefined) : outcome;
}

function dispatch(ctx: Ctx, c: GrailWarCommand): Result<void> {
  switch (c.type) {
    case 'options.set':
      return optionsSet(ctx, c);
    case 'seat.add':
      return seatAdd(ctx, c);
    case 'character.register':
      return characterRegister(ctx, c);
    case 'character.update':
      return characterUpdate(ctx, c);
    case 'knowledge.set':
      return knowledgeSet(ctx, c);
    case 'knowledge.remove':
      return knowledgeRemove(ctx, c);
    case 'relation.set':
      return relationSet(ctx, c);
    case 'relation.remove':
      return relationRemove(ctx, c);
    case 'scene.end':
      return sceneEnd(ctx);
    case 'battle.start':
      return battleStart(ctx, c);
    case 'battle.prepare':
      return battlePrepare(ctx, c.decl);
    case 'battle.submit':
      return battleSubmit(ctx, c.plan);
    case 'battle.window':
      return battleWindow(ctx, c.decl);
    case 'battle.force':
      return force(ctx);
    case 'battle.withdraw':
      return withdraw(ctx);
    case 'battle.betray':
      return betray(ctx);
    case 'battle.extend':
      return extend(ctx);
    case 'battle.decide':
      return decide(ctx, c.winner);
    case 'battle.override':
      return battleOverride(ctx, c);
    case 'battle.close':
      return close(ctx);
    case 'seal.retreat':
      return retreat(ctx);
    case 'seal.summon':
      return sealSummon(ctx, c);
    case 'seal.bind':
      return sealBind(ctx, c);
    case 'seal.resist':
      return sealResist(ctx);
    case 'seal.early':
      return sealEarly(ctx, c);
    case 'master.convert':
      return masterConvert(ctx, c);
    case 'master.settle':
      return masterSettle(ctx, c);
    case 'master.rest':
      return masterRest(ctx, c);
    case 'merit.share':
      return meritShare(ctx, c);
    case 'pool.recover':
      return poolRecover(ctx, c);
    case 'ss.keywords':
      return ssKeywords(ctx, c);
    case 'ss.reward':
      return ssReward(ctx, c);
    default:
      return err('UNKNOWN_COMMAND');
  }
}

/** GM: the timer ran out: unanswered declarations count as empty, unsubmitted slots as 대기 (GW-HIDE-04). */
function force(ctx: Ctx): Result<void> {
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
function withdraw(ctx: Ctx): Result<void> {
  const b = requireBattle(ctx, 'submit');
  if (!b.ok) return b;
  const me = requireCharacter(ctx);
  if (!me.ok) return me;
  const p = participantOf(b.value, me.value.id);
  if (!p || !standing(p)) return err('NOT_IN_BATTLE', 'GW-BATTLE-20');
  // Between batches only: once anyone has sealed a plan for this batch, the batch is under way.
  if (Object.keys(b.value.submission!.answers).length > 0) return err('BATCH_UNDER_WAY', 'GW-BATTLE-20');
  b.value.withdrawnSides.push(p.side);
  emit(ctx, { type: 'battle.withdrawn', side: p.side, by: p.id, acl: aclOf(ctx.state) });
  endBattle(ctx, b.value, 'withdrawal');
  return done;
}

/**
 * Servant: turns on its side at a batch boundary; its next batch gets + on every judgment (BATTLE-M2). REL-04: only
 * a servant that holds one of the allies it turns on at −2 or below may ambush them.
 */
function betray(ctx: Ctx): Result<void> {
  const b = requireBattle(ctx, 'submit');
  if (!b.ok) return b;
  const me = requireCharacter(ctx);
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
  emit(ctx, { type: 'battle.betrayed', character: p.id, side, acl: aclOf(ctx.state) });
  // The sides changed, so who faces whom changes: reopen the batch (nothing was sealed yet).
  openBatch(ctx, battle, battle.batch);
  return done;
}

/** GM: one more batch while at least two sides stand (BATTLE-09). */
function extend(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  if (b.value.phase === 'ended') return err('BATTLE_OVER', 'GW-BATTLE-09');
  b.value.batches += 1;
  emit(ctx, { type: 'battle.extended', batches: b.value.batches, acl: aclOf(ctx.state) });
  return done;
}

/** GM: decides or overrides the winner (BATTLE-21). */
function decide(ctx: Ctx, winner: string | null): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx, 'ended');
  if (!b.ok) return b;
  if (winner !== null && !b.value.participants.some((p) => p.side === winner)) return err('BAD_SIDE', 'GW-BATTLE-21');
  b.value.winner = winner;
  emit(ctx, { type: 'battle.decided', winner, acl: aclOf(ctx.state) });
  return done;
}

/** GM: clears a finished battle so the next can start. */
function close(ctx: Ctx): Result<void> {
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
 * the end of the next scene (left to the scene flow through `rescuedPendingVanish`).
 */
function retreat(ctx: Ctx): Result<void> {
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  const me = requireCharacter(ctx);
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
    servant.rescuedPendingVanish = true;
  }
  master.sheet.sealsLeft = (master.sheet.sealsLeft ?? 0) - 1;
  sp.status = 'retreated';
  const endsBattle = rules === '001' && battle.phase !== 'ended';
  emit(ctx, { type: 'seal.retreat', master: master.id, servant: servant.id, endsBattle, acl: aclOf(ctx.state) });
  if (endsBattle) endBattle(ctx, battle, 'retreat');
  // 000: the battle goes on, unless the servant's side has nobody left standing.
  else if (battle.phase !== 'ended') checkEnd(ctx, battle);
  return done;
}
