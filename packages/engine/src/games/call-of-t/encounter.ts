import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { isOrthogonal } from './board.ts';
import { isSuit, strengthOf } from './cards.ts';
import { rollCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, emitCheck, grantCheck, note, requireCharacter, requireGm } from './context.ts';
import { eventStep, finishStep, moveParty } from './event-step.ts';
import { moveOn } from './flow.ts';
import type { EncounterHandoff, EventStep, Sense } from './phase.ts';
import { findCharacter, findSquare, inActionOrder, locateEntry } from './state.ts';
import { enterStep, stepOutcome } from './step-log.ts';
import { chanceFor, ENCOUNTER_TABLE, encounterDie } from './tables.ts';
import { discardFromHand, drawTop, placeOnSquare, removeEntry } from './zones.ts';

/** Encounter strength after a reinforcement: −2 when its value reaches the card's number, else −1; never below 1. */
export function reinforcedStrength(strength: number, value: number): number {
  return Math.max(1, strength - (value >= strength ? 2 : 1));
}

/** COT-ENC-02, COT-INT-04: an active spade in the party's square starts an encounter unless a 防衛 holds it off. */
export function beginEncounter(ctx: Ctx, entryId: string, cardStrength: number): void {
  const state = ctx.state;
  const party = state.party;
  if (party.defense && party.defense.square === party.position && cardStrength <= party.defense.value) {
    stepOutcome(ctx, 'encounterSense', 'defended', { entry: entryId, strength: cardStrength });
    return;
  }
  let strength = cardStrength;
  const reinforcement = party.reinforcements.find((r) => r.square === party.position);
  if (reinforcement) {
    strength = reinforcedStrength(cardStrength, reinforcement.value);
    party.reinforcements = party.reinforcements.filter((r) => r !== reinforcement);
  }
  enterStep(ctx, { kind: 'encounterSense', entryId, strength, senses: {} });
  note(ctx, 'encounter', { entry: entryId, strength });
}

type SenseStep = Extract<EventStep, { kind: 'encounterSense' }>;
type CombatStep = Extract<EventStep, { kind: 'encounterCombat' }>;


/** E5: each character declares See or Listen; when all have, the engine rolls. */
export function applySense(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.enc.sense' }>): Result<void> {
  const s = eventStep(ctx, 'encounterSense', 'COT-ENC-03');
  if (!s.ok) return s;
  const character = requireCharacter(ctx, command.character, 'COT-ENC-03');
  if (!character.ok) return character;
  s.value.senses[command.character] = command.sense;
  note(ctx, 'sense', { character: command.character, sense: command.sense });
  if (ctx.state.characters.every((c) => s.value.senses[c.id])) rollEncounter(ctx, s.value);
  return done;
}

/** The GM rolls without waiting; characters who did not declare look (See). */
export function applyEncounterRoll(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx, 'COT-ENC-03');
  if (!gm.ok) return gm;
  const s = eventStep(ctx, 'encounterSense', 'COT-ENC-03');
  if (!s.ok) return s;
  rollEncounter(ctx, s.value);
  return done;
}

/** E5–E7 (COT-ENC-03): perception rolls, the table roll, discovery strengths, the first discoverer and E7 data. */
export function encounterHandoff(ctx: Ctx, strength: number, senses: Record<string, Sense>): EncounterHandoff {
  const state = ctx.state;
  const rolled = inActionOrder(state).map((c) => {
    const sense = senses[c.id] ?? 'see';
    const check = sense === 'none' ? null : rollCheck(ctx.rng, chanceFor(c, sense), state.options.autoFailAtZero);
    if (check) emitCheck(ctx, c.id, `encounter.${sense}`, check);
    return { c, sense, check };
  });
  const tableDie = encounterDie(strength);
  const tableRoll = ctx.rng.die(tableDie);
  const row = ENCOUNTER_TABLE[tableRoll]!;
  const discovery = rolled.map(({ c, sense, check }) => ({
    character: c.id,
    sense,
    check,
    strength: check ? check.sd + (sense === 'see' ? row.see : row.listen) : Number.NEGATIVE_INFINITY,
  }));
  const candidates = discovery.filter((d) => d.check);
  let first: (typeof discovery)[number] | null = null;
  for (const d of candidates) {
    const better =
      !first ||
      d.strength > first.strength ||
      (d.strength === first.strength && chanceFor(findCharacter(state, d.character)!, d.sense) > chanceFor(findCharacter(state, first.character)!, first.sense));
    if (better) first = d;
  }
  for (const d of candidates) {
    if (first && d.check && succeeded(d.check) && d.strength === first.strength) grantCheck(findCharacter(state, d.character)!, d.sense);
  }
  const ds = first ? first.strength : 0;
  const directionDie = ds <= 1 ? 3 : 6;
  return {
    tableRoll,
    tableDie,
    row: tableRoll,
    target: row.target,
    count: row.count(strength),
    discovery: discovery.map((d) => ({ ...d, strength: Number.isFinite(d.strength) ? d.strength : 0 })),
    firstDiscoverer: first?.character ?? null,
    direction: first ? { die: directionDie, value: ctx.rng.die(directionDie) } : null,
    distanceM: Math.max(0, ds) * 5,
  };
}

