import { setupCast } from '../../capabilities/characters/cast.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import { secondsAfter } from '../../kernel/game.ts';
import { mapKeeping, mapValuesKeeping, withMissing } from '../../kernel/upgrade.ts';
import type { GrailWarOptions } from './options.ts';
import { defaultGrailWarOptions } from './options.ts';
import type { Campaign } from './campaign.ts';
import { newCampaign } from './campaign.ts';
import { newRegionMap } from './region-map.ts';
import type { Knowledge } from './commands.ts';
import type { InfoState } from './info-ledger.ts';
import { correctTo, freshEntry, newInfoState } from './info-ledger.ts';
import { newSummon } from './summon-state.ts';
import type { Relation } from './relations.ts';
import { newChart } from './chart.ts';
import { MAX_SCORE, registerPair } from './relations.ts';
import type { SceneEffect } from './scene-effects.ts';
import { movesCurrent } from './scene-effects.ts';
import { RESCUE_SCENES } from './rescue.ts';
import type { Battle, Character, GrailWarState, SlotRecord } from './state.ts';

/**
 * Options an earlier version did not have and did not behave by today's default. Every other missing option gets
 * its default, which is what the rules did before the option existed (the rule it switches was not there yet).
 */
const EARLIER_BEHAVIOUR: Partial<GrailWarOptions> = {
  // HIDE-F17 came with `partnerSeesTrust`: before, a master saw its servant's trust.
  partnerSeesTrust: true,
  // BATTLE-19's card loss came with `armyDefenseLoss`: before, an army (군세) attack took no 방어 cards.
  armyDefenseLoss: 0,
  // SPEC-05 000's base came with these: before, one 신념 gave 001 #18's 기존 HP/MP +20 and damage +2.
  conviction000HpMp: 20,
  conviction000Damage: 2,
};

/**
 * Game.upgrade for grail-war: a room saved before the relationship chart, "for the scene" effects, character
 * concealment, step deadlines, the scene flow and summoning gets them (the flow at day 1's first scene, not yet begun), with the
 * options it lacks set as it played them, and scene effects saved before they held what they moved the current HP and
 * MP by end as they ended then.
 */
export function upgrade(saved: unknown, at: number): GrailWarState {
  // Rooms saved before the table's chat and dice came to Grail War start with an empty feed; before characters, with
  // each seat's first character only.
  const s = withMissing(saved as GrailWarState, { ...setupFeed(), ...setupCast() });
  const options = withMissing(s.options, { ...defaultGrailWarOptions(s.options.rulesVersion), ...EARLIER_BEHAVIOUR });
  const characters = mapValuesKeeping(s.characters, (c) => upgradeCharacter(c, s.battle));
  const battle = s.battle && upgradeBattle(s.battle, options, at);
  // A campaign saved before the declarations' step timer (GW-HIDE-04) has none running, and has met no one yet (INFO-05).
  const campaign: Campaign = 'campaign' in s ? withMissing(s.campaign, { deadline: null, infoMet: [] }) : newCampaign();
  const charted = 'relations' in s;
  if (charted && 'chart' in s && 'concealment' in s && 'stock' in s && 'regions' in s && 'xpScouted' in s && 'info' in s && 'summon' in s && s === saved && options === s.options && characters === s.characters && battle === s.battle && campaign === s.campaign) return s;
  const next = withMissing({ ...s, options, characters, battle, campaign }, { chart: newChart(), concealment: {}, stock: {}, regions: newRegionMap(), xpScouted: {}, info: infoFrom(s.ledger), summon: newSummon() });
  return charted ? next : { ...next, relations: chartOf(next) };
}

/** A room saved before the full ledger keeps each summary as the GM's correction of a fresh entry (INFO-04). */
function infoFrom(ledger: Knowledge[]): InfoState {
  const info = newInfoState();
  for (const k of ledger) {
    const e = freshEntry(k.knower, k.target);
    correctTo(e, k);
    info.entries.push(e);
  }
  return info;
}

