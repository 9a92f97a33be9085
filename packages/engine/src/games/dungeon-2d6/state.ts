import type { CastSlice } from '../../capabilities/characters/cast.ts';
import { setupCast } from '../../capabilities/characters/cast.ts';
import type { FeedSlice } from '../../capabilities/feed/feed.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { D6Abilities, D6Ability, D6CheckKind, D6Command, D6Controller, D6Equipment, D6Options, D6Side, D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import type { ReactionWindow } from '../../kernel/reaction-window.ts';
import type { Rng, RngState } from '../../kernel/rng.ts';
import { newRngState } from '../../kernel/rng.ts';
import { DEFAULT_OPTIONS } from './options.ts';

/**
 * A modifier record (D6-ENG-04). equipment and effect layers change an ability (D6-CORE-02); the check layer adds to
 * a check's total (D6-CORE-03). stacking 'one' means records sharing a stackKey count once.
 */
export type Modifier = {
  id: string;
  source: string;
  layer: 'effect' | 'check';
  ability?: D6Ability;
  value: number;
  stackKey: string;
  stacking: 'stack' | 'one';
  duration: 'permanent' | 'scene' | 'combat';
  /** Check layer only: the check kinds it applies to; empty means every check. */
  appliesTo: D6CheckKind[];
};

/** uses: remaining consumable uses, null for a skill with no consumable part. */
export type SkillState = { uses: number | null };

export type Status = { kind: 'stun' | 'no-active' | 'penalty'; source: string; untilTurn: number | null };

/** D6-BASE-05: the contributions a PC's 元能力値 were built from, kept so the table can check the sum. */
export type Build = { occupation: string; occupationValues: D6Abilities; race: string; raceBonus: D6Abilities; free: D6Ability };

/** The sheet (D6-ENG-08) plus where the character stands. */
export type Character = {
  id: string;
  name: string;
  controller: D6Controller;
  owner: string | null;
  side: D6Side;
  zone: string;
  base: D6Abilities;
  /** null when the GM entered the abilities directly (NPCs, or a PC not built with character.build). */
  build: Build | null;
  equipment: D6Equipment[];
  modifiers: Modifier[];
  hp: number;
  maxHp: number;
  skills: Partial<Record<D6Skill, SkillState>>;
  sex: 'm' | 'f' | null;
  magicCapable: boolean;
  pet: D6Abilities | null;
  gold: number;
  /** Normal movement per 手番, a base-game number the GM enters (D6-ZONE-08); null while unknown. */
  movement: number | null;
  /** While flying: the speed taken at take-off (D6-SKL-FLIGHT-04); null on the ground or when no speed is known. */
  flightSpeed: number | null;
  flags: { flying: boolean; transformed: boolean; illusion: boolean; hidden: boolean; spiritSight: boolean };
  ironWall: { ability: D6Ability; value: number } | null;
  statuses: Status[];
  turnUsed: boolean;
  loseNextTurn: boolean;
  marks: string[];
  knownPlaces: string[];
  summoner: string | null;
  /** D6-SKL-SUMMON-02: a summon whose check reached 14 may still choose its one skill. */
  pendingSkillChoice: boolean;
  /** Narrative effects in force, by effect key, so a second use does not stack (D6-SKL-GEN-02). */
  effects: string[];
  down: boolean;
  gmNotes: string;
};

/**
 * A zone of the scene (D6-ZONE-08). `hidden`: only position-hidden characters have stood in it since it was made
 * (D6-HID-06), so it is the GM's alone until something visible is there; absent in states saved before it existed.
 */
export type Zone = { id: string; name: string; adjacent: string[]; hidden?: boolean };
export type Trap = { id: string; zone: string; area: boolean; note: string; found: boolean; disarmed: boolean };
export type Find = { id: string; zone: string; note: string; found: boolean };
export type Barrier = { id: string; zone: string; caster: string; hp: number; ability: number };

