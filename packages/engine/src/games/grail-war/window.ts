import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { plain } from '../../kernel/draft.ts';
import { allAnswered, answerSealed, openSealed } from '../../kernel/sealed.ts';
import type { Cmd, WindowAction, WindowDecl } from './commands.ts';
import type { Ctx } from './context.ts';
import { copyOf, done, requireBattle, requireCharacter, standing, stepDeadline } from './context.ts';
import { emit } from './events.ts';
import { enterPhase } from './flow.ts';
import { checkJudgment, isBerserkerSingle, judgmentKey, poolCheck, slotDemand } from './plan-check.ts';
import { revealStep } from './sealed-step.ts';
import type { Battle, Character, GrailWarState } from './state.ts';
import { SLOTS, characterOf, globalSlot, participantOf } from './state.ts';

/**
 * The masters who sit in the post-reveal window: every master standing in the battle (HIDE-D5), and the master of a
 * servant standing in it who is not fighting, as the pre-battle step seats it. The source keeps only 보구 강화 to a
 * master "함께 전투에 참가하고 있을 때" (000 §5 4)); the other mid-battle seals are a master's wherever it fights
 * from, if it stands where its servant does (checkWindow). Who of them holds a seal, or stands with its servant, is
 * that master's side's to know (GW-HIDE-F10, F19), so the window never depends on it: it follows every reveal while
 * one of them is there, each answers, and an empty declaration passes (HIDE-04).
 */
export function windowMasters(state: GrailWarState, battle: Battle): string[] {
  const out: string[] = [];
  for (const p of battle.participants) {
    if (!standing(p)) continue;
    const ch = characterOf(state, p.id)!;
    if (ch.sheet.kind === 'master') out.push(p.id);
    else if (ch.partner && !participantOf(battle, ch.partner) && !characterOf(state, ch.partner)!.dead) out.push(ch.partner);
  }
  return out;
}

/**
 * A master outside the battle reaches its servant with a mid-battle seal only where the servant is: 000 gives that
 * condition for the seals usable without taking part (SEAL-00 ⓛ), and `sealSameLocationRequired` switches it
 * (INFERRED for 07, 08 and 10, which the source does not mark either way).
 */
function reaches(state: GrailWarState, battle: Battle, master: string, servant: string): boolean {
  if (participantOf(battle, master) || !state.options.sealSameLocationRequired) return true;
  const here = battle.regions[master];
  return here !== undefined && here === battle.regions[servant];
}

/** The `window` phase after a batch reveal (GW-BATTLE-11); straight on to resolution when no master stands. */
export function enterWindow(ctx: Ctx): Result<void> {
  const battle = ctx.state.battle!;
  const masters = windowMasters(ctx.state, battle);
  if (masters.length === 0) {
    enterPhase(ctx, 'resolve');
    return done;
  }
  battle.phase = 'window';
  battle.window = openSealed<WindowDecl>(masters);
  battle.deadline = stepDeadline(ctx);
  emit(ctx, { type: 'window.opened', batch: battle.batch, masters });
  return done;
}

/** Master: the sealed seal declaration of this window; an empty list passes. */
export function battleWindow(ctx: Ctx, c: Cmd<'battle.window'>): Result<void> {
  const decl = c.decl;
  const b = requireBattle(ctx, 'window');
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const battle = b.value;
  if (!battle.window!.seats.includes(me.value.id)) return err('NOT_IN_WINDOW', 'GW-BATTLE-11');
  const valid = checkWindow(ctx.state, battle, me.value, decl);
  if (!valid.ok) return valid;
  const entry = answerSealed(battle.window!, me.value.id, decl, ctx.rng);
  if (!entry.ok) return err('NOT_IN_DECLARATION', 'GW-BATTLE-11');
  emit(ctx, { type: 'sealed.answered', step: 'window', character: me.value.id, commitment: entry.value.commitment });
  if (allAnswered(battle.window!)) revealWindow(ctx, battle);
  return done;
}

/**
 * Checks a window declaration: seal count, timing options, and each seal's own conditions (GW-SEAL-05/07/08/10).
 * Passing is always open; every refusal speaks of the declaring master's own seals and servant.
 */
