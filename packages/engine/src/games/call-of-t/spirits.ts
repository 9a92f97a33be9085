import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { isSuit } from './cards.ts';
import type { Check } from './checks.ts';
import { rollCheck, rollSum, substituteCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, emitCheck, grantCheck, requireGm, requireParticipant, sheetNote } from './context.ts';
import { eventStep, finishStep } from './event-step.ts';
import { raiseCall } from './investigation-effects.ts';
import type { EventStep, TearSpiritCommitment } from './phase.ts';
import type { Character } from './state.ts';
import { enterStep, stepOutcome } from './step-log.ts';
import { findCharacter, locateEntry } from './state.ts';
import { chanceFor, SUMMON_SKILLS } from './tables.ts';
import { commit, gathered, ownCharacters } from './party-choice.ts';
import { discardFromHand, removeEntry } from './zones.ts';


/** COT-FX-04: remains found or a spirit driven off after an obstacle ♦ lead to treasure of the diamond's number. */
function toTreasure(ctx: Ctx, cap: number): void {
  enterStep(ctx, { kind: 'treasure', cap });
}

function removeCard(ctx: Ctx, entryId: string | null): void {
  const located = entryId ? locateEntry(ctx.state, entryId) : null;
  if (located) removeEntry(ctx, located.square, located.entry);
}

/** T-REMAINS for one check: remains found (before the cap) and the 〈死祭り〉 gain. */
function remainsFrom(check: Check): number {
  return succeeded(check) ? check.sd : 0;
}

/**
 * COT-REM-01: each player commits its own searchers (party-choice.ts); when all have, or the GM sends it, the
 * searchers pay 1 LTF and roll 〈慰霊〉 at once; results apply in action order, capped at the strength.
 */
export function applyRemains(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.remains.search' }>): Result<void> {
  const who = requireParticipant(ctx, 'COT-REM-01');
  if (!who.ok) return who;
  const s = eventStep(ctx, 'remains', 'COT-REM-01');
  if (!s.ok) return s;
  const state = ctx.state;
  const named = ownCharacters(ctx, command.searchers.map((x) => x.character), 'COT-REM-01');
  if (!named.ok) return named;
  for (const x of command.searchers) {
    const c = findCharacter(state, x.character)!;
    if (x.substitute && !c.hand.some((h) => h.id === x.substitute && isSuit(h, 'H'))) return err('NEED_HEART', 'COT-FX-01');
  }
  const committed = (s.value.committed ??= []);
  if (ctx.actor.role === 'player' && !commit(ctx, committed, { seat: ctx.actor.seat, searchers: command.searchers }, 'remains')) return done;
  const entries = gathered(state, committed.map((c) => c.searchers), ctx.actor.role === 'gm' ? command.searchers : []);
  const byId = new Map(entries.map((x) => [x.character, x]));
  const searchers = entries.map((x) => findCharacter(state, x.character)!);
  if (searchers.length === 0) {
    // Nobody searches: the card stays face-up (COT-EVT-03).
    stepOutcome(ctx, 'remains', 'unsearched');
    finishStep(ctx);
    return done;
  }
  const checks = searchers.map((c) => {
    addLtf(c, 3);
    const sub = byId.get(c.id)!.substitute;
    if (sub) {
      discardFromHand(ctx, c, sub);
      return substituteCheck(state.options.substituteLevel);
    }
    return rollCheck(ctx.rng, c.skillSets.memorial + c.memorialBonus, state.options.autoFailAtZero);
  });
  let found = 0;
  let fumbled = false;
  searchers.forEach((c, i) => {
    const check = checks[i]!;
    emitCheck(ctx, c.id, 'memorial', check);
    found += Math.min(remainsFrom(check), s.value.strength - found);
    // The 〈死祭り〉 gain holds even when the cap stops further remains (INFERRED).
    c.deathRites += check.sd;
    if (succeeded(check) && !check.substituted) grantCheck(c, 'set:memorial');
    if (check.level === 'fumble') fumbled = true;
  });
  state.party.remains += found;
  stepOutcome(ctx, 'remains', fumbled ? 'fumbled' : 'found', { found, total: state.party.remains });
  const cap = s.value.treasureCap;
  if (fumbled) {
    // T-REMAINS fumble: a tear-spirit event follows, of the same strength.
    enterStep(ctx, { kind: 'tearSpirit', entryId: s.value.entryId, strength: s.value.strength, bone: false, ...(cap ? { treasureCap: cap } : {}) });
    return done;
  }
  removeCard(ctx, s.value.entryId);
  if (cap && found > 0) toTreasure(ctx, cap);
  else finishStep(ctx);
  return done;
}