/**
 * A character saved before scene effects, or with scene effects of the earlier shape, or before the Guardian
 * lineage's one use and the Forced Retreat deadline were kept (CLASS-04, SEAL-02). Its lineage counts as used if the
 * battle it was saved in runs with it; a rescue the earlier version only flagged waits its two scene ends from now.
 */
function upgradeCharacter(c: Character, battle: Battle | null): Character {
  const { rescuedPendingVanish, ...rest } = c as Character & { rescuedPendingVanish?: boolean };
  const flagged = rescuedPendingVanish === undefined ? c : (rest as Character);
  const filled = withMissing(flagged, {
    sceneEffects: [],
    stanceReady: false,
    funds: 0,
    stash: [],
    guardianUsed: battle?.participants.some((p) => p.id === c.id && p.guardian) ?? false,
    vanished: false,
    trustScore: null,
    rescueScenesLeft: rescuedPendingVanish ? RESCUE_SCENES : null,
  });
  const sceneEffects = mapKeeping(filled.sceneEffects, upgradeEffect);
  return sceneEffects === filled.sceneEffects ? filled : { ...filled, sceneEffects };
}

/**
 * A scene effect saved before it held what it moved the current HP and MP by. An HP raise or trust shift then moved
 * them by its whole change to the maxima and its end undid that whole change, a cut giving back all of it even where
 * the floor had held the value up; reading the change as the move keeps that end. A potion moved neither.
 */
function upgradeEffect(e: SceneEffect): SceneEffect {
  return withMissing(e, movesCurrent(e) ? { hp: e.maxHp, mp: e.maxMp } : { hp: 0, mp: 0 });
}

/**
 * The relationship chart (GW-REL) of a room saved before it existed: every contracted pair registered with each
 * other at 0, as registration does now (REL-01), and a servant under a Binding Order with the 000 effect (SEAL-09)
 * at the extreme its binding records, the only place the earlier version kept that effect.
 */
function chartOf(state: GrailWarState): Relation[] {
  const chart: GrailWarState = { ...state, relations: [] };
  for (const c of Object.values(state.characters)) if (c.partner !== null) registerPair(chart, c.id, c.partner);
  const trustEffect = state.options.sealRules === '001' && state.options.trustRule;
  return chart.relations.map((r) => {
    const binding = state.characters[r.holder]?.binding;
    return binding && !trustEffect ? { ...r, score: binding.extreme === 'max' ? MAX_SCORE : -MAX_SCORE } : r;
  });
}

/**
 * A battle saved before a sealed step held its deadline (GW-HIDE-04). The earlier server gave an open step the
 * room's whole step timer whenever it armed it, a restart included, so an open step is due that long after `at`.
 */
function upgradeBattle(b: Battle, options: GrailWarOptions, at: number): Battle {
  const seconds = options.stepTimerSeconds;
  const deadline = b.phase !== 'ended' && seconds !== null ? secondsAfter(at, seconds) : null;
  const timed = withMissing(b, { deadline });
  const history = mapKeeping(b.history, (r) => upgradeRecord(b, r));
  return history === b.history ? timed : { ...timed, history };
}

/**
 * A slot record saved before supports named their mode: the mode comes from the batch's revealed plan while the
 * battle still holds it (its last batch), else physical. In play only the concealment trial (SAN-02) tells the two
 * apart, and a room that old has it off until its GM turns it on.
 */
function upgradeRecord(b: Battle, r: SlotRecord): SlotRecord {
  const supports = mapKeeping(r.supports, (x) => {
    const slot = r.batch === b.batch ? b.plans[x.supporter]?.slots[r.slot - 1] : undefined;
    return withMissing(x, { mode: slot?.type === 'support' ? slot.mode : 'physical' });
  });
  return supports === r.supports ? r : { ...r, supports };
}
