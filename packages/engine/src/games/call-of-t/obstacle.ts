import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { isSuit, strengthOf } from './cards.ts';
import type { Check } from './checks.ts';
import { chosenFailure, rollCheck, rollSum, substituteCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, emitCheck, note, requireCharacter, requireGm, requireParticipant } from './context.ts';
import { eventStep, finishStep } from './event-step.ts';
import { boatReached, gasRound, labyrinthLost, thornsRound, trapRound } from './obstacle-rows.ts';
import type { ObstacleStep, Roll } from './obstacle-step.ts';
import { obstacleAt, obstacleRow, obstacleSd, overcome, requiredSd, withdraw } from './obstacle-step.ts';
import type { ObstacleStage } from './phase.ts';
import type { Character, CotState } from './state.ts';
import { enterStep, stepOutcome } from './step-log.ts';
import { findCharacter } from './state.ts';
import type { ObstacleRow } from './tables.ts';
import { chanceFor } from './tables.ts';
import { discardFromHand } from './zones.ts';

export { obstacleRow, requiredSd } from './obstacle-step.ts';

/** The first stage of a row: its rolls, the GM's number first (♣3, ♣K), or the GM's ruling (COT-OBS-04, Q11). */
export function firstStage(state: CotState, row: ObstacleRow): ObstacleStage {
  if (row.gm || (row.reading && state.options.gmObstacleRows)) return 'gm';
  return row.reading === 'gas' || row.reading === 'labyrinth' ? 'value' : 'roll';
}

export function beginObstacle(ctx: Ctx, entryId: string, strength: number): void {
  const row = obstacleRow(strength);
  const required = requiredSd(ctx.state, row);
  if (ctx.state.phase.kind !== 'event') return;
  const stage = firstStage(ctx.state, row);
  enterStep(ctx, {
    kind: 'obstacle',
    entryId,
    strength,
    required,
    total: 0,
    passed: [],
    stage,
    bonus: 0,
    bonusRolled: [],
    anchor: null,
    value: null,
    trap: null,
    progress: null,
    boatTo: null,
  });
  note(ctx, 'obstacle', { name: row.name, strength, required, simultaneous: row.simultaneous, stage });
}

/** The skills an obstacle takes now: the trap searches with 〈捜索〉, then disarms with 〈修理〉 or 〈罠製作〉 (T-OBS ♣2). */
export function obstacleSkills(s: Pick<ObstacleStep, 'strength' | 'stage'>): string[] {
  const row = obstacleRow(s.strength);
  if (row.reading !== 'trap') return row.skills;
  return s.stage === 'disarm' ? ['repair', 'trapMaking'] : ['search'];
}

/**
 * A roll's chance against this obstacle: the skill plus the step's bonus; across a river a rope gives everyone after
 * the first across 〈泳ぎ〉 +70% (♣J); a crevasse jump loses the jumper's ENC, the load carried (♣9).
 */
function chanceAgainst(state: CotState, s: ObstacleStep, row: ObstacleRow, c: Character, skill: string): number {
  let chance = chanceFor(c, skill) + s.bonus;
  if (row.name === 'riverCrossing' && state.party.ropes && s.anchor && s.anchor !== c.id) chance += 70;
  if (row.name === 'crevasse') chance -= c.moveLoad;
  return chance;
}

/** ♣9 with a rope: once someone is across, the others may cross on it, a sure success for 1 LTF. */
function ropeUsable(state: CotState, s: ObstacleStep, row: ObstacleRow, c: Character): boolean {
  return row.name === 'crevasse' && state.party.ropes && !!s.anchor && s.anchor !== c.id;
}

type AttemptRoll = Extract<CotCommand, { type: 'cot.obs.attempt' }>['rolls'][number];

