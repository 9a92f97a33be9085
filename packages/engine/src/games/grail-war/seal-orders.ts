import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter, standing } from './context.ts';
import { emit } from './events.ts';
import { checkEnd, openBatch } from './flow.ts';
import { MAX_SCORE, registerPair } from './relations.ts';
import type { Character } from './state.ts';
import { characterOf, participantOf } from './state.ts';

/** TRUST-04: SEAL-09 (001) locks trust for 3 days. */
const TRUST_LOCK_DAYS = 3;

/** The acting master, its servant, and a seal to spend (SEAL-00). */
export function masterWithSeal(ctx: Ctx, rule: string, named: string | undefined): Result<{ master: Character; servant: Character }> {
  const me = requireCharacter(ctx, named);
  if (!me.ok) return me;
  const master = me.value;
  if (master.sheet.kind !== 'master' || !master.partner) return err('NOT_A_MASTER', rule);
  if ((master.sheet.sealsLeft ?? 0) < 1) return err('NO_SEALS_LEFT', 'GW-SEAL-00');
  return ok({ master, servant: characterOf(ctx.state, master.partner)! });
}

/** Spends one of the master's seals (SEAL-00). */
export function spendSeal(master: Character): void {
  if (master.sheet.kind === 'master') master.sheet.sealsLeft = (master.sheet.sealsLeft ?? 0) - 1;
}

/**
 * Master: Forced Summon (SEAL-01), the servant is brought to the master's location. Inside a running battle this
 * pulls a standing servant out when its master is elsewhere and not fighting; between batches only, so no sealed
 * step waits on it. Outside a battle the engine holds no map: the seal is spent and the event is what the scene
 * flow moves the servant by.
 */
export function sealSummon(ctx: Ctx, c: Cmd<'seal.summon'>): Result<void> {
  const pair = masterWithSeal(ctx, 'GW-SEAL-01', c.character);
  if (!pair.ok) return pair;
  const { master, servant } = pair.value;
  const battle = ctx.state.battle && ctx.state.battle.phase !== 'ended' ? ctx.state.battle : null;
  const sp = battle ? participantOf(battle, servant.id) : undefined;
  if (!battle || !sp) {
    spendSeal(master);
    emit(ctx, { type: 'seal.summoned', character: master.id, servant: servant.id, to: null, left: false });
    return done;
  }
  // A downed servant is Forced Retreat's case (SEAL-02), not a summon.
  if (!standing(sp)) return err('SERVANT_DOWN', 'GW-SEAL-02');
  const here = battle.regions[master.id] ?? null;
  if (participantOf(battle, master.id) || (here !== null && here === battle.regions[servant.id])) return err('ALREADY_TOGETHER', 'GW-SEAL-01');
  if (battle.phase !== 'submit' || Object.keys(battle.submission?.answers ?? {}).length > 0) return err('BATCH_UNDER_WAY', 'GW-SEAL-01');
  spendSeal(master);
  sp.status = 'retreated';
  if (here !== null) battle.regions[servant.id] = here;
  emit(ctx, { type: 'seal.summoned', character: master.id, servant: servant.id, to: here, left: true });
  if (!checkEnd(ctx, battle)) openBatch(ctx, battle, battle.batch);
  return done;
}

/**
 * Master: Binding Order (SEAL-09), outside battle. The order's text stands on the servant. 001 with the trust
 * trial on: trust is set to ±10 and locked for 3 days (TRUST-04). Otherwise the 000 effect: the servant's
 * relationship score for its master goes to the chart's max or min (REL-02).
 */
export function sealBind(ctx: Ctx, c: Cmd<'seal.bind'>): Result<void> {
  const pair = masterWithSeal(ctx, 'GW-SEAL-09', c.character);
  if (!pair.ok) return pair;
  const { master, servant } = pair.value;
  const battle = ctx.state.battle;
  if (battle && battle.phase !== 'ended' && (participantOf(battle, master.id) || participantOf(battle, servant.id))) return err('BATTLE_IN_PROGRESS', 'GW-SEAL-09');
  const order = c.order.trim();
  if (order.length < 1 || order.length > 200) return err('BAD_ORDER', 'GW-SEAL-09');
  spendSeal(master);
  servant.binding = { order, extreme: c.extreme };
  const o = ctx.state.options;
  let trust: number | null = null;
  let score: number | null = null;
  if (o.sealRules === '001' && o.trustRule) {
    trust = c.extreme === 'max' ? 10 : -10;
    servant.trust = trust;
    servant.trustLockDays = TRUST_LOCK_DAYS;
  } else {
    score = c.extreme === 'max' ? MAX_SCORE : -MAX_SCORE;
    registerPair(ctx.state, servant.id, master.id);
    ctx.state.relations.find((r) => r.holder === servant.id && r.other === master.id)!.score = score;
  }
  emit(ctx, { type: 'seal.bound', character: master.id, servant: servant.id, binding: { ...servant.binding }, trust, score });
  return done;
}

/**
 * Servant: SEAL-11 (001 #7, trust trial), at trust −10 it may once resist one of its master's seals. Two of the
 * engine's seals have an effect that lasts: this scene's SEAL-10 (a) rewrite of its declaration while the
 * declarations are open, which resisting undoes (the servant declares for itself again), or else the Binding Order,
 * which resisting lifts. The seal stays spent. Seals that act at once (summon, retreat) or inside a sealed battle
 * step are not offered a resistance here.
 */
export function sealResist(ctx: Ctx, c: Cmd<'seal.resist'>): Result<void> {
  if (!ctx.state.options.trustRule) return err('RULE_OFF', 'GW-SEAL-11');
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const servant = me.value;
  if (servant.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-SEAL-11');
  if (servant.trust !== -10) return err('TRUST_NOT_MIN', 'GW-SEAL-11');
  if (servant.sealResisted) return err('ONCE_ONLY', 'GW-SEAL-11');
  const campaign = ctx.state.campaign;
  if (campaign.step === 'declare' && campaign.rewritten.includes(servant.id)) {
    campaign.rewritten = campaign.rewritten.filter((id) => id !== servant.id);
    servant.sealResisted = true;
    emit(ctx, { type: 'seal.resisted', character: servant.id, binding: null });
    return done;
  }
  if (!servant.binding) return err('NO_SEAL_TO_RESIST', 'GW-SEAL-11');
  const lifted = servant.binding;
  servant.binding = null;
  servant.sealResisted = true;
  emit(ctx, { type: 'seal.resisted', character: servant.id, binding: { ...lifted } });
  return done;
}
