import type { CotCommand, CotPlan } from '@veiltable/protocol/games/call-of-t';
import type { Direction } from './board.ts';
import type { Check } from './checks.ts';
import type { InvDeclaration } from './state.ts';

/** The wait activities and the senses of an encounter, as the commands name them (COT-TIM-08, COT-ENC-03). */
export type Activity = Extract<CotCommand, { type: 'cot.time.activity' }>['activity'];
export type Sense = Extract<CotCommand, { type: 'cot.enc.sense' }>['sense'];

/** A sleepwalker found at the start of the time phase (COT-TIM-03); `to` is the outcome only (COT-HID-07). */
export type Sleepwalker = { character: string; level: 'critical' | 'special' | 'success'; to: string | null; restrainedBy: string | null };

/** A sleepwalker's step as the engine derived it from the bone, for the GM to confirm (COT-TIM-03, §10). */
export type SleepwalkHeading = { character: string; level: Sleepwalker['level']; direction: Direction | null; to: string | null };

/** A spade a failed death-omen roll sends toward the gate, with the square proposed for it (COT-TIM-02). */
export type OmenCard = { character: string; cardId: string; square: string };

export type TimeStep =
  | { kind: 'omen'; cards: OmenCard[]; several: boolean; then: 'investigation' | 'sleepwalk' }
  | { kind: 'sleepwalk'; headings: SleepwalkHeading[] }
  | {
      kind: 'decision';
      sleepwalkers: Sleepwalker[];
      activities: Record<string, Activity>;
      proposal: { plan: CotPlan; accepted: string[] } | null;
    }
  | { kind: 'pursuer'; candidates: string[] };

/**
 * What an obstacle waits for (COT-OBS-03/04): rolls; the GM's ruling (a row without a reading, or the room's choice);
 * the number the row leaves to the GM; the trap's disarm; a trap gone off; the thorns' progress; the boat's square.
 */
export type ObstacleStage = 'roll' | 'gm' | 'value' | 'disarm' | 'sprung' | 'thorns' | 'boat';

/** The POT an obstacle's poison dealt one character (T-OBS ♣3 toxic gas, ♣5 poison thorns). */
export type Poison = { character: string; poison: 'thorns' | 'gas'; pot: number };

/** The data an encounter hands to the GM (COT-ENC-03). */
export type EncounterHandoff = {
  tableRoll: number;
  tableDie: number;
  row: number;
  target: string;
  count: string;
  discovery: { character: string; sense: Sense; check: Check | null; strength: number }[];
  firstDiscoverer: string | null;
  direction: { die: number; value: number } | null;
  distanceM: number;
};

/** A searcher of the remains and the ♥ that replaces its roll, if any (COT-REM-01, T-FX-REM). */
export type Searcher = Extract<CotCommand, { type: 'cot.remains.search' }>['searchers'][number];
/** A roller of 〈死祭り〉 on accepting the tear spirits and the way it moves its 霊圧 (COT-TSP-04 step 1). */
export type Adjustment = Extract<CotCommand, { type: 'cot.tsp.accept' }>['adjust'][number];
/** A summoner of the tear spirits and the skill it rolls (COT-TSP-02). */
export type Summoner = Extract<CotCommand, { type: 'cot.tsp.summon' }>['summoners'][number];

/**
 * What one player committed to a step the party plays together: its own characters (party-choice.ts). Absent
 * (states saved before commitments) means nobody has committed yet.
 */
export type RemainsCommitment = { seat: string; searchers: Searcher[] };
export type TreasureCommitment = { seat: string; spotters: string[] };
export type TearSpiritCommitment = { seat: string; choice: 'accept'; adjust: Adjustment[] } | { seat: string; choice: 'summon'; summoners: Summoner[] };

export type EventStep =
  | { kind: 'encounterSense'; entryId: string; strength: number; senses: Record<string, Sense> }
  | { kind: 'encounterCombat'; entryId: string; strength: number; handoff: EncounterHandoff }
  | { kind: 'treasure'; cap: number; committed?: TreasureCommitment[] }
  /** treasureCap: set when an obstacle ♦ caused the event; success leads to treasure of that cap (COT-FX-04). */
  | { kind: 'remains'; entryId: string | null; strength: number; treasureCap?: number; committed?: RemainsCommitment[] }
  | { kind: 'tearSpirit'; entryId: string | null; strength: number; bone: boolean; treasureCap?: number; committed?: TearSpiritCommitment[] }
  | {
      kind: 'tearSpiritCombat';
      entryId: string | null;
      strength: number;
      spiritPow: number;
      bone: boolean;
      summoner: string;
      treasureCap?: number;
    }
  /**
   * An obstacle was overcome; a ♦ may follow (COT-FX-04) before the stack goes on. poisons: the POT it dealt that an
   * antidote may still cancel (T-TRADE 毒消し); what is left when the party goes on is the GM's to resolve.
   */
  | { kind: 'obstacleCleared'; strength: number; poisons: Poison[] }
  | {
      kind: 'obstacle';
      entryId: string;
      strength: number;
      required: number;
      total: number;
      /** Characters who reached SD 1 on a [成功度：全員１] row. */
      passed: string[];
      stage: ObstacleStage;
      /** % added to the row's rolls: the lore bonus (♣7, ♣10) or the trap's search bonus for the disarm (♣2). */
      bonus: number;
      /** Who has rolled the bonus lore on this obstacle. */
      bonusRolled: string[];
      /** The first character to succeed here: with a rope the others cross on it (♣9, ♣J). */
      anchor: string | null;
      /** The number the GM gave (♣3 CON multiplier, ♣K POW total), once given. */
      value: number | null;
      /** ♣2: the D6 of the trap that went off. */
      trap: number | null;
      /** ♣5: the progress left through the thorns. */
      progress: number | null;
      /** ♣Q: the square the engine proposes for the boat's onward move (straight on), if on the board. */
      boatTo: string | null;
    }
  | { kind: 'interaction'; entryId: string; number: number; count: number };

/** Where the game stands (COT-FLOW-01). */
export type Phase =
  | { kind: 'setup' }
  | { kind: 'investigation'; decl: InvDeclaration }
  | { kind: 'time'; step: TimeStep }
  | { kind: 'event'; step: EventStep | null; processed: string[] }
  | { kind: 'cycleEnd'; confirmed: string[] }
  | { kind: 'departed' }
  | { kind: 'night' };