function checkRolls(ctx: Ctx, s: ObstacleStep, row: ObstacleRow, rolls: AttemptRoll[]): Result<void> {
  if (s.stage === 'disarm' && rolls.length !== 1) return err('ONE_ROLL', 'COT-OBS-02');
  const skills = obstacleSkills(s);
  const seen = new Set<string>();
  for (const r of rolls) {
    const c = requireCharacter(ctx, r.character, 'COT-OBS-03');
    if (!c.ok) return c;
    if (seen.has(r.character)) return err('DUPLICATE', 'COT-OBS-03');
    seen.add(r.character);
    if (r.rope && !ropeUsable(ctx.state, s, row, c.value)) return err('NO_ROPE', 'COT-OBS-02');
    if (!r.fail && !r.rope && !skills.includes(r.skill)) return err('WRONG_SKILL', 'COT-OBS-02');
  }
  return done;
}

/**
 * COT-OBS-02/03: one attempt. Simultaneous rows (and the gas, rolled once) are one round for the whole party, where
 * `fail` chooses failure; other rows add up over attempts. Tags charge LTF for failures; a failed crevasse jump falls
 * for 2D6 damage, told to the GM, who keeps hit points (§10).
 */
export function applyAttempt(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.attempt' }>): Result<void> {
  const found = obstacleAt(ctx, ['roll', 'disarm'], 'COT-OBS-01');
  if (!found.ok) return found;
  const s = found.value;
  const row = obstacleRow(s.strength);
  const checked = checkRolls(ctx, s, row, command.rolls);
  if (!checked.ok) return checked;
  const state = ctx.state;
  // The trap's disarm is one character's roll, not a simultaneous check: nobody chooses failure there.
  const oneRound = (row.simultaneous && s.stage !== 'disarm') || row.reading === 'gas';
  const rolls: Roll[] = [];
  const fallen: string[] = [];
  for (const r of command.rolls) {
    const c = findCharacter(state, r.character)!;
    let check: Check;
    if (r.rope) {
      check = substituteCheck('success');
      addLtf(c, 3);
    } else if (r.fail && oneRound) check = chosenFailure();
    else check = rollCheck(ctx.rng, chanceAgainst(state, s, row, c, r.skill), state.options.autoFailAtZero);
    const sd = obstacleSd(ctx, check);
    emitCheck(ctx, c.id, `obstacle.${r.skill}`, { ...check, sd });
    if (row.failureCost && !r.fail && !succeeded(check)) addLtf(c, 3);
    if (succeeded(check) && !s.anchor) s.anchor = c.id;
    if (row.name === 'crevasse' && !succeeded(check)) fallen.push(c.id);
    if (row.required === 'everyone1' && sd >= 1 && !s.passed.includes(c.id)) s.passed.push(c.id);
    rolls.push({ character: c, check, sd });
  }
  // Every check is rolled before any damage, so the jumps' dice come first in the log as at the table.
  for (const id of fallen) note(ctx, 'obstacle.fall', { character: id, damage: rollSum(ctx.rng, 2, 6) });
  const round = rolls.reduce((sum, r) => sum + r.sd, 0);
  if (row.reading === 'trap') trapRound(ctx, s, round, rolls);
  else if (row.reading === 'gas') gasRound(ctx, s, rolls);
  else if (row.reading === 'thorns') thornsRound(ctx, s, rolls);
  else if (row.reading === 'labyrinth' && rolls.some((r) => r.check.level === 'fumble')) labyrinthLost(ctx);
  else if (row.required === 'everyone1') {
    if (s.passed.length >= state.characters.length) overcome(ctx, s);
  } else if (row.simultaneous) simultaneousRound(ctx, s, row, round);
  else addUp(ctx, s, row, round);
  return done;
}

/** COT-OBS-03: a simultaneous round passes when its own total reaches the requirement; [積算失敗-1] otherwise. */
function simultaneousRound(ctx: Ctx, s: ObstacleStep, row: ObstacleRow, round: number): void {
  s.total = round;
  if (round >= s.required) {
    overcome(ctx, s);
    return;
  }
  if (row.cumulativeFailureCost) for (const c of ctx.state.characters) addLtf(c, 3);
  note(ctx, 'obstacle.round', { total: round, required: s.required });
}

