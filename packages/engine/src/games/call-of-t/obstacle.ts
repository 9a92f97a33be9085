import type { CotCommand } from '@veiltable/protocol';
import type { Result } from '../../core/result.ts';
import { err } from '../../core/result.ts';
import { isSuit, strengthOf } from './cards.ts';
import type { Check } from './checks.ts';
import { chosenFailure, rollCheck, rollSum, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, emitAll, emitCheck, faceView, note, requireCharacter, requireGm, requireParticipant } from './context.ts';
import { eventStep, finishStep } from './event-phase.ts';
import { obstacleLoad } from './fatigue.ts';
import type { EventStep } from './phase.ts';
import type { CotState } from './state.ts';
import { findCharacter, locateEntry } from './state.ts';
import type { ObstacleRow } from './tables.ts';
import { chanceFor, OBSTACLE_TABLE } from './tables.ts';
import { discardFromHand } from './zones.ts';

type ObstacleStep = Extract<EventStep, { kind: 'obstacle' }>;

/** The T-OBS row of a strength; the A and unknown strengths are the GM's (COT-OBS-04). */
export function obstacleRow(strength: number): ObstacleRow {
  return OBSTACLE_TABLE[strength] ?? { name: 'gm', skills: [], simultaneous: false, required: 'gm', failureCost: false, cumulativeFailureCost: false, gm: true };
}

/** The total SD a row needs from this party (COT-OBS-02): people + [荷重], people + [台数], or a number. */
export function requiredSd(state: CotState, row: ObstacleRow): number {
  const people = state.characters.length;
  if (row.required === 'people+load') return people + state.characters.reduce((sum, c) => sum + obstacleLoad(c), 0);
  if (row.required === 'people+sleds') return people + state.party.sleds;
  if (row.required === 'everyone1') return people;
  if (row.required === 'gm') return 0;
  return row.required;
}

export function beginObstacle(ctx: Ctx, entryId: string, strength: number): void {
  const row = obstacleRow(strength);
  const required = requiredSd(ctx.state, row);
  const phase = ctx.state.phase;
  if (phase.kind !== 'event') return;
  phase.step = { kind: 'obstacle', entryId, strength, required, total: 0, passed: [] };
  note(ctx, 'obstacle', { name: row.name, strength, required, simultaneous: row.simultaneous, gm: row.gm });
}


/**
 * COT-OBS-01: an overcome obstacle is tapped and stays; the party may go on in any direction. The step waits
 * for a ♦ (COT-FX-04) or for the party to move on: stopping only when someone holds a usable ♦ would tell
 * everyone what is in a hand.
 */
function overcome(ctx: Ctx, s: ObstacleStep): void {
  const located = locateEntry(ctx.state, s.entryId);
  if (located) {
    located.entry.tapped = true;
    emitAll(ctx, { type: 'cot.card', op: 'tapped', card: faceView(located.entry.card), square: located.square.id, character: null });
  }
  ctx.state.party.mustReturn = false;
  note(ctx, 'obstacle.overcome', { strength: s.strength });
  const phase = ctx.state.phase;
  if (phase.kind === 'event') phase.step = { kind: 'obstacleCleared', strength: s.strength };
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
  const phase = ctx.state.phase;
  if (phase.kind !== 'event') return done;
  phase.step = ctx.state.party.tenkai
    ? { kind: 'tearSpirit', entryId: null, strength, bone: false, treasureCap: strength }
    : { kind: 'remains', entryId: null, strength, treasureCap: strength };
  return done;
}

export function applyObstacleDone(ctx: Ctx): Result<void> {
  const who = requireParticipant(ctx, 'COT-FX-04');
  if (!who.ok) return who;
  const s = eventStep(ctx, 'obstacleCleared', 'COT-FX-04');
  if (!s.ok) return s;
  finishStep(ctx);
  return done;
}

/** COT-OBS-01/03: withdrawing leaves the card face-up and untapped; the next move may only go back. */
function withdraw(ctx: Ctx): void {
  ctx.state.party.mustReturn = true;
  note(ctx, 'obstacle.withdrawn', {});
  finishStep(ctx);
}

/** An obstacle SD: the level's SD, or −1D6 for a fumble (COT-OBS-02). */
function obstacleSd(ctx: Ctx, check: Check): number {
  return check.level === 'fumble' ? -rollSum(ctx.rng, 1, 6) : check.sd;
}

/**
 * COT-OBS-02/03: one attempt. Simultaneous rows are one round for the whole party (an absent or `fail` character
 * chooses failure); other rows add up over attempts. Tags charge LTF for failures.
 */
export function applyAttempt(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.attempt' }>): Result<void> {
  const s = eventStep(ctx, 'obstacle', 'COT-OBS-01');
  if (!s.ok) return s;
  const row = obstacleRow(s.value.strength);
  if (row.gm) return err('GM_RULES', 'COT-OBS-04');
  const state = ctx.state;
  const seen = new Set<string>();
  for (const r of command.rolls) {
    const c = requireCharacter(ctx, r.character, 'COT-OBS-03');
    if (!c.ok) return c;
    if (seen.has(r.character)) return err('DUPLICATE', 'COT-OBS-03');
    seen.add(r.character);
    if (!r.fail && !row.skills.includes(r.skill)) return err('WRONG_SKILL', 'COT-OBS-02');
  }
  let round = 0;
  for (const r of command.rolls) {
    const c = findCharacter(state, r.character)!;
    const check = r.fail && row.simultaneous ? chosenFailure() : rollCheck(ctx.rng, chanceFor(c, r.skill), state.options.autoFailAtZero);
    const sd = obstacleSd(ctx, check);
    emitCheck(ctx, c.id, `obstacle.${r.skill}`, { ...check, sd });
    if (row.failureCost && !r.fail && !succeeded(check)) addLtf(c, 3);
    if (row.required === 'everyone1' && sd >= 1 && !s.value.passed.includes(c.id)) s.value.passed.push(c.id);
    round += sd;
  }
  if (row.required === 'everyone1') {
    if (s.value.passed.length >= state.characters.length) overcome(ctx, s.value);
    return done;
  }
  if (row.simultaneous) {
    s.value.total = round;
    if (round >= s.value.required) {
      overcome(ctx, s.value);
      return done;
    }
    if (row.cumulativeFailureCost) for (const c of state.characters) addLtf(c, 3);
    note(ctx, 'obstacle.round', { total: round, required: s.value.required });
    return done;
  }
  s.value.total += round;
  if (s.value.total >= s.value.required) overcome(ctx, s.value);
  else note(ctx, 'obstacle.progress', { total: s.value.total, required: s.value.required });
  return done;
}

/** T-FX-OBS ♥: a heart of at least the obstacle's number overcomes it. */
export function applyObstacleHeart(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.heart' }>): Result<void> {
  const s = eventStep(ctx, 'obstacle', 'COT-OBS-01');
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
  const s = eventStep(ctx, 'obstacle', 'COT-OBS-01');
  if (!s.ok) return s;
  withdraw(ctx);
  return done;
}

/** COT-OBS-04: the GM settles the rows the rules leave open (or overrides any). */
export function applyObstacleRule(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.rule' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-OBS-04');
  if (!gm.ok) return gm;
  const s = eventStep(ctx, 'obstacle', 'COT-OBS-01');
  if (!s.ok) return s;
  if (command.passed) overcome(ctx, s.value);
  else withdraw(ctx);
  return done;
}