/**
 * COT-TSP-04 step 2: `strength` points of 〈呼び声〉, one at a time, each to the lowest current level
 * (霊圧 + points so far); ties go to the lower D100. Returns the points per character.
 */
export function distributeCall(entries: { id: string; level: number; d100: number }[], strength: number): Record<string, number> {
  const added: Record<string, number> = Object.fromEntries(entries.map((e) => [e.id, 0]));
  for (let i = 0; i < strength && entries.length > 0; i++) {
    const next = entries.reduce((a, b) => {
      const la = a.level + added[a.id]!;
      const lb = b.level + added[b.id]!;
      return lb < la || (lb === la && b.d100 < a.d100) ? b : a;
    });
    added[next.id]! += 1;
  }
  return added;
}

/**
 * The tear spirits' choice (COT-TSP-01): the party fights (summons) or accepts. Each player commits to one of them
 * with its own characters; when every player has committed to the same one it is carried out, and when they split
 * the GM decides, by sending the one the party takes (party-choice.ts). True when `choice` is to be carried out now.
 */
function tearSpiritChoice(ctx: Ctx, s: TearSpiritStep, entry: TearSpiritCommitment): { go: boolean; committed: TearSpiritCommitment[] } {
  const committed = (s.committed ??= []);
  if (ctx.actor.role === 'gm') return { go: true, committed: committed.filter((c) => c.choice === entry.choice) };
  const everyone = commit(ctx, committed, entry, 'tearSpirit');
  return { go: everyone && committed.every((c) => c.choice === entry.choice), committed };
}

type TearSpiritStep = Extract<EventStep, { kind: 'tearSpirit' }>;

/**
 * COT-TSP-04: each roller moves its own 霊圧 by its 〈死祭り〉 SD as its player chose (COT-TSP-01 and party-choice.ts
 * for when), then the strength is spread over the party.
 */
export function applyAccept(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.tsp.accept' }>): Result<void> {
  const who = requireParticipant(ctx, 'COT-TSP-04');
  if (!who.ok) return who;
  const s = eventStep(ctx, 'tearSpirit', 'COT-TSP-04');
  if (!s.ok) return s;
  const state = ctx.state;
  if (s.value.bone) return err('BONE_MUST_BE_FOUGHT', 'COT-BON-02');
  const named = ownCharacters(ctx, command.adjust.map((a) => a.character), 'COT-TSP-04');
  if (!named.ok) return named;
  const seat = ctx.actor.role === 'player' ? ctx.actor.seat : 'gm';
  const choice = tearSpiritChoice(ctx, s.value, { seat, choice: 'accept', adjust: command.adjust });
  if (!choice.go) return done;
  const adjust = gathered(state, choice.committed.map((c) => (c.choice === 'accept' ? c.adjust : [])), ctx.actor.role === 'gm' ? command.adjust : []);
  for (const a of adjust) {
    const c = findCharacter(state, a.character)!;
    const check = rollCheck(ctx.rng, c.deathRites, state.options.autoFailAtZero);
    emitCheck(ctx, c.id, 'acceptance', check);
    c.spiritPressure = Math.max(0, c.spiritPressure + (a.direction === 'up' ? check.sd : -check.sd));
  }
  const entries = state.characters.map((c) => ({ id: c.id, level: c.spiritPressure, d100: ctx.rng.die(100) }));
  const added = distributeCall(entries, s.value.strength);
  for (const c of state.characters) {
    c.call += added[c.id]!;
    // What each received follows from every 霊圧, so it is told with them (COT-HID-01).
    sheetNote(ctx, c.id, 'accepted', { character: c.id, call: added[c.id]!, spiritPressure: c.spiritPressure });
  }
  stepOutcome(ctx, 'tearSpirit', 'accepted');
  removeCard(ctx, s.value.entryId);
  finishStep(ctx);
  return done;
}

/**
 * COT-TSP-02 and T-SUMMON: the summoners, each committed by its own player (COT-TSP-01 and party-choice.ts for
 * when), roll at once; the best (SD, then skill %) draws a visible spirit of strength + nD6 POW.
 */
