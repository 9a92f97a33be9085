import type { CastSlice } from '../../capabilities/characters/cast.ts';
import { setupCast } from '../../capabilities/characters/cast.ts';
import type { FeedSlice } from '../../capabilities/feed/feed.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { DiceSystemId } from '../../capabilities/dice/game-systems.ts';
import type { Viewer } from '@veiltable/protocol';
import type { CotCharacterInput, CotInvAction, CotOptions, CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { Card, IdTaken } from '../../capabilities/cards/deck.ts';
import type { GameEvent } from '../../kernel/events.ts';
import type { RngState } from '../../kernel/rng.ts';
import { newRngState } from '../../kernel/rng.ts';
import type { Sealed } from '../../kernel/sealed.ts';
import { defaultCotOptions } from './options.ts';
import type { Phase } from './phase.ts';

/** An event of this game in the kernel's envelope: what each audience reads is a protocol view event. */
export type CotEvent = GameEvent<CotViewEvent>;

/** One card in a square's stack (COT-MOD-05). The entry id is the card's own opaque id. */
export type StackEntry = { card: Card; faceUp: boolean; tapped: boolean; origin: 'deck' | 'hand' | 'bone' };

/** stack[0] is the top. scouted: a scout or vision has targeted it (COT-FX-02 "unscouted"). */
export type Square = { id: string; stack: StackEntry[]; scouted: boolean };

/** The load worn while waiting, T-REC (c), as the setup names it. */
export type RestLoad = CotCharacterInput['restLoad'];

/** A character sheet and its counters (COT-MOD-12). LTF is kept in thirds (COT-DIE-11). */
export type Character = {
  id: string;
  name: string;
  seat: string | null;
  str: number;
  con: number;
  pow: number;
  int: number;
  app: number;
  mp: number;
  moveLoad: number;
  restLoad: RestLoad;
  skills: Record<string, number>;
  skillSets: { scout: number; memorial: number; spot: number };
  scoutBonus: number;
  memorialBonus: number;
  spiritPressure: number;
  call: number;
  deathRites: number;
  ltfThirds: number;
  /** LTF in thirds when the cycle began, for the record at cycle end (COT-END-01). */
  ltfAtCycleStart: number;
  hand: Card[];
  experienceChecks: string[];
  trainingHours: number;
  exemptFromDeathOmen: boolean;
  noChecks: string[];
  /** The lowest armour points among arms and legs (T-OBS ♣5). */
  limbAp: number;
};

/** The party (COT-MOD-11). Orders hold character ids. */
export type Party = {
  position: string;
  previousPosition: string | null;
  marchingOrder: string[];
  actionOrder: string[];
  food: number;
  money: number;
  sleds: number;
  ropes: boolean;
  /** Fairy dust in strength points (T-TRADE 妖精粉). */
  fairyDust: number;
  /** Antidote doses (T-TRADE 毒消し), each cancelling the POT of its own poison: the poison thorns', toxic gas's. */
  antidoteThorns: number;
  antidoteGas: number;
  remains: number;
  responses: number;
  tenkai: boolean;
  thirdResponder: string | null;
  aceLastMove: 'up' | 'right' | 'down' | 'left' | 'stop' | 'toward' | null;
  defeatedInteractionNumbers: number[];
  /** Threat level a 防衛 ignores while the party stays on that square (COT-INT-04). */
  defense: { square: string; value: number } | null;
  /** 援軍 cards moved to a square, waiting for the first encounter there (COT-INT-04). */
  reinforcements: { square: string; entryId: string; value: number }[];
  /** A move the next time phase must make: scouting fumble, retreat (COT-TIM-05). */
  forcedMove: { to: string; reason: 'fumble' | 'retreat' } | null;
  /** Set when an obstacle was not overcome: the next move may only go back (COT-OBS-01). */
  mustReturn: boolean;
  /** Ranks of treasure found; only their size matters during the mission (COT-TRS-03). */
  treasures: number[];
  /** 無死 fixed at setup, used when recomputeMushi is off (COT-MOD-14). */
  mushiAtSetup: number;
};

/** A fact one player holds about a face-down entry (COT-HID-04). */
export type Fact = {
  id: string;
  square: string;
  entryId: string;
  fact: 'suit' | 'card';
  /** The suit letter, or the card label, as learned. */
  value: string;
  learnedAt: number;
  holders: string[];
};

/** The bone: held off the board (card set) until 転界 stacks it on its square (card null) (COT-MOD-10). */
export type Bone = { card: Card | null; entryId: string; square: string; strength: number; pow: number };

/** The BCDice system a Call of <T> table reads typed dice in: the rules' checks are RuneQuest's (COT-DIE-02). */
export const COT_DICE_SYSTEM: DiceSystemId = 'RuneQuest';

/**
 * A sealed investigation choice, keyed by character id (COT-HID-03). `shown`: hand cards that tentative choices named
 * to every player under openDeclarations, renewed at the reveal like the ones the reveal names (COT-HID-02); absent
 * (states saved before it) means none.
 */
export type InvDeclaration = { sealed: Sealed<CotInvAction>; locked: string[]; shown?: string[] };


export type CotState = FeedSlice & CastSlice & {
  rng: RngState;
  /** The players' seats, in the order the GM made them (s1, s2, …); characters name their seat at setup. */
  seats: { id: string; name: string }[];
  options: CotOptions;
  width: number;
  height: number;
  gate: string;
  squares: Square[];
  deck: Card[];
  discard: Card[];
  /** Cards out of the game: the bone after its fight. */
  removed: Card[];
  bone: Bone | null;
  resonanceSkill: string;
  characters: Character[];
  party: Party;
  cycle: number;
  phase: Phase;
  facts: Fact[];
  counters: { fact: number };
  /** Investigation markers of the current phase, per character (COT-MOD-06). */
  markers: { character: string; square: string }[];
};

/** An empty room waiting for the GM's setup (COT-SET-01). */
export function setup(seed: string): CotState {
  return {
    ...setupFeed(COT_DICE_SYSTEM), ...setupCast(),
    rng: newRngState(seed),
    seats: [],
    options: { ...defaultCotOptions },
    width: 5,
    height: 5,
    gate: 'A1',
    squares: [],
    deck: [],
    discard: [],
    removed: [],
    bone: null,
    resonanceSkill: '',
    characters: [],
    party: {
      position: 'A1',
      previousPosition: null,
      marchingOrder: [],
      actionOrder: [],
      food: 0,
      money: 0,
      sleds: 0,
      ropes: false,
      fairyDust: 0,
      antidoteThorns: 0,
      antidoteGas: 0,
      remains: 0,
      responses: 0,
      tenkai: false,
      thirdResponder: null,
      aceLastMove: null,
      defeatedInteractionNumbers: [],
      defense: null,
      reinforcements: [],
      forcedMove: null,
      mustReturn: false,
      mushiAtSetup: 0,
      treasures: [],
    },
    cycle: 0,
    phase: { kind: 'setup' },
    facts: [],
    counters: { fact: 0 },
    markers: [],
  };
}

export function findCharacter(state: CotState, id: string): Character | undefined {
  return state.characters.find((c) => c.id === id);
}

export function findSquare(state: CotState, id: string): Square | undefined {
  return state.squares.find((s) => s.id === id);
}

/** The characters a viewer plays: none for the GM and spectators. */
export function charactersOf(state: CotState, viewer: Viewer): Character[] {
  return viewer.role === 'player' ? state.characters.filter((c) => c.seat === viewer.seat) : [];
}

/**
 * Whether this viewer may read the character's sheet and what it yields (skill chances, 〈呼び声〉, 霊圧 …): every
 * viewer when sheets are public, else its player and the GM (COT-HID-01).
 */
export function sheetVisible(state: CotState, viewer: Viewer, characterId: string): boolean {
  if (state.options.sheetsPublic || viewer.role === 'gm') return true;
  return viewer.role === 'player' && findCharacter(state, characterId)?.seat === viewer.seat;
}

/** Every seat that plays some character, in character order, without repeats. */
export function seatedPlayers(state: CotState): string[] {
  return [...new Set(state.characters.flatMap((c) => (c.seat ? [c.seat] : [])))];
}

/** Characters in action order (COT-DIE-10). */
export function inActionOrder(state: CotState): Character[] {
  return state.party.actionOrder.map((id) => findCharacter(state, id)!).filter(Boolean);
}

/** Where the entry with this id lies on the board. */
export function locateEntry(state: CotState, entryId: string): { square: Square; index: number; entry: StackEntry } | null {
  for (const square of state.squares) {
    const index = square.stack.findIndex((e) => e.card.id === entryId);
    if (index >= 0) return { square, index, entry: square.stack[index]! };
  }
  return null;
}

/** A predicate over every card id in play, reserving ids it lets through (so fresh ids never collide). */
export function idTaken(state: CotState): IdTaken {
  const ids = new Set<string>();
  for (const c of state.deck) ids.add(c.id);
  for (const c of state.discard) ids.add(c.id);
  for (const c of state.removed) ids.add(c.id);
  for (const s of state.squares) for (const e of s.stack) ids.add(e.card.id);
  for (const ch of state.characters) for (const c of ch.hand) ids.add(c.id);
  if (state.bone?.card) ids.add(state.bone.card.id);
  return (id) => {
    if (ids.has(id)) return true;
    ids.add(id);
    return false;
  };
}

/** 無死 = floor(Σ〈死祭り〉 / 20) over these characters (COT-MOD-14). */
export function mushiOf(characters: readonly Pick<Character, 'deathRites'>[]): number {
  return Math.floor(characters.reduce((sum, c) => sum + Math.max(0, c.deathRites), 0) / 20);
}

/** The party's 無死: live, or as fixed at setup when recomputeMushi is off (COT-MOD-14, Q16). */
export function mushi(state: CotState): number {
  return state.options.recomputeMushi ? mushiOf(state.characters) : state.party.mushiAtSetup;
}
