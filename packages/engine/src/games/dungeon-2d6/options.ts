import type { D6Options } from '@veiltable/protocol/games/dungeon-2d6';

/** The §9.2 table settings at their INFERRED defaults; a table changes them with `options.set`. */
export const DEFAULT_OPTIONS: D6Options = {
  // D6-CONC-07: spending concentration down to exactly 0 HP is allowed.
  concentrateToZero: true,
  // D6-CONC-08: no concentration on a fumbled defence.
  concentrateOnFumbledDefence: false,
  // D6-CONC-09: initiative is a roll, not a 判定.
  concentrateOnInitiative: false,
  // D6-ZONE-06: a failed disengage spends the 手番.
  failedDisengageSpendsTurn: true,
  // D6-INIT-01: a tie is re-rolled.
  initiativeTie: 'reroll',
  initiativeAddsAgility: true,
  // D6-COVER-05: covering against an area attack is two checks even when the cover-er was not a target.
  areaCoverWhenNotTarget: 'two-checks',
  // D6-COVER-06: one cover-er per target, one target per cover-er, not while the next 手番 is already lost.
  coverLimitPerTarget: true,
  // D6-CRIT-06: GM-run non-enemy NPCs follow the normal crit/fumble rules.
  npcCritFumble: true,
  // D6-SRCH-03: consuming a finding skill when nothing is there still spends the use.
  consumeWhenNothingThere: true,
  // D6-SKL-IRONWALL-04: the doubled value is frozen at use.
  ironWallFrozen: true,
  // D6-SKL-SUMMON-03: summons make no exploration checks at all.
  summonBarredChecks: 'exploration',
  // D6-SKL-ILLUSION-05: against an area attack the illusion protects only its user.
  illusionAreaUserOnly: true,
  // D6-SKL-FLIGHT-02: flight ends after a melee attack even when both sides fly.
  flightEndsWhenBothFly: true,
  // D6-WIN-13: the literal rule, no minimum span.
  activeWindowMinSeconds: 0,
  // D6-WIN-11: no timeout.
  windowTimeoutSeconds: 0,
};
