import type { GwPlace, GwResolveStep } from '@veiltable/protocol/games/grail-war';
import type { Sealed } from '../../kernel/sealed.ts';
import type { GrailWarOptions } from './options.ts';
import type { SceneDecl } from './scene-actions.ts';

export type Place = GwPlace;
export type ResolveStep = GwResolveStep;

/** FLOW-03 S3, in its order. */
export const RESOLVE_STEPS: readonly ResolveStep[] = ['moves', 'firstHalf', 'encounters', 'battles', 'secondHalf', 'special'];

/**
 * The scene and day flow (GW-FLOW-02/03): where the campaign stands, the GM's places (FLOW-01 step 2, until a region
 * model exists) and the current scene's sealed declarations (GW-HIDE-D1). S1 and S4 run whole inside one command
 * each, so the step is S0 pre-scene, S2 declarations or S3 resolution.
 */
export type Campaign = {
  day: number;
  half: 'day' | 'night';
  /** 1-based within the half (`opt:scenesPerDay`). */
  index: number;
  step: 'pre' | 'declare' | 'resolve';
  /** S3: how many of RESOLVE_STEPS are done. */
  resolved: number;
  places: Place[];
  /** Keyed by character id; null before the first scene begins. */
  declarations: Sealed<SceneDecl> | null;
  /** GW-HIDE-04: when the open declarations lock by the room's step timer (ms since the epoch), or null. */
  deadline: number | null;
  /** Servants whose declaration their master rewrote with SEAL-10 (a) this scene (GW-HIDE-D2). */
  rewritten: string[];
  /** MASTER-01 (a): masters who may only rest this scene, fixed at S1 step 6. */
  restOnly: string[];
  /** The last battle id counted into this scene's and day's battle records. */
  battlesSeen: number;
  /** Characters in a front-row battle today (CLASS-02 (1)), and scenes today with a battle (CLASS-02 (3)). */
  frontToday: string[];
  battleScenesToday: number;
  sceneHadBattle: boolean;
  /** INFO-05 (c): the kinds each knower gained about each servant from this scene's encounters. */
  infoMet: { knower: string; target: string; kind: 'encounter' | 'rumor' | 'combat' | 'legend' }[];
  /** CLASS-02 (1): consecutive days with a front-row battle, per character; day n of a streak gives +(n−1). */
  streaks: Record<string, number>;
  /** FLOW-04 step 4: days since summoning, per servant (CLASS-02 (3)). */
  daysSummoned: Record<string, number>;
};

/** Day 1, the first Day scene, before it starts. */
export function newCampaign(): Campaign {
  return {
    day: 1,
    half: 'day',
    index: 1,
    step: 'pre',
    resolved: 0,
    places: [],
    declarations: null,
    deadline: null,
    rewritten: [],
    restOnly: [],
    battlesSeen: 0,
    frontToday: [],
    battleScenesToday: 0,
    sceneHadBattle: false,
    infoMet: [],
    streaks: {},
    daysSummoned: {},
  };
}

/** The S3 step to resolve next, or null outside S3 or once all six are done. */
export const resolveStepOf = (c: Campaign): ResolveStep | null => (c.step === 'resolve' ? (RESOLVE_STEPS[c.resolved] ?? null) : null);

/** GW-FLOW-02: the last Night scene of the day (a count lowered mid-day ends the half at once). */
export const lastOfDay = (c: Campaign, o: GrailWarOptions): boolean => c.half === 'night' && c.index >= o.scenesPerDay.night;

/** Moves to the next scene: Day scenes, then Night scenes, then the next day's first Day scene (FLOW-02). */
export function advance(c: Campaign, o: GrailWarOptions): void {
  if (c.half === 'day' && c.index < o.scenesPerDay.day) c.index += 1;
  else if (c.half === 'day') [c.half, c.index] = ['night', 1];
  else if (c.index < o.scenesPerDay.night) c.index += 1;
  else [c.day, c.half, c.index] = [c.day + 1, 'day', 1];
  c.step = 'pre';
  c.resolved = 0;
  c.declarations = null;
  c.deadline = null;
  c.rewritten = [];
  c.restOnly = [];
  c.sceneHadBattle = false;
  c.infoMet = [];
}
