import type { GwFlowStep } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { openSealed } from '../../kernel/sealed.ts';
import { advance, lastOfDay } from './campaign.ts';
import { payCancelledUpkeep } from './contract.ts';
import type { Ctx } from './context.ts';
import { done, requireGm, stepDeadline } from './context.ts';
import { emit } from './events.ts';
import type { SceneDecl } from './scene-actions.ts';
import { applyScores } from './relation-commands.ts';
import { populationDay, populationScene, regionClosure } from './regions.ts';
import { settleRescues } from './rescue.ts';
import { expireSceneEffects } from './scene-effects.ts';
import type { Character, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';
import { applyTrustScores } from './trust-score.ts';

export type FlowStep = GwFlowStep;

/**
 * One named step of scene start (FLOW-03 S1), scene end (S4) or day end (FLOW-04), in the rules' order. `run` is the
 * engine's part; a step without one, or whose option is off, is reported as the GM's ('gm') or skipped ('off'), never
 * passed over in silence.
 */
type Step = { step: string; rule: string; run?: (ctx: Ctx) => void; on?: (state: GrailWarState) => boolean };

/** GW-FLOW-03 S1. Recovery amounts, strategies, sweep and infiltration effects and territories are GAPs: the GM's. */
const SCENE_START: readonly Step[] = [
  { step: 'masterRecovery', rule: 'GW-FLOW-03 S1.1' },
  { step: 'startStrategies', rule: 'GW-FLOW-03 S1.2' },
  { step: 'sweepInfiltration', rule: 'GW-FLOW-03 S1.3' },
  { step: 'casterTerritory', rule: 'GW-CLASS-06' },
  { step: 'manaSupply', rule: 'GW-FLOW-03 S1.5' },
  { step: 'restOnly', rule: 'GW-MASTER-01', on: (s) => s.options.masterZeroRule, run: markRestOnly },
];

/**
 * GW-FLOW-03 S4, in order. Region income and NPCs have no model in the engine yet: those are the GM's. Step 3 applies
 * the characters' sealed relationship scores (REL-03, relation-commands.ts). Step 7 is 001 SEAL-02's vanish deadline (a
 * rescued servant still at HP ≤ 0 at the end of the scene after its rescue, rescue.ts), after the scene's effects
 * have ended: a raise that held a rescued servant up is gone by then.
 */
const SCENE_END: readonly Step[] = [
  { step: 'regionIncome', rule: 'GW-REGION-01' },
  { step: 'npcTraits', rule: 'GW-NPC-01' },
  { step: 'relationshipScoring', rule: 'GW-HIDE-D7', run: applyScores },
  { step: 'populationScene', rule: 'GW-REGION-02', run: populationScene },
  { step: 'sceneEffects', rule: 'GW-FLOW-03 S4.5', run: (ctx) => expireSceneEffects(Object.values(ctx.state.characters)) },
  { step: 'cancelledUpkeep', rule: 'GW-CONTRACT-02', run: payCancelledUpkeep },
  { step: 'retreatVanish', rule: 'GW-SEAL-02', run: settleRescues },
  { step: 'regionClosure', rule: 'GW-REGION-03', on: (s) => s.options.regionConcealment, run: regionClosure },
  { step: 'masterZero', rule: 'GW-MASTER-01', on: (s) => s.options.masterZeroRule, run: flagZero },
];

/** GW-FLOW-04, after the last Night scene. Trust moves by the scores the servants sealed tonight (HIDE-D8). */
const DAY_END: readonly Step[] = [
  { step: 'trustScoring', rule: 'GW-HIDE-D8', on: (s) => s.options.trustRule, run: applyTrustScores },
  { step: 'upkeep', rule: 'GW-CONTRACT-01', run: payUpkeep },
  { step: 'populationDay', rule: 'GW-REGION-02', run: populationDay },
  { step: 'counters', rule: 'GW-FLOW-04.4', run: countDay },
];

function runSteps(ctx: Ctx, steps: readonly Step[]): FlowStep[] {
  return steps.map(({ step, rule, run, on }) => {
    if (on && !on(ctx.state)) return { step, rule, status: 'off' };
    if (!run) return { step, rule, status: 'gm' };
    run(ctx);
    return { step, rule, status: 'done' };
  });
}

/** Who declares in a scene: every character still in play, master and servant separately (GW-HIDE-D1). */
const declarers = (state: GrailWarState): string[] => Object.values(state.characters).filter((c) => !c.dead).map((c) => c.id);

/** GM: S1 scene-start processing, then the S2 declarations open (GW-FLOW-03). */
export function sceneBegin(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const c = ctx.state.campaign;
  if (c.step !== 'pre') return err('SCENE_UNDER_WAY', 'GW-FLOW-03');
  // The map comes first (FLOW-01 step 2): a location is declared among the GM's places.
  if (c.places.length === 0) return err('NO_PLACES', 'GW-FLOW-01');
  const steps = runSteps(ctx, SCENE_START);
  c.step = 'declare';
  c.declarations = openSealed<SceneDecl>(declarers(ctx.state));
  c.deadline = stepDeadline(ctx);
  emit(ctx, { type: 'scene.begun', day: c.day, half: c.half, index: c.index, steps });
  return done;
}

/**
 * GM: S4 scene end, and after the last Night scene FLOW-04 day end, each as its ordered report; then the next scene
 * waits at S0. A scene run outside the flow (S0, as before it existed) ends the same way. Declarations still sealed
 * are revealed first by scene.reveal, so the GM decides when they lock; S3 must be walked to its end.
 */
export function sceneEnd(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended') return err('BATTLE_IN_PROGRESS', 'GW-FLOW-03');
  const c = ctx.state.campaign;
  if (c.step === 'declare') return err('DECLARATIONS_OPEN', 'GW-HIDE-D1');
  if (c.step === 'resolve' && c.resolved < 6) return err('RESOLUTION_UNFINISHED', 'GW-FLOW-03');
  noteBattle(ctx.state);
  const steps = runSteps(ctx, SCENE_END);
  emit(ctx, { type: 'scene.ended', day: c.day, half: c.half, index: c.index, steps });
  if (c.sceneHadBattle) c.battleScenesToday += 1;
  if (lastOfDay(c, ctx.state.options)) emit(ctx, { type: 'day.ended', day: c.day, steps: runSteps(ctx, DAY_END) });
  advance(c, ctx.state.options);
  return done;
}

/**
 * Counts the room's battle into the scene and the day once (CLASS-02 (1)/(3)): its front-row participants, read
 * before battle.close clears it or when the scene ends.
 */
export function noteBattle(state: GrailWarState): void {
  const b = state.battle;
  const c = state.campaign;
  if (!b || b.id <= c.battlesSeen) return;
  c.battlesSeen = b.id;
  c.sceneHadBattle = true;
  for (const p of b.participants) if (p.row === 'front' && !c.frontToday.includes(p.id)) c.frontToday.push(p.id);
}

/** MASTER-01 (a), S1 step 6: a master flagged at HP or MP ≤ 0 may only rest this scene. */
function markRestOnly(ctx: Ctx): void {
  ctx.state.campaign.restOnly = Object.values(ctx.state.characters)
    .filter((ch) => ch.sheet.kind === 'master' && ch.zero && !ch.dead)
    .map((ch) => ch.id);
}

const atZero = (ch: Character): boolean => ch.sheet.kind === 'master' && !ch.dead && (ch.sheet.hp.current <= 0 || ch.sheet.mp.current <= 0);

/** MASTER-01, S4 step 9: masters at HP or MP ≤ 0 are flagged for the next scene (told to their pair, F06). */
function flagZero(ctx: Ctx): void {
  for (const ch of Object.values(ctx.state.characters)) {
    if (!atZero(ch) || ch.zero) continue;
    ch.zero = true;
    emit(ctx, { type: 'master.zero', character: ch.id, hp: ch.sheet.hp.current, mp: ch.sheet.mp.current });
  }
}

/** Whether a servant carries the unnamed class's traits (CLASS-02, `opt:unnamedClassTraitTarget`). */
const unnamedClass = (state: GrailWarState, ch: Character): boolean => ch.sheet.kind === 'servant' && ch.sheet.className === state.options.unnamedClassTraitTarget;

/**
 * CONTRACT-01: each master pays `upkeepPerDay` MP for its contracted servant; TRUST-05: −2 for a servant at trust −10
 * under the trust trial; CLASS-02 (3): +1 per day since summoning and +1 per scene with a battle today (INFERRED
 * reading). A master left at MP ≤ 0 is flagged for the next scene (MASTER-01).
 */
export function upkeepOf(state: GrailWarState, servant: Character): number {
  let mp = state.options.upkeepPerDay;
  if (state.options.trustRule && servant.trust === -10) mp -= 2;
  if (unnamedClass(state, servant)) mp += (state.campaign.daysSummoned[servant.id] ?? 0) + state.campaign.battleScenesToday;
  return Math.max(0, mp);
}

function payUpkeep(ctx: Ctx): void {
  for (const m of Object.values(ctx.state.characters)) {
    const servant = m.partner ? characterOf(ctx.state, m.partner) : undefined;
    if (m.sheet.kind !== 'master' || m.dead || !servant || servant.dead) continue;
    const mp = upkeepOf(ctx.state, servant);
    m.sheet.mp.current -= mp;
    emit(ctx, { type: 'upkeep.paid', character: m.id, servant: servant.id, mp });
  }
  if (ctx.state.options.masterZeroRule) flagZero(ctx);
}

/**
 * FLOW-04 step 4: SEAL-09's 3-day trust lock counts down; CLASS-02 (1) streaks grow by a day with a front-row battle
 * and lose 2 (floor 0) on a day without; every servant's days since summoning grow by one.
 */
function countDay(ctx: Ctx): void {
  const c = ctx.state.campaign;
  for (const ch of Object.values(ctx.state.characters)) {
    if (ch.trustLockDays > 0) ch.trustLockDays -= 1;
    if (ch.sheet.kind !== 'servant') continue;
    const streak = c.streaks[ch.id] ?? 0;
    c.streaks[ch.id] = c.frontToday.includes(ch.id) ? streak + 1 : Math.max(0, streak - 2);
    c.daysSummoned[ch.id] = (c.daysSummoned[ch.id] ?? 0) + 1;
  }
  c.frontToday = [];
  c.battleScenesToday = 0;
}