/** COT-OBS-03: other rows add up over attempts; the old boat at double the requirement goes on a square (♣Q). */
function addUp(ctx: Ctx, s: ObstacleStep, row: ObstacleRow, round: number): void {
  s.total += round;
  if (s.total < s.required) {
    note(ctx, 'obstacle.progress', { total: s.total, required: s.required });
    return;
  }
  if (row.name === 'oldBoat' && s.total >= 2 * s.required) boatReached(ctx, s);
  else overcome(ctx, s);
}

/**
 * T-FX-OBS ♦ (COT-FX-04): a diamond no stronger than the obstacle acts as a ♦ map card of its own strength: a
 * remains event (tear spirits after 転界); success there leads to treasure with the diamond's number as cap.
 */
export function applyObstacleDiamond(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.diamond' }>): Result<void> {
  const s = eventStep(ctx, 'obstacleCleared', 'COT-FX-04');
  if (!s.ok) return s;
  const c = requireCharacter(ctx, command.character, 'COT-FX-04');
  if (!c.ok) return c;
  const card = c.value.hand.find((h) => h.id === command.card);
  if (!card || !isSuit(card, 'D')) return err('NEED_DIAMOND', 'COT-FX-04');
  const strength = strengthOf(card, ctx.state.options.aceHigh);
  if (strength > s.value.strength) return err('DIAMOND_TOO_STRONG', 'COT-FX-04');
  discardFromHand(ctx, c.value, card.id);
  stepOutcome(ctx, 'obstacleCleared', 'diamond', { strength });
  enterStep(
    ctx,
    ctx.state.party.tenkai
      ? { kind: 'tearSpirit', entryId: null, strength, bone: false, treasureCap: strength }
      : { kind: 'remains', entryId: null, strength, treasureCap: strength },
  );
  return done;
}

export function applyObstacleDone(ctx: Ctx): Result<void> {
  const who = requireParticipant(ctx, 'COT-FX-04');
  if (!who.ok) return who;
  const s = eventStep(ctx, 'obstacleCleared', 'COT-FX-04');
  if (!s.ok) return s;
  stepOutcome(ctx, 'obstacleCleared', 'done');
  finishStep(ctx);
  return done;
}

/** Every stage but the boat's, which is already through: the party may still withdraw or play a ♥. */
const OPEN_STAGES: readonly ObstacleStage[] = ['roll', 'gm', 'value', 'disarm', 'sprung', 'thorns'];

/** T-FX-OBS ♥: a heart of at least the obstacle's number overcomes it. */
export function applyObstacleHeart(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.heart' }>): Result<void> {
  const s = obstacleAt(ctx, OPEN_STAGES, 'COT-OBS-01');
  if (!s.ok) return s;
  const c = requireCharacter(ctx, command.character, 'COT-OBS-01');
  if (!c.ok) return c;
  const card = c.value.hand.find((h) => h.id === command.card);
  if (!card || !isSuit(card, 'H')) return err('NEED_HEART', 'COT-OBS-01');
  if (strengthOf(card, ctx.state.options.aceHigh) < s.value.strength) return err('HEART_TOO_WEAK', 'COT-OBS-01');
  discardFromHand(ctx, c.value, card.id);
  overcome(ctx, s.value);
  return done;
}

export function applyWithdraw(ctx: Ctx): Result<void> {
  const who = requireParticipant(ctx, 'COT-OBS-03');
  if (!who.ok) return who;
  const s = obstacleAt(ctx, OPEN_STAGES, 'COT-OBS-01');
  if (!s.ok) return s;
  withdraw(ctx);
  return done;
}

/** COT-OBS-04: the GM settles what a row leaves open (a trap gone off, a row without a reading) or overrides any. */
export function applyObstacleRule(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.rule' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-OBS-04');
  if (!gm.ok) return gm;
  const s = eventStep(ctx, 'obstacle', 'COT-OBS-01');
  if (!s.ok) return s;
  if (command.passed) overcome(ctx, s.value);
  else withdraw(ctx);
  return done;
}