/** A check record: the D6-ENG-02 output. total is the rule total; on a defence fumble it is fixed at 0. */
export type CheckRecord = {
  id: string;
  character: string;
  kind: D6CheckKind;
  ability: D6Ability;
  dice: number[];
  abilityValue: number;
  modifiers: { source: string; value: number }[];
  concentration: number;
  crit: boolean;
  fumble: boolean;
  zeroed: boolean;
  total: number;
  target: number | null;
  targetVisible: boolean;
  secret: boolean;
  /**
   * Decided by the target number, or by a crit or fumble (D6-BASE-01/02); without a target the roll stands as its
   * total (D6-BASE-01: the check's result is its 達成値); `dropped`: the GM took the check off the table unsettled.
   */
  outcome: 'success' | 'failure' | 'total' | 'dropped';
  resolved: boolean;
  window: string | null;
  /** Why concentration is refused outright (D6-CONC-08/09), or null when it is offered. */
  noConcentration: 'OUTCOME_FIXED' | 'NOT_A_CHECK' | 'NOT_ALLOWED' | null;
  opposed: string | null;
  attack: string | null;
  subject: string | null;
  /** What follows a resolution: a barrier, a summon, a broken door … */
  purpose: 'barrier' | 'summon' | 'disengage' | null;
  consumed: boolean;
  ownerSeat: string | null;
};

export type Opposed = {
  id: string;
  active: string;
  passive: string | null;
  passiveSpec: { character: string; ability: D6Ability; secret: boolean };
  clearActive: boolean;
  winner: 'active' | 'passive' | 'draw' | null;
  move: string | null;
};

export type AttackTarget = {
  target: string;
  defender: string;
  coverer: string | null;
  illusion: { roll: number; failed: boolean } | null;
  evaded: boolean;
  teleported: boolean;
  reactWindow: string | null;
  defence: string[];
  damage: number[] | null;
  extraDice: number[];
  counter: 'declared' | 'success' | 'failure' | null;
  sacrificeBy: string | null;
  afterWindow: string | null;
  state: 'react' | 'defended' | 'damaged' | 'applied' | 'void';
};

export type Attack = {
  id: string;
  attacker: string;
  mode: 'melee' | 'ranged' | 'mental';
  ability: D6Ability;
  skill: D6Skill | null;
  area: boolean;
  element: string | null;
  check: string | null;
  targets: AttackTarget[];
  passiveRolled: boolean;
};

/** A declared move; `stoppedBy` (GM-only) is the hidden character it stopped at (D6-ZONE-07), absent in older states. */
export type Move = {
  id: string;
  character: string;
  path: string[];
  window: string;
  opposed: string | null;
  state: 'pending' | 'done' | 'failed';
  stoppedBy?: string | null;
};

/**
 * A teleport waiting for its passengers' consent (D6-SKL-TELEPORT-04): where it goes (`zone`, or a place off the map
 * named `place`), the passengers the sender runs, and those asked who accepted so far.
 */
export type PendingJump = {
  user: string;
  zone: string | null;
  place: string;
  via: Extract<D6Command, { type: 'skill.teleport' }>['destination']['kind'];
  passengers: string[];
  accepted: string[];
};

/** What a window is attached to, so closing it by any route has the same effect. */
export type WindowLink =
  | ({ kind: 'passengers' } & PendingJump)
  | { kind: 'concentration'; check: string }
  | { kind: 'react'; attack: string; target: string }
  | { kind: 'after-damage'; attack: string; target: string }
  | { kind: 'obstruct'; move: string }
  | { kind: 'fukutsu'; character: string }
  | { kind: 'consume'; check: string }
  | { kind: 'question'; question: string };

export type Question = {
  id: string;
  kind: 'encyclopedia' | 'mind-read' | 'virtue';
  character: string;
  seat: string | null;
  text: string;
  answer: string | null;
  status: 'open' | 'answered' | 'refused';
  window: string;
};

export type TelepathyMessage = { from: string; to: string; seats: string[]; text: string };
export type SpiritNote = { seats: string[]; text: string };
export type LogEntry = { kind: 'override'; target: string; reason: string; before: string; after: string };
export type SkillEntry = { permanent: boolean; consumable: boolean; usesPerSession: number | null; officialText: string };

export type Seat = { id: string; name: string };