export function applySummon(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.tsp.summon' }>): Result<void> {
  const who = requireParticipant(ctx, 'COT-TSP-02');
  if (!who.ok) return who;
  const s = eventStep(ctx, 'tearSpirit', 'COT-TSP-02');
  if (!s.ok) return s;
  const state = ctx.state;
  const named = ownCharacters(ctx, command.summoners.map((x) => x.character), 'COT-TSP-02');
  if (!named.ok) return named;
  for (const x of command.summoners) {
    const allowed = SUMMON_SKILLS.includes(x.skill) || (s.value.bone && x.skill === state.resonanceSkill);
    if (!allowed) return err('NOT_A_SUMMONING_SKILL', 'COT-TSP-02');
  }
  const seat = ctx.actor.role === 'player' ? ctx.actor.seat : 'gm';
  const choice = tearSpiritChoice(ctx, s.value, { seat, choice: 'summon', summoners: command.summoners });
  if (!choice.go) return done;
  const summoners = gathered(state, choice.committed.map((c) => (c.choice === 'summon' ? c.summoners : [])), ctx.actor.role === 'gm' ? command.summoners : []);
  // Whatever comes of it, these commitments are spent: after a failed summoning the party chooses afresh.
  s.value.committed = [];
  const rolls: { c: Character; chance: number; check: Check }[] = [];
  for (const x of summoners) {
    const c = findCharacter(state, x.character)!;
    const chance = chanceFor(c, x.skill);
    rolls.push({ c, chance, check: rollCheck(ctx.rng, chance, state.options.autoFailAtZero) });
  }
  let best: (typeof rolls)[number] | null = null;
  for (const r of rolls) {
    emitCheck(ctx, r.c.id, 'summon', r.check);
    // Q13: a fumble raises the summoner's 〈呼び声〉 by the strength.
    if (r.check.level === 'fumble') raiseCall(ctx, r.c, s.value.strength);
    if (!succeeded(r.check)) continue;
    if (!best || r.check.sd > best.check.sd || (r.check.sd === best.check.sd && r.chance > best.chance)) best = r;
  }
  if (!best) {
    stepOutcome(ctx, 'tearSpirit', 'summonFailed');
    return done;
  }
  const dice = best.check.level === 'critical' ? 1 : best.check.level === 'special' ? 2 : 3;
  const spiritPow = s.value.strength + rollSum(ctx.rng, dice, 6);
  stepOutcome(ctx, 'tearSpirit', 'summoned', { summoner: best.c.id, pow: spiritPow, call: s.value.strength });
  if (state.phase.kind === 'event') {
    enterStep(ctx, {
      kind: 'tearSpiritCombat',
      entryId: s.value.entryId,
      strength: s.value.strength,
      spiritPow,
      bone: false,
      summoner: best.c.id,
      ...(s.value.treasureCap ? { treasureCap: s.value.treasureCap } : {}),
    });
  }
  return done;
}

/** COT-TSP-03, COT-BON-02: the GM reports the winner of the spirit combat (null: the party lost; the GM rules). */
export function applySpiritOutcome(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.tsp.outcome' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-TSP-03');
  if (!gm.ok) return gm;
  const s = eventStep(ctx, 'tearSpiritCombat', 'COT-TSP-03');
  if (!s.ok) return s;
  const state = ctx.state;
  if (command.winner === null) {
    stepOutcome(ctx, 'tearSpiritCombat', 'lost');
    finishStep(ctx);
    return done;
  }
  const winner = findCharacter(state, command.winner);
  if (!winner) return err('NO_SUCH_CHARACTER', 'COT-TSP-03');
  if (s.value.bone) {
    state.party.remains += 1;
    winner.deathRites += 5;
  } else {
    // Victory: one T-REMAINS roll; a fumble here gives 〈呼び声〉 +1D6 instead of another fight (INFERRED).
    const check = rollCheck(ctx.rng, winner.skillSets.memorial + winner.memorialBonus, state.options.autoFailAtZero);
    emitCheck(ctx, winner.id, 'memorial', check);
    state.party.remains += Math.min(remainsFrom(check), s.value.strength);
    winner.deathRites += check.sd;
    if (check.level === 'fumble') raiseCall(ctx, winner, rollSum(ctx.rng, 1, 6));
  }
  stepOutcome(ctx, 'tearSpiritCombat', 'won', { winner: winner.id, remains: state.party.remains });
  removeCard(ctx, s.value.entryId);
  if (s.value.treasureCap) toTreasure(ctx, s.value.treasureCap);
  else finishStep(ctx);
  return done;
}
