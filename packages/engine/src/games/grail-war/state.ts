import type { CastSlice } from '../../capabilities/characters/cast.ts';
import { setupCast } from '../../capabilities/characters/cast.ts';
import type { FeedSlice } from '../../capabilities/feed/feed.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { RngState } from '../../kernel/rng.ts';
import { newRngState } from '../../kernel/rng.ts';
import type { Sealed } from '../../kernel/sealed.ts';
import type { Campaign } from './campaign.ts';
import { newCampaign } from './campaign.ts';
import type { RegionMap } from './region-map.ts';
import { newRegionMap } from './region-map.ts';
import type { InfoState } from './info-ledger.ts';
import { newInfoState } from './info-ledger.ts';
import type { BatchPlan, Judgment, Knowledge, PlusStat, PrebattleDecl, WindowAction, WindowDecl } from './commands.ts';
import type { DamageStep } from './damage.ts';
import type { GrailWarOptions } from './options.ts';
import { defaultGrailWarOptions } from './options.ts';
import type { Pool } from './pool.ts';
import type { Chart } from './chart.ts';
import { newChart } from './chart.ts';
import type { Relation } from './relations.ts';
import type { SceneEffect } from './scene-effects.ts';
import type { ShopItemId } from './shop-catalogue.ts';
import type { ItemId, Sheet } from './sheets.ts';
import type { Summon } from './summon-state.ts';
import { newSummon } from './summon-state.ts';

export type Character = {
  id: string;
  seat: string;
  /** The contracted partner (GW-CORE-01); each side of a pair points at the other. */
  partner: string | null;
  sheet: Sheet;
  /** SEAL-02 001: once per master. */
  retreatUsed: boolean;
  /** SEAL-06: usable once (per master, INFERRED). */
  restorationUsed: boolean;
  /**
   * SEAL-02 001: a servant rescued at HP ≤ 0 vanishes unless its HP is above 0 by the end of the next scene: the
   * scene ends (`scene.end`) still to come before that check, 2 at the rescue; null when no rescue is pending.
   */
  rescueScenesLeft: number | null;
  /** SEAL-02 001: vanished (소멸) at that deadline; it takes part in no battle again. */
  vanished: boolean;
  /** CLASS-04 (001 #5 "1회에 한해"): the Guardian lineage has been used; it is used once, for one battle. */
  guardianUsed: boolean;
  /** MASTER-01: a master who ended a battle at HP or MP ≤ 0; cleared or turned into death by `master.settle`. */
  zero: boolean;
  /** MASTER-01 (d): still below 1 after rest and conversion. */
  dead: boolean;
  /** MISC-01: the two SS keywords, private to the writer's pair and the GM. */
  ssKeywords: string[];
  /** SEAL-09: the standing Binding Order on this servant, if any. */
  binding: Binding | null;
  /** TRUST-01 trial: the servant's trust in its master (−10..10) and the days it stays locked (TRUST-04). */
  trust: number;
  trustLockDays: number;
  /** TRUST-01: the score the servant gave tonight, applied by the day end's trust step; null when none waits. */
  trustScore: number | null;
  /** SEAL-11: the one resistance a servant at trust −10 has against its master's seals, once used. */
  sealResisted: boolean;
  /**
   * GW-ITEM "for the scene" consumables, and a servant's max HP raises worn into a battle (ITEM-E1/C2, CLASS-02 (2)), in
   * force on this character until the GM ends the scene (FLOW-03 S4 step 5).
   */
  sceneEffects: SceneEffect[];
  /** SEAL-03 used before the scene (SEAL-00): this servant's next battle starts in Attack Stance. */
  stanceReady: boolean;
  /** Funds 자금점 (GW-CORE-04), never below 0. */
  funds: number;
  /** Mystic Codes owned and not worn (GW-ITEM-01); worn ones are the sheet's `items`, which battles read. */
  stash: ItemId[];
};

