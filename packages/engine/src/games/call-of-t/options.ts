import type { CotOptions } from '@veiltable/protocol/games/call-of-t';

/**
 * Every INFERRED default of the rules (§13), in one place so a GM can override any of them at setup.
 * Each line names the rule or open question that makes it a choice rather than a rule.
 */
export const defaultCotOptions: Readonly<CotOptions> = Object.freeze({
  /** Q1, COT-MOD-07: the ace is strength 14 (false: strength 1). */
  aceHigh: true,
  /** COT-DIE-03: a chance of 0 or less fails without a roll (false: roll with the 01–05 / 96–00 rules). */
  autoFailAtZero: true,
  /** COT-HID-03: tentative investigation choices stay sealed until the lock (true: shown to all players). */
  openDeclarations: false,
  /** Q9, COT-HID-06: a scouted suit is told to the scout alone (party: to every player). */
  scoutSharing: 'private',
  /** Q3, COT-INV-05: vision rolls the 〈偵察〉 set (autoSuccess: the heart is a substitute). */
  visionResolution: 'scoutRoll',
  /** Q5, COT-TIM-02: the death omen opens the time phase. */
  deathOmenTiming: 'timePhase',
  /** Q6, COT-EVT-01: the gate square triggers events like any other. */
  gateIsSafe: false,
  /** Q7, COT-TIM-09: a watcher pays +1 LTF on top of the −4 CON modifier. */
  watchCost: 1,
  /** Q14, COT-TIM-08: food eaten per character per wait. */
  foodPerWait: 0,
  /** Q16, COT-MOD-14: 無死 follows 〈死祭り〉 as it changes (false: fixed at setup). */
  recomputeMushi: true,
  /** Q10, COT-ENC-05: the cycle after a retreat starts at the time phase. */
  retreatSkipsInvestigation: true,
  /** Q4, COT-DIE-06: what a roll substitute counts as. */
  substituteLevel: 'success',
  /** COT-HID-01: character sheets are public to every player. */
  sheetsPublic: true,
  /** COT-MOD-13, COT-END-03: the night cycle follows cycle 14. */
  maxCycles: 14,
  /**
   * Q5, COT-TIM-02: an omen spade goes on the squares nearest the gate (roadBack: one step from the party along its
   * own way back to the gate, vertical first).
   */
  omenPlacement: 'nearGate',
  /** Q14, COT-MOD-07: an empty deck takes the discard pile back, shuffled face-down (none: nothing is drawn). */
  deckExhaustion: 'reshuffle',
  /**
   * Q14, COT-TRS-03: treasure cannot be used during the mission, food (rank 2) included; above 0, a food treasure
   * also gives this many rations per character to the party's food.
   */
  foodTreasureRations: 0,
  /** Q11, COT-OBS-04: the engine plays its reading of the trap, gas, thorns and labyrinth (true: the GM rules them). */
  gmObstacleRows: false,
});

/** Options with the GM's overrides laid over the defaults. */
export function resolveOptions(overrides: Partial<CotOptions> | undefined): CotOptions {
  return { ...defaultCotOptions, ...(overrides ?? {}) };
}