function rollEncounter(ctx: Ctx, s: SenseStep): void {
  const handoff = encounterHandoff(ctx, s.strength, s.senses);
  if (ctx.state.phase.kind !== 'event') return;
  enterStep(ctx, { kind: 'encounterCombat', entryId: s.entryId, strength: s.strength, handoff });
  emitAll(ctx, {
    type: 'cot.note',
    key: 'encounter.handoff',
    params: {
      strength: s.strength,
      tableDie: handoff.tableDie,
      tableRoll: handoff.tableRoll,
      target: handoff.target,
      count: handoff.count,
      firstDiscoverer: handoff.firstDiscoverer,
      direction: handoff.direction ? `D${handoff.direction.die}=${handoff.direction.value}` : null,
      distanceM: handoff.distanceM,
    },
  });
}

/** COT-ENC-03..05 and COT-FX-03: the GM reports how the combat ended. */
export function applyEncounterOutcome(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.enc.outcome' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-ENC-03');
  if (!gm.ok) return gm;
  const s = eventStep(ctx, 'encounterCombat', 'COT-ENC-03');
  if (!s.ok) return s;
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  const result = command.result;
  const located = locateEntry(state, s.value.entryId);
  if (result.outcome === 'victory') {
    // COT-ENC-04: the spade is removed; treasure follows, its cap the card's strength.
    const cap = located ? strengthOf(located.entry.card, state.options.aceHigh) : s.value.strength;
    if (located) removeEntry(ctx, located.square, located.entry);
    stepOutcome(ctx, 'encounterCombat', 'victory', { cap });
    enterStep(ctx, { kind: 'treasure', cap });
    return done;
  }
  if (result.outcome === 'other') {
    stepOutcome(ctx, 'encounterCombat', 'other');
    finishStep(ctx);
    return done;
  }
  if (!findSquare(state, result.to) || !isOrthogonal(grid, state.party.position, result.to)) return err('NOT_ADJACENT', 'COT-ENC-05');
  if (result.outcome === 'retreat') {
    // COT-ENC-05: a deck card goes face-down on the destination; the next cycle starts with the forced move.
    const card = drawTop(ctx);
    if (card) placeOnSquare(ctx, findSquare(state, result.to)!, card, { faceUp: false, origin: 'deck' });
    state.party.forcedMove = { to: result.to, reason: 'retreat' };
    stepOutcome(ctx, 'encounterCombat', 'retreat', { to: result.to });
    moveOn(ctx, 'cycleEnd');
    return done;
  }
  return clubEscape(ctx, s.value, result.to, result.clubs);
}

/** COT-FX-03: clubs whose total strength reaches the encounter's let the party move to an adjacent square. */
function clubEscape(ctx: Ctx, s: CombatStep, to: string, clubs: { character: string; card: string }[]): Result<void> {
  const state = ctx.state;
  let total = 0;
  const seen = new Set<string>();
  for (const { character, card } of clubs) {
    const owner = findCharacter(state, character);
    const found = owner?.hand.find((c) => c.id === card);
    if (!found || !isSuit(found, 'C') || seen.has(card)) return err('NEED_CLUB', 'COT-FX-03');
    seen.add(card);
    total += strengthOf(found, state.options.aceHigh);
  }
  if (total < s.strength) return err('CLUBS_TOO_WEAK', 'COT-FX-03');
  for (const { character, card } of clubs) discardFromHand(ctx, findCharacter(state, character)!, card);
  stepOutcome(ctx, 'encounterCombat', 'escaped', { to });
  moveParty(ctx, to);
  finishStep(ctx);
  return done;
}