/** SEAL-09: the order's text and which extreme it sets (relationship under 000, trust ±10 under 001 + trustRule). */
export type Binding = { order: string; extreme: 'max' | 'min' };

export type Participant = {
  id: string;
  side: string;
  row: 'front' | 'back';
  status: 'standing' | 'defeated' | 'retreated';
  pool: Pool;
  /** SEAL-03 001: nothing is consumed in this battle. */
  noConsume: boolean;
  attackStance: boolean;
  plus: PlusStat[];
  convictionSpent: number;
  protection: boolean;
  berserkerPotion: boolean;
  guardian: boolean;
  /** Non-wait judgment cap (master) and how many have been used (SPEC-05, BATTLE-06). */
  limit: number | null;
  used: number;
  oneHitKillUsed: boolean;
  arcaneUsed: boolean;
  fateUsed: number;
  /** CLASS-03 old: the first attack card against a servant has been played. */
  firstAttackDone: boolean;
  /** Global slot numbers (batch·5 + slot) covered by SEAL-07 and SEAL-08. */
  forcedSlots: number[];
  forcedPairs: { slot: number; opponent: string }[];
  absoluteSlots: number[];
  /** BATTLE-M2: batches in which every judgment gets +. */
  ambushBatches: number[];
  streak: number;
  dealt: Record<string, number>;
  taken: { hp: number; mp: number };
};

/** A revealed pairing, with the damage each side dealt (null: no hit). */
export type Hit = {
  attacker: string;
  target: string;
  hp: number;
  mp: number;
  steps: DamageStep[];
  /**
   * 'pairing' | 'splash' (CLASS-03 (1)) | 'arcane' (000 BATTLE-16) | 'trust' (a card's damage passed on, TRUST-05) |
   * 'shield' (a master's damage taken by its servant, TRUST-03).
   */
  via: 'pairing' | 'splash' | 'arcane' | 'trust' | 'shield';
};
export type SlotRecord = {
  batch: number;
  slot: number;
  plays: { character: string; opponent: string; judgment: Judgment }[];
  supports: { supporter: string; ally: string; opponent: string; mode: 'physical' | 'magic'; accepted: boolean }[];
  hits: Hit[];
  npCosts: { character: string; mp: number }[];
  defeated: string[];
};

export type Reward = { character: string; xp: number; merit: number; info: { target: string; type: 'combat'; points: number }[]; notes: string[] };

export type Battle = {
  id: number;
  phase: 'prebattle' | 'submit' | 'window' | 'ended';
  scene: 'day' | 'night';
  participants: Participant[];
  regions: Record<string, string>;
  knowledge: Knowledge[];
  ambushSide: string | null;
  batch: number;
  batches: number;
  slotsPlayed: number;
  prebattle: Sealed<PrebattleDecl>;
  submission: Sealed<BatchPlan> | null;
  /** Who faces whom in the current batch. */
  engaged: Record<string, string[]>;
  /** The revealed plans of the current batch, after any SEAL-10 swap. */
  plans: Record<string, BatchPlan>;
  window: Sealed<WindowDecl> | null;
  /** GW-HIDE-04: when the open sealed step is forced (ms since the epoch), or null without a step timer. */
  deadline: number | null;
  windowActions: { master: string; action: WindowAction }[];
  history: SlotRecord[];
  /** Who used an NP in this battle (INFO-08). */
  npUsers: string[];
  withdrawnSides: string[];
  winner: string | null;
  endReason: 'sideDown' | 'withdrawal' | 'batchesDone' | 'retreat' | null;
  rewards: Reward[] | null;
  /** GM overrides, in order. */
  overrides: Override[];
};

/** A GM correction of a battle result, with the reason it was made (issue 4 item 7). */
export type Override = { batch: number; afterSlot: number; character: string; hp: number; mp: number; reason: string };

export type Seat = { id: string; name: string };

/** SAN (§13 trial): a character's concealment, its battles per region (SAN-07) and its Church sanctions (SAN-01). */
export type Concealment = { value: number; regions: Record<string, { battles: number; last: number }>; sanctions: number };

