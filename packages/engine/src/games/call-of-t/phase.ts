import type { CotPlan } from '@veiltable/protocol';
import type { Check } from './checks.ts';
import type { InvDeclaration } from './state.ts';

export type Activity = 'sleep' | 'rest' | 'watch';
export type Sense = 'see' | 'listen' | 'none';

/** A sleepwalker found at the start of the time phase (COT-TIM-03); `to` is the outcome only (COT-HID-07). */
export type Sleepwalker = { character: string; level: 'critical' | 'special' | 'success'; to: string | null; restrainedBy: string | null };

/** A spade a failed death-omen roll sends toward the gate, with the square proposed for it (COT-TIM-02). */
export type OmenCard = { character: string; cardId: string; square: string };

export type TimeStep =
  | { kind: 'omen'; cards: OmenCard[]; several: boolean; then: 'investigation' | 'sleepwalk' }
  | {
      kind: 'decision';
      sleepwalkers: Sleepwalker[];
      activities: Record<string, Activity>;
      proposal: { plan: CotPlan; accepted: string[] } | null;
    }
  | { kind: 'pursuer'; candidates: string[] };

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

export type EventStep =
  | { kind: 'encounterSense'; entryId: string; strength: number; senses: Record<string, Sense> }
  | { kind: 'encounterCombat'; entryId: string; strength: number; handoff: EncounterHandoff }
  | { kind: 'treasure'; cap: number }
  /** treasureCap: set when an obstacle ♦ caused the event; success leads to treasure of that cap (COT-FX-04). */
  | { kind: 'remains'; entryId: string | null; strength: number; treasureCap?: number }
  | { kind: 'tearSpirit'; entryId: string | null; strength: number; bone: boolean; treasureCap?: number }
  | {
      kind: 'tearSpiritCombat';
      entryId: string | null;
      strength: number;
      spiritPow: number;
      bone: boolean;
      summoner: string;
      treasureCap?: number;
    }
  /** An obstacle was overcome; a ♦ may follow (COT-FX-04) before the stack goes on. */
  | { kind: 'obstacleCleared'; strength: number }
  | {
      kind: 'obstacle';
      entryId: string;
      strength: number;
      required: number;
      total: number;
      /** Characters who reached SD 1 on a [成功度：全員１] row. */
      passed: string[];
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
