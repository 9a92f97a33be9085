import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import { gradeValue, parseRank } from './grades.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { ServantSheet } from './sheets.ts';
import type { Character, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/** The scene a cut is recorded in, so 000's "not at the same place at once" can be read (CONTRACT-02). */
const sceneKey = (state: GrailWarState): string => `${state.campaign.day}:${state.campaign.half}:${state.campaign.index}`;

/** GW-CORE-05 단독 행동: its grade's value (E=1 … A=5, EX `exGradeValue`; "+" adds none), 0 without it (INFERRED). */
export function independentActionGrade(state: GrailWarState, sheet: ServantSheet): number {
  const rank = sheet.namedSkills?.independentAction ? parseRank(sheet.namedSkills.independentAction) : null;
  return rank ? gradeValue(rank.grade, state.options.exGradeValue) : 0;
}

/**
 * CONTRACT-02: what a cancelled servant pays per scene, from the cut on. 000 §8: 50 − (grade × 10); 001 #22: base
 * upkeep + {100 − (grade × 20)}, the base being `upkeepPerDay` (INFERRED). Never below 0 (INFERRED, for EX).
 */
export function cancelledUpkeep(state: GrailWarState, sheet: ServantSheet): number {
  const g = independentActionGrade(state, sheet);
  const mp = state.options.contractCancelRule === '000' ? 50 - g * 10 : state.options.upkeepPerDay + 100 - g * 20;
  return Math.max(0, mp);
}

/**
 * CONTRACT-02 "takes 1 scene": inside the scene flow the pair must have declared the long action 계약 해지 / 재계약
 * (either side, FLOW-05); outside it (S0 or setup) the GM's command stands alone.
 */
function declaredContract(state: GrailWarState, ...ids: string[]): boolean {
  const c = state.campaign;
  if (c.step !== 'resolve' || !c.declarations) return true;
  return ids.some((id) => {
    const d = sealedAnswerOf(c.declarations!, id)?.answer;
    return d?.plan.length === 'long' && d.plan.action === 'contract';
  });
}

/** A servant still in play. */
const inPlay = (ch: Character): boolean => !ch.dead && !ch.vanished;

/** GM: CONTRACT-02 계약 해지. Both sides lose their partner; from now on each is "Other" to the other (HIDE-00). */
export function contractCancel(ctx: Ctx, cmd: { servant: string }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const s = characterOf(ctx.state, cmd.servant);
  if (!s) return err('NO_SUCH_CHARACTER');
  if (s.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-CONTRACT-02');
  const m = s.partner ? characterOf(ctx.state, s.partner) : undefined;
  if (!m) return err('NO_CONTRACT', 'GW-CONTRACT-02');
  if (!declaredContract(ctx.state, s.id, m.id)) return err('CONTRACT_NOT_DECLARED', 'GW-CONTRACT-02');
  // Told while the pair still holds, so the master's player reads it too.
  emit(ctx, { type: 'contract.cancelled', character: s.id, master: m.id });
  s.partner = null;
  m.partner = null;
  ctx.state.summon.cancelled[s.id] = sceneKey(ctx.state);
  return done;
}

/**
 * GM: a contract between a master and a servant, both without a partner (SUMMON-01's pairing, or CONTRACT-02 재계약).
 * 000 §8: a servant cannot be cut and re-contracted at the same place at once, read as in the same scene.
 */
export function contractForm(ctx: Ctx, cmd: { master: string; servant: string }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const m = characterOf(ctx.state, cmd.master);
  const s = characterOf(ctx.state, cmd.servant);
  if (!m || !s) return err('NO_SUCH_CHARACTER');
  if (m.sheet.kind !== 'master' || s.sheet.kind !== 'servant') return err('NOT_A_PAIR', 'GW-CORE-01');
  if (!inPlay(m) || !inPlay(s)) return err('NOT_IN_PLAY', 'GW-CONTRACT-02');
  if (m.partner || s.partner) return err('ALREADY_CONTRACTED', 'GW-CORE-01');
  const cut = ctx.state.summon.cancelled[s.id];
  if (ctx.state.options.contractCancelRule === '000' && cut === sceneKey(ctx.state)) return err('SAME_PLACE_AT_ONCE', 'GW-CONTRACT-02');
  if (cut !== undefined && !declaredContract(ctx.state, s.id, m.id)) return err('CONTRACT_NOT_DECLARED', 'GW-CONTRACT-02');
  m.partner = s.id;
  s.partner = m.id;
  delete ctx.state.summon.cancelled[s.id];
  emit(ctx, { type: 'contract.formed', character: s.id, master: m.id });
  return done;
}

/** FLOW-03 S4 step 6: every cancelled servant still in play pays its CONTRACT-02 upkeep (told to it and the GM). */
export function payCancelledUpkeep(ctx: Ctx): void {
  for (const id of Object.keys(ctx.state.summon.cancelled)) {
    const s = characterOf(ctx.state, id);
    if (!s || s.sheet.kind !== 'servant' || s.partner || !inPlay(s)) continue;
    const mp = cancelledUpkeep(ctx.state, s.sheet);
    s.sheet.mp.current -= mp;
    emit(ctx, { type: 'upkeep.paid', character: s.id, servant: s.id, mp });
  }
}