export type D6State = FeedSlice & CastSlice & {
  rng: RngState;
  options: D6Options;
  /** The players' seats, in the order the GM made them (s1, s2, …); characters name their owner seat. */
  seats: Seat[];
  counters: Record<'ch' | 'k' | 'a' | 'w' | 'z' | 't' | 'f' | 'o' | 'm' | 'q' | 'b' | 'mod', number>;
  mode: 'travel' | 'combat';
  turn: number;
  zones: Zone[];
  characters: Character[];
  traps: Trap[];
  finds: Find[];
  barriers: Barrier[];
  checks: Record<string, CheckRecord>;
  opposed: Record<string, Opposed>;
  attacks: Record<string, Attack>;
  moves: Record<string, Move>;
  windows: Record<string, ReactionWindow>;
  links: Record<string, WindowLink>;
  questions: Record<string, Question>;
  telepathy: TelepathyMessage[];
  spiritNotes: SpiritNote[];
  initiative: {
    party: { character: string; die: number; total: number } | null;
    enemies: { character: string; die: number; total: number } | null;
    first: 'party' | 'enemies' | null;
    tie: boolean;
  };
  registry: Partial<Record<D6Skill, SkillEntry>>;
  log: LogEntry[];
};

/** A new room: no seats, zones or characters yet, the §9.2 defaults, the RNG seeded. */
export function setup(seed: string): D6State {
  return {
    ...setupFeed(), ...setupCast(),
    rng: newRngState(seed),
    options: { ...DEFAULT_OPTIONS },
    seats: [],
    counters: { ch: 0, k: 0, a: 0, w: 0, z: 0, t: 0, f: 0, o: 0, m: 0, q: 0, b: 0, mod: 0 },
    mode: 'travel',
    turn: 0,
    zones: [],
    characters: [],
    traps: [],
    finds: [],
    barriers: [],
    checks: {},
    opposed: {},
    attacks: {},
    moves: {},
    windows: {},
    links: {},
    questions: {},
    telepathy: [],
    spiritNotes: [],
    initiative: { party: null, enemies: null, first: null, tie: false },
    registry: {},
    log: [],
  };
}

type IdKind = keyof D6State['counters'];

/** Whether an id of this kind is already in use (a counted one, or an opaque one drawn from the RNG). */
function taken(state: D6State, kind: IdKind, id: string): boolean {
  switch (kind) {
    case 'ch': return state.characters.some((c) => c.id === id);
    case 'z': return state.zones.some((z) => z.id === id);
    case 't': return state.traps.some((t) => t.id === id);
    case 'f': return state.finds.some((f) => f.id === id);
    case 'b': return state.barriers.some((b) => b.id === id);
    case 'k': return id in state.checks;
    case 'a': return id in state.attacks;
    case 'w': return id in state.windows;
    case 'o': return id in state.opposed;
    case 'm': return id in state.moves;
    case 'q': return id in state.questions;
    case 'mod': return false;
  }
}

const prefix = (kind: IdKind): string => (kind === 'mod' ? 'md' : kind);

/** Next id of a kind: prefix + counter, never reused. For things every viewer learns of, in the order they happen. */
export function nextId(state: D6State, kind: IdKind): string {
  let id: string;
  do {
    state.counters[kind] += 1;
    id = `${prefix(kind)}${state.counters[kind]}`;
  } while (taken(state, kind, id));
  return id;
}

/**
 * An id drawn from the room's RNG, for a thing some viewers never learn of (a question, a hidden move, a trap): it
 * takes no number from the counter, so the ids a viewer does see do not tell how many such things exist.
 */
export function opaqueId(state: D6State, rng: Rng, kind: IdKind): string {
  for (;;) {
    const id = `${prefix(kind)}${100000 + rng.below(900000)}`;
    if (!taken(state, kind, id)) return id;
  }
}

/** The character with this id, if any. */
export function findCharacter(state: D6State, id: string): Character | undefined {
  return state.characters.find((c) => c.id === id);
}

/** The zone with this id, if any. */
export function findZone(state: D6State, id: string): Zone | undefined {
  return state.zones.find((z) => z.id === id);
}

/** The characters standing in a zone who are not down. */
export function charactersIn(state: D6State, zone: string): Character[] {
  return state.characters.filter((c) => c.zone === zone && !c.down);
}

/** D6-CORE-08: enemies oppose the party; neutral NPCs oppose no one. */
export function opposes(a: Character, b: Character): boolean {
  return (a.side === 'party' && b.side === 'enemies') || (a.side === 'enemies' && b.side === 'party');
}

/** Whether the sheet lists the skill (whatever uses it has left). */
export function hasSkill(c: Character, skill: D6Skill): boolean {
  return c.skills[skill] !== undefined;
}

/** The barrier standing in a zone, if any (D6-SKL-BARRIER-05: bound to one zone). */
export function barrierIn(state: D6State, zone: string): Barrier | undefined {
  return state.barriers.find((b) => b.zone === zone);
}