export function checkWindow(state: GrailWarState, battle: Battle, me: Character, decl: WindowDecl): Result<void> {
  if (decl.actions.length === 0) return done;
  const o = state.options;
  const sheet = me.sheet;
  if (sheet.kind !== 'master' || !me.partner) return err('NOT_A_MASTER', 'GW-SEAL-00');
  if ((sheet.sealsLeft ?? 0) < decl.actions.length) return err('NO_SEALS_LEFT', 'GW-SEAL-00');
  // One of each seal, except 보구 강화: one seal per NP use (SEAL-04), so one per boosted judgment.
  const kinds = decl.actions.map((a) => (a.seal === 'npBoost' ? `npBoost:${a.slot}:${a.opponent}` : a.seal));
  if (new Set(kinds).size !== kinds.length) return err('DUPLICATE_SEAL', 'GW-SEAL-00');
  const servant = characterOf(state, me.partner)!;
  const sp = participantOf(battle, servant.id);
  const plan = battle.plans[servant.id];
  // The seals of the window act on the master's own servant's revealed plan.
  if (!sp || !standing(sp) || !plan) return err('SERVANT_NOT_IN_BATTLE', 'GW-BATTLE-11');
  const fighting = participantOf(battle, me.id) !== undefined;
  if (!reaches(state, battle, me.id, servant.id)) return err('NOT_SAME_LOCATION', 'GW-SEAL-00');
  for (const a of decl.actions) {
    if (a.seal !== 'defenseStanceHeal' && (!Number.isInteger(a.slot) || a.slot < 1 || a.slot > SLOTS)) return err('BAD_SLOT', 'GW-BATTLE-11');
    if (a.seal === 'defenseStanceHeal' && !(o.sealDefenseMidBattleHeal || o.sealRules === '000')) return err('SEAL_VARIANT_OFF', 'GW-SEAL-05');
    if (a.seal === 'actionRestriction') {
      // 000 allows it after the first-half reveal; `firstBatchOnly` keeps that literally (BATTLE-11).
      if (o.actionRestrictionWindow === 'firstBatchOnly' && battle.batch !== 1) return err('FIRST_BATCH_ONLY', 'GW-SEAL-10');
      const slot = plan.slots[a.slot - 1]!;
      if (slot.type !== 'play' || !Object.hasOwn(slot.vs, a.opponent)) return err('NO_SUCH_JUDGMENT', 'GW-SEAL-10');
      const j = checkJudgment(servant, a.judgment);
      if (!j.ok) return j;
      const old = slot.vs[a.opponent]!;
      if (['oneHitKill', 'arcane', 'np'].includes(a.judgment.card) || old.card === 'arcane' || a.judgment.plus || a.judgment.boost || a.judgment.toMaster) {
        return err('SWAP_BASIC_ONLY', 'GW-SEAL-10');
      }
      // The replaced card returns; the rest of the batch still has to fit in the pool with the new one.
      const swapped = copyOf(plan);
      (swapped.slots[a.slot - 1] as { vs: Record<string, unknown> }).vs[a.opponent] = a.judgment;
      const need: Record<string, number> = {};
      for (const s of swapped.slots) for (const [k, n] of Object.entries(slotDemand(s, isBerserkerSingle(state, servant.id)))) need[k] = (need[k] ?? 0) + n;
      const fits = poolCheck(sp.pool, need, sp.noConsume);
      if (!fits.ok || judgmentKey(a.judgment) === null) return err('POOL_EMPTY', 'GW-SEAL-10');
    }
    if (a.seal === 'npBoost') {
      // 000 §5 4) "이 판정은 마스터가 함께 전투에 참가하고 있을 때만 사용 가능합니다": the one seal kept to a fighting master.
      if (!fighting) return err('MASTER_NOT_IN_BATTLE', 'GW-SEAL-04');
      const slot = plan.slots[a.slot - 1]!;
      if (slot.type !== 'play' || slot.vs[a.opponent]?.card !== 'np') return err('NO_SUCH_NP_USE', 'GW-SEAL-04');
    }
    if (a.seal === 'forcedAttack' && o.sealRules === '000') {
      const slot = plan.slots[a.slot - 1]!;
      const j = a.opponent && slot.type === 'play' ? slot.vs[a.opponent] : undefined;
      // 000: one <일반> or <기술> judgment; 치명 and 보구 cannot be targeted.
      if (!j || !['smash', 'counter', 'rush', 'skill'].includes(j.card)) return err('FORCED_ATTACK_TARGET', 'GW-SEAL-07');
    }
  }
  return done;
}

/** Reveals the window's declarations together and applies them before resolution (GW-BATTLE-11). */
export function revealWindow(ctx: Ctx, battle: Battle): void {
  const revealed = revealStep(battle, 'window');
  const o = ctx.state.options;
  for (const r of revealed) {
    if (!r.declared || !r.answer) continue;
    const master = characterOf(ctx.state, r.seat)!;
    for (const a of r.answer.actions) applyAction(ctx, battle, master, master.partner!, a, o.sealRules);
  }
  emit(ctx, { type: 'window.revealed', battle: battle.id, batch: battle.batch, answers: revealed });
  enterPhase(ctx, 'resolve');
}

function applyAction(ctx: Ctx, battle: Battle, master: Character, servantId: string, a: WindowAction, rules: '001' | '000'): void {
  if (master.sheet.kind !== 'master') return;
  master.sheet.sealsLeft = (master.sheet.sealsLeft ?? 0) - 1;
  battle.windowActions.push({ master: master.id, action: plain(a) });
  const sp = participantOf(battle, servantId)!;
  const servant = characterOf(ctx.state, servantId)!.sheet;
  const pair = [sp, participantOf(battle, master.id)].filter((x) => x !== undefined);
  switch (a.seal) {
    case 'actionRestriction': {
      const slot = battle.plans[servantId]!.slots[a.slot - 1]!;
      if (slot.type === 'play') slot.vs[a.opponent] = plain(a.judgment);
      return;
    }
    case 'forcedAttack':
      if (rules === '000') sp.forcedPairs.push({ slot: globalSlot(battle.batch, a.slot), opponent: a.opponent! });
      else for (let i = 0; i < 3; i++) sp.forcedSlots.push(globalSlot(battle.batch, a.slot) + i);
      return;
    case 'absoluteDefense': {
      const slots = [0, 1, 2].map((i) => globalSlot(battle.batch, a.slot) + i);
      // 001 shields the pair in both rows; 000 strengthens the servant's 방어 and doubles its count.
      if (rules === '001') for (const p of pair) p.absoluteSlots.push(...slots);
      else {
        sp.absoluteSlots.push(...slots);
        sp.pool.defense = (sp.pool.defense ?? 0) * 2;
      }
      return;
    }
    case 'npBoost': {
      // SEAL-04: the NP judgment costs no MP when it is played (resolve.ts reads the rider).
      const slot = battle.plans[servantId]!.slots[a.slot - 1]!;
      if (slot.type === 'play') slot.vs[a.opponent] = { ...slot.vs[a.opponent]!, boost: true };
      return;
    }
    case 'defenseStanceHeal':
      servant.hp.current = Math.max(servant.hp.current, Math.min(servant.hp.max, servant.hp.current + 30));
      return;
  }
}