export type GrailWarState = FeedSlice & CastSlice & {
  rng: RngState;
  options: GrailWarOptions;
  /** The players' seats in the order the GM made them (s1, s2, …); characters name their owner seat. */
  seats: Seat[];
  characters: Record<string, Character>;
  /**
   * The information state battles read (INFO-12..15), kept by the GM until the campaign layer exists. Each entry
   * holds the authoritative and the believed total apart (HIDE-F11..F13); battle.start snapshots it.
   */
  ledger: Knowledge[];
  /** The full ledger per knower × servant, core pieces and this scene's encounter kinds (GW-INFO); `ledger` is derived from it. */
  info: InfoState;
  battle: Battle | null;
  battleCount: number;
  /** The relationship chart (GW-REL): every entry, each direction apart. */
  relations: Relation[];
  /** The chart's offers, scene counts, sealed scores and shares (GW-REL-01/03/10). */
  chart: Chart;
  /** Per character, kept once `characterConcealment` has charged it a battle; absent means untouched (100). */
  concealment: Record<string, Concealment>;
  /** The scene and day flow (GW-FLOW-02..05). */
  campaign: Campaign;
  /** What the shop of each place sells, keyed by place id (GW-ITEM-01); a place without an entry sells nothing. */
  stock: Record<string, ShopItemId[]>;
  /** The region map (GW-CORE-08, §8). */
  regions: RegionMap;
  /** GW-XP-01: per character, the scene·place keys whose scouting XP it has had (one per location per scene). */
  xpScouted: Record<string, string[]>;
  /** GW-SUMMON-01 and CONTRACT-02: drawn classes, catalysts, cancelled contracts (summon.ts, contract.ts). */
  summon: Summon;
};

/** Slots per batch (GW-BATTLE-09: fixed at 5). */
export const SLOTS = 5;

/** An empty room with default options. */
export function setup(seed: string): GrailWarState {
  return { ...setupFeed(), ...setupCast(), rng: newRngState(seed), options: defaultGrailWarOptions('001'), seats: [], characters: {}, ledger: [], info: newInfoState(), battle: null, battleCount: 0, relations: [], chart: newChart(), concealment: {}, campaign: newCampaign(), stock: {}, regions: newRegionMap(), xpScouted: {}, summon: newSummon() };
}

/** The character with this id, if any (ids come from the wire, so no prototype key counts). */
export function characterOf(state: GrailWarState, id: string): Character | undefined {
  return Object.hasOwn(state.characters, id) ? state.characters[id] : undefined;
}

/** The character a player seat controls (one per seat). */
export function characterOfSeat(state: GrailWarState, seat: string): Character | undefined {
  return Object.values(state.characters).find((c) => c.seat === seat);
}

/**
 * The id the next registered character gets: c1, c2, … in registration order, like seats (s1, s2, …). Characters are
 * never removed, so the count names a free id; one taken anyway (a fixture's handle) is stepped over.
 */
export function nextCharacterId(state: GrailWarState): string {
  let n = Object.keys(state.characters).length + 1;
  while (Object.hasOwn(state.characters, `c${n}`)) n += 1;
  return `c${n}`;
}

/** Seats that see a character's private state: its owner and its partner's owner (GW-HIDE-00). */
export function privateSeats(state: GrailWarState, id: string): string[] {
  const c = characterOf(state, id);
  if (!c) return [];
  const partner = c.partner ? characterOf(state, c.partner) : undefined;
  return partner ? [c.seat, partner.seat] : [c.seat];
}

/** The battle's participant for this character, if it takes part. */
export function participantOf(battle: Battle, id: string): Participant | undefined {
  return battle.participants.find((p) => p.id === id);
}

/** A slot counted over the whole battle (1-based), as SEAL-07/08 cover the next three wherever the batch ends. */
export const globalSlot = (batch: number, slot: number): number => (batch - 1) * SLOTS + slot;
