import type { D6CheckKind, D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import { GM_ONLY } from '../../kernel/events.ts';
import { closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import { summonBasis } from './abilities.ts';
import type { Ctx } from './context.ts';
import { emit, GM_PARTICIPANT, openLinked, windowEvent } from './context.ts';
import { loseHp } from './hp.ts';
import { revealZone } from './movement.ts';
import { publishCheck } from './public.ts';
import type { Character, CheckRecord } from './state.ts';
import { findCharacter, nextId } from './state.ts';
import { barrierStatsHidden, positionHidden, statsHidden } from './visibility.ts';

/** The skill whose consumption turns a failed exploration check into a success (D6-LOCK-03, D6-SRCH-03, D6-TRAP-03). */
export const CONSUME_SKILL: Partial<Record<D6CheckKind, D6Skill>> = {
  lock: 'lockpick',
  search: 'detect',
  'trap-detect': 'traps',
  'trap-disarm': 'traps',
};

/** Closes a check's concentration window if it is still open (its rule event has come). */
export function closeConcentration(ctx: Ctx, check: CheckRecord): void {
  if (!check.window) return;
  const w = ctx.state.windows[check.window];
  if (w && isOpen(w) && closeWindow(w, 'rule').ok) windowEvent(ctx, 'window.closed', w.id, { reason: 'rule' });
}

/**
 * Commits a non-opposed check's outcome (D6-CONC-04: this closes the roller's concentration window) and runs what
 * follows from it: a barrier or a summon, an opened lock, found things, the door-break cost.
 */
export function resolveCheck(ctx: Ctx, check: CheckRecord, outcome: 'success' | 'failure' | 'total'): void {
  check.outcome = outcome;
  check.resolved = true;
  closeConcentration(ctx, check);
  publishCheck(ctx, 'check.resolved', check);
  const c = findCharacter(ctx.state, check.character);
  if (!c) return;
  if (check.purpose === 'barrier') return createBarrier(ctx, c, check);
  if (check.purpose === 'summon') return createSummon(ctx, c, check);
  if (outcome === 'success') return succeed(ctx, c, check);
  // A total that stands is neither a success nor a failure: nothing opens, nothing costs (D6-BASE-01).
  if (outcome === 'total') return;
  // D6-LOCK-04: a failed door-break costs 1 HP, applied directly with no defence check.
  if (check.kind === 'break') return loseHp(ctx, c, 1, 'break-door');
  const skill = CONSUME_SKILL[check.kind];
  const state = skill ? c.skills[skill] : undefined;
  // D6-WIN-09: a holder may consume the skill after seeing the failure. A GM-run character's window opens whatever
  // it holds, for the GM (D6-HID-01), so the table cannot tell who holds the skill.
  const holder = state !== undefined && state.uses !== null && state.uses > 0;
  if (skill && (holder || statsHidden(c))) {
    const eligible = [...(holder ? [c.id] : []), ...(statsHidden(c) ? [GM_PARTICIPANT] : [])];
    openLinked(ctx, 'consume', eligible, { kind: 'consume', check: check.id });
  }
}

/**
 * A plain check without a target settles as its total once its roller's concentration window closes, however it
 * closed (D6-CONC-04, D6-WIN-11): nothing is left to decide on it. Spell checks wait for the GM, who raises what
 * they make (D6-SKL-BARRIER-01, D6-SKL-SUMMON-02).
 */
export function settleTotal(ctx: Ctx, checkId: string): void {
  const check = ctx.state.checks[checkId];
  if (!check || check.resolved || check.opposed || check.attack || check.purpose !== null) return;
  if (check.outcome === 'total') resolveCheck(ctx, check, 'total');
}

/**
 * Effects of a successful exploration check. What a hidden character finds is the GM's to know (D6-HID-06: the finds
 * would say where it stands): the table has not found it, so it stays unfound for the table and the news goes to
 * the GM alone.
 */
export function succeed(ctx: Ctx, c: Character, check: CheckRecord): void {
  const unseen = positionHidden(c);
  const tell = unseen ? { to: GM_ONLY } : {};
  if (check.kind === 'lock' || check.kind === 'break') emit(ctx, 'lock.opened', { character: c.id, subject: check.subject }, tell);
  if (check.kind === 'search') {
    for (const f of ctx.state.finds) {
      if (f.zone !== c.zone || f.found) continue;
      if (!unseen) f.found = true;
      emit(ctx, 'find.found', { find: f.id, zone: f.zone, note: f.note }, tell);
    }
  }
  if (check.kind === 'trap-detect') {
    for (const t of ctx.state.traps) {
      if (t.zone !== c.zone || t.found) continue;
      if (!unseen) t.found = true;
      emit(ctx, 'trap.found', { trap: t.id, zone: t.zone, area: t.area }, tell);
    }
  }
  if (check.kind === 'trap-disarm') {
    const t = ctx.state.traps.find((x) => x.id === check.subject && x.zone === c.zone && !x.disarmed);
    if (t) {
      if (!unseen) t.found = true;
      t.disarmed = true;
      emit(ctx, 'trap.disarmed', { trap: t.id }, tell);
    }
  }
}

/** Whether an exploration check has anything to find or undo where the character stands. */
export function somethingThere(ctx: Ctx, c: Character, check: CheckRecord): boolean {
  if (check.kind === 'search') return ctx.state.finds.some((f) => f.zone === c.zone && !f.found);
  if (check.kind === 'trap-detect') return ctx.state.traps.some((t) => t.zone === c.zone && !t.found);
  if (check.kind === 'trap-disarm') return ctx.state.traps.some((t) => t.id === check.subject && t.zone === c.zone && !t.disarmed);
  return true;
}

/**
 * D6-SKL-BARRIER-01/03: the check's total (concentration included) is the barrier's HP, plus 1d6 on a critical;
 * its ability is floor(the caster's final 精神 at casting / 2). A fumble raises no barrier (D6-CRIT-07).
 */
function createBarrier(ctx: Ctx, caster: Character, check: CheckRecord): void {
  if (check.fumble) return;
  // D6-HID-06 (INFERRED): a barrier is bound to its caster's zone (D6-SKL-BARRIER-05) and stands in the open, so
  // raising one shows where the caster stands: a hidden caster comes out of hiding as it appears.
  if (positionHidden(caster)) {
    caster.flags.hidden = false;
    revealZone(ctx, caster.zone);
    emit(ctx, 'stealth.changed', { character: caster.id, on: false, cause: 'barrier' });
  }
  const extra = check.crit ? ctx.rng.die(6) : 0;
  const barrier = {
    id: nextId(ctx.state, 'b'),
    zone: caster.zone,
    caster: caster.id,
    hp: check.total + extra,
    ability: Math.floor(check.abilityValue / 2),
  };
  ctx.state.barriers.push(barrier);
  const made = { barrier, extraDie: check.crit ? extra : null };
  if (barrierStatsHidden(ctx.state, barrier)) emit(ctx, 'barrier.created', { barrier: { id: barrier.id, zone: barrier.zone, caster: barrier.caster } }, { secret: { data: made } });
  else emit(ctx, 'barrier.created', made);
}

/**
 * D6-SKL-SUMMON-01/02: the monster derives from the user's base values (the base game's formula; the engine copies
 * them for the GM to adjust), and a total of 14 or more lets the user choose one skill.
 */
function createSummon(ctx: Ctx, user: Character, check: CheckRecord): void {
  if (check.outcome === 'failure') return;
  const summon: Character = {
    id: nextId(ctx.state, 'ch'),
    name: check.subject ?? 'summon',
    controller: 'summon',
    owner: user.owner,
    side: user.side,
    zone: user.zone,
    base: summonBasis(user),
    build: null,
    equipment: [],
    modifiers: [],
    hp: 1,
    maxHp: 1,
    skills: {},
    sex: null,
    magicCapable: false,
    pet: null,
    gold: 0,
    // The summon's movement is the base game's to give; the GM enters it if it matters.
    movement: null,
    flightSpeed: null,
    // A hidden summoner's monster appears out of sight too (D6-HID-06): where it stood would place the summoner.
    flags: { flying: false, transformed: false, illusion: false, hidden: positionHidden(user), spiritSight: false },
    ironWall: null,
    statuses: [],
    turnUsed: false,
    loseNextTurn: false,
    marks: [],
    knownPlaces: [],
    summoner: user.id,
    pendingSkillChoice: check.total >= 14,
    effects: [],
    down: false,
    gmNotes: '',
  };
  ctx.state.characters.push(summon);
  // A GM-run summoner's monster carries its summoner's base values (D6-SKL-SUMMON-01) and its total's reach: the GM's.
  const made = { summon: summon.id, summoner: user.id, base: summon.base, skillChoice: summon.pendingSkillChoice };
  if (statsHidden(summon)) emit(ctx, 'summon.created', { summon: summon.id, summoner: user.id }, { secret: { data: made } });
  else emit(ctx, 'summon.created', made);
}
