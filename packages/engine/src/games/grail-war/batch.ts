import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { allAnswered, answerSealed, openSealed } from '../../kernel/sealed.ts';
import type { BatchPlan, Cmd, SlotPlan } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireBattle, requireCharacter, standing, stepDeadline } from './context.ts';
import { emit } from './events.ts';
import { enterPhase } from './flow.ts';
import { checkPlan } from './plan-check.ts';
import { revealStep } from './sealed-step.ts';
import type { Battle, Participant } from './state.ts';
import { SLOTS, characterOf, participantOf } from './state.ts';

/**
 * Who faces whom this batch (GW-BATTLE-03, M1): standing front-row members face every standing enemy in
 * reach; a back-row member is in reach only when its side has no standing front-row member (BATTLE-03 (b)).
 * Allies never face each other, which is the automatic 대기 of BATTLE-02. `sequential1v1` pairs greedily.
 */
export function engagement(battle: Battle, meleeMode: 'simultaneous' | 'sequential1v1'): Record<string, string[]> {
  const up = battle.participants.filter(standing);
  const exposed = (p: Participant) => p.row === 'front' || !up.some((q) => q.side === p.side && q.row === 'front');
  const out: Record<string, string[]> = {};
  for (const p of battle.participants) out[p.id] = [];
  for (const p of up) {
    if (!exposed(p)) continue;
    out[p.id] = up.filter((q) => q.side !== p.side && exposed(q)).map((q) => q.id);
  }
  if (meleeMode === 'sequential1v1') {
    // Greedy in participant order: each pairs with its first unpaired opponent; the rest wait their turn.
    const partner: Record<string, string> = {};
    for (const p of up) {
      if (partner[p.id]) continue;
      const pick = out[p.id]!.find((q) => !partner[q]);
      if (pick) {
        partner[p.id] = pick;
        partner[pick] = p.id;
      }
    }
    for (const p of battle.participants) out[p.id] = partner[p.id] ? [partner[p.id]!] : [];
  }
  return out;
}

/** The `submit` phase: opens the battle's current batch, a sealed submission for every standing participant (GW-BATTLE-09/10). */
export function enterSubmit(ctx: Ctx): Result<void> {
  const battle = ctx.state.battle!;
  const n = battle.batch;
  battle.phase = 'submit';
  battle.plans = {};
  battle.windowActions = [];
  battle.window = null;
  battle.deadline = stepDeadline(ctx);
  battle.engaged = engagement(battle, ctx.state.options.meleeMode);
  battle.submission = openSealed<BatchPlan>(battle.participants.filter(standing).map((p) => p.id));
  emit(ctx, { type: 'batch.opened', batch: n, engaged: battle.engaged });
  return done;
}

/** Player: one batch of five slots, sealed (GW-BATTLE-10). */
export function battleSubmit(ctx: Ctx, c: Cmd<'battle.submit'>): Result<void> {
  const plan = c.plan;
  const b = requireBattle(ctx, 'submit');
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const battle = b.value;
  const p = participantOf(battle, me.value.id);
  if (!p || !standing(p)) return err('NOT_IN_BATTLE', 'GW-BATTLE-10');
  const valid = checkPlan(ctx.state, battle, me.value, p, battle.engaged[p.id] ?? [], plan);
  if (!valid.ok) return valid;
  const entry = answerSealed(battle.submission!, p.id, plan, ctx.rng);
  if (!entry.ok) return err('NOT_IN_DECLARATION', 'GW-BATTLE-10');
  emit(ctx, { type: 'sealed.answered', step: 'batch', character: p.id, commitment: entry.value.commitment });
  if (allAnswered(battle.submission!)) revealBatch(ctx, battle);
  return done;
}

/** A plan of 대기 against everyone: what an unsubmitted participant plays (GW-HIDE-04). */
export function waitPlan(engaged: string[]): BatchPlan {
  const slot = (): SlotPlan => ({ type: 'play', vs: Object.fromEntries(engaged.map((e) => [e, { card: 'wait' as const }])) });
  return { slots: Array.from({ length: SLOTS }, slot), activatePlus: [] };
}

/** Reveals every plan at once, pays the costs declared with them, then goes on to the seal window (GW-BATTLE-11). */
export function revealBatch(ctx: Ctx, battle: Battle): void {
  const revealed = revealStep(battle, 'submission');
  for (const r of revealed) {
    const plan = r.declared && r.answer ? r.answer : waitPlan(battle.engaged[r.seat] ?? []);
    battle.plans[r.seat] = plan;
    payCosts(ctx, battle, r.seat, plan);
  }
  emit(ctx, { type: 'batch.revealed', battle: battle.id, batch: battle.batch, answers: revealed });
  enterPhase(ctx, 'window');
}

/** Merit and 명운 are paid at reveal, once the plan is public and binding. */
function payCosts(ctx: Ctx, battle: Battle, id: string, plan: BatchPlan): void {
  const ch = characterOf(ctx.state, id)!;
  const p = participantOf(battle, id)!;
  const sheet = ch.sheet;
  for (const s of plan.activatePlus) {
    sheet.merit -= 2;
    p.plus.push(s);
  }
  let arcane = false;
  for (const slot of plan.slots) {
    if (slot.type !== 'play') continue;
    for (const j of Object.values(slot.vs)) {
      if (j.plus) sheet.merit -= 2;
      if (j.fate && sheet.kind === 'master') {
        sheet.fate.current -= 1;
        p.fateUsed += 1;
      }
      // A boost sealed in a plan before SEAL-04 became the master's window declaration (a room saved mid-batch) is
      // still paid from the master's seals, as it was then.
      if (j.boost && ch.partner) {
        const master = characterOf(ctx.state, ch.partner)!.sheet;
        if (master.kind === 'master') master.sealsLeft = (master.sealsLeft ?? 0) - 1;
      }
      if (j.card === 'oneHitKill') {
        sheet.merit -= 3;
        p.oneHitKillUsed = true;
      }
      if (j.card === 'arcane') arcane = true;
    }
  }
  if (arcane) {
    sheet.merit -= 5;
    p.arcaneUsed = true;
  }
}
