import { z } from 'zod';
import { releaseView } from '../../capabilities/release.ts';
import { seatId, viewer } from '../../common.ts';
import { charactersView } from '../../capabilities/characters.ts';
import { feedView } from '../../capabilities/feed.ts';
import { gwBatchPlan, gwJudgment, gwMasterStat, gwPlusStat, gwPrebattleDecl, gwRelation, gwWindowAction, gwWindowDecl } from './commands.ts';
import { gwOptions } from './options.ts';
import { gwCharacterId, gwClassId, gwItemId, gwMeter, gwSheet } from './sheets.ts';
import { gwChartView, gwRelationEvents } from './relations.ts';
import { gwMapView, gwRegionEvents } from './regions.ts';
import { gwCampaignView, gwSceneEnded, gwSceneEvents } from './scenes.ts';
import { gwShopEvents, gwShopsView } from './shop.ts';
import { gwInfoEntryView } from './info.ts';
import { gwContractEvents, gwSummonView } from './contracts.ts';

const stepName = z.enum(['base', 'plus', 'assassin', 'flat', 'double', 'penalty', 'defender', 'info', 'floor', 'npHalf', 'npReduce', 'nullified', 'passed', 'shielded']);
/** GM steps carry running totals; player steps never do, and never include 'info' (GW-HIDE-03). */
const gmStep = z.strictObject({ step: stepName, source: z.string(), amount: z.number(), running: z.number() });
const playerStep = z.strictObject({ step: stepName.exclude(['info']), source: z.string(), amount: z.number() });

export const gwHitView = z.strictObject({
  attacker: gwCharacterId,
  target: gwCharacterId,
  hp: z.number().int(),
  mp: z.number().int(),
  via: z.enum(['pairing', 'splash', 'arcane', 'trust', 'shield']),
  steps: z.union([z.array(gmStep), z.array(playerStep)]).optional(),
});

export const gwSlotView = z.strictObject({
  batch: z.number().int(),
  slot: z.number().int(),
  plays: z.array(z.strictObject({ character: gwCharacterId, opponent: gwCharacterId, judgment: gwJudgment })),
  supports: z.array(z.strictObject({ supporter: gwCharacterId, ally: gwCharacterId, opponent: gwCharacterId, mode: z.enum(['physical', 'magic']), accepted: z.boolean() })),
  hits: z.array(gwHitView),
  /** NP MP costs: only the paying character's side sees them (GW-HIDE-F06). */
  npCosts: z.array(z.strictObject({ character: gwCharacterId, mp: z.number().int() })),
  defeated: z.array(gwCharacterId),
});

const sealedView = <A extends z.ZodType>(answer: A) =>
  z.strictObject({
    status: z.enum(['open', 'revealed']),
    /** After the reveal, each answer comes with its salt, so anyone can check its commitment. */
    entries: z.array(
      z.strictObject({ character: gwCharacterId, declared: z.boolean(), commitment: z.string().regex(/^[0-9a-f]{64}$/).optional(), answer: answer.optional(), salt: z.string().optional() }),
    ),
  });

/** The believed total only, unless the viewer is the GM (GW-HIDE-F11/F13). */
export const gwKnowledgeView = z.strictObject({
  knower: gwCharacterId,
  target: gwCharacterId,
  believed: z.number().int(),
  total: z.number().int().optional(),
  classKnown: z.boolean(),
  failedGuess: z.boolean(),
  trueNameKnown: z.boolean(),
});

/** A GM correction of a result, with its reason. */
export const gwOverride = z.strictObject({
  batch: z.number().int(),
  afterSlot: z.number().int(),
  character: gwCharacterId,
  hp: z.number().int(),
  mp: z.number().int(),
  reason: z.string(),
});

export const gwReward = z.strictObject({
  character: gwCharacterId,
  xp: z.number().int(),
  merit: z.number().int(),
  info: z.array(z.strictObject({ target: gwCharacterId, type: z.literal('combat'), points: z.number().int() })),
  notes: z.array(z.string()),
});

const participantPrivate = z.strictObject({
  pool: z.record(z.string(), z.number().int().min(0)),
  noConsume: z.boolean(),
  attackStance: z.boolean(),
  plus: z.array(gwPlusStat),
  convictionSpent: z.number().int(),
  protection: z.boolean(),
  berserkerPotion: z.boolean(),
  guardian: z.boolean(),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  oneHitKillUsed: z.boolean(),
  arcaneUsed: z.boolean(),
  fateUsed: z.number().int(),
  firstAttackDone: z.boolean(),
  forcedSlots: z.array(z.number().int()),
  forcedPairs: z.array(z.strictObject({ slot: z.number().int(), opponent: gwCharacterId })),
  absoluteSlots: z.array(z.number().int()),
  ambushBatches: z.array(z.number().int()),
  streak: z.number().int(),
  dealt: z.record(z.string(), z.number().int()),
  taken: z.strictObject({ hp: z.number().int(), mp: z.number().int() }),
});

export const gwParticipantView = z.strictObject({
  id: gwCharacterId,
  side: z.string(),
  row: z.enum(['front', 'back']),
  status: z.enum(['standing', 'defeated', 'retreated']),
  hp: gwMeter.nullable(),
  mp: gwMeter.nullable(),
  private: participantPrivate.nullable(),
});

export const gwBattleView = z.strictObject({
  id: z.number().int(),
  phase: z.enum(['prebattle', 'submit', 'window', 'ended']),
  scene: z.enum(['day', 'night']),
  batch: z.number().int(),
  batches: z.number().int(),
  slotsPlayed: z.number().int(),
  engaged: z.record(z.string(), z.array(gwCharacterId)),
  participants: z.array(gwParticipantView),
  prebattle: sealedView(gwPrebattleDecl).nullable(),
  submission: sealedView(gwBatchPlan).nullable(),
  window: sealedView(gwWindowDecl).nullable(),
  /** GW-HIDE-04: when the open sealed step is forced (ms since the epoch); null without a timer or outside the battle. */
  deadline: z.number().int().nullable(),
  plans: z.record(z.string(), gwBatchPlan).nullable(),
  windowActions: z.array(z.strictObject({ master: gwCharacterId, action: gwWindowAction })).nullable(),
  knowledge: z.array(gwKnowledgeView),
  withdrawnSides: z.array(z.string()),
  winner: z.string().nullable(),
  endReason: z.enum(['sideDown', 'withdrawal', 'batchesDone', 'retreat']).nullable(),
  rewards: z.array(gwReward),
});

const gwBinding = z.strictObject({ order: z.string(), extreme: z.enum(['max', 'min']) });
const gwCharacterStatus = z.strictObject({
  zero: z.boolean(),
  dead: z.boolean(),
  ssKeywords: z.array(z.string()),
  binding: gwBinding.nullable(),
  trust: z.number().int().nullable(),
  trustLockDays: z.number().int().nullable(),
  /** TRUST-01: the servant's score for tonight, until the day end applies it (HIDE-D8): the servant and the GM. */
  trustScore: z.number().int().nullable(),
  sealResisted: z.boolean(),
  /** GW-ITEM "for the scene" consumables, the servant's HP raises (charms, CLASS-02 (2)) and trust shift (TRUST-02) in force, with what they added to the maxima. */
  sceneEffects: z.array(
    z.strictObject({
      item: z.enum(['lifePotion', 'mindPotion', 'protectionPotion', 'berserkerPotion', 'guardianCharm', 'lifeCharm', 'classHp', 'trust']),
      kind: z.enum(['smash', 'counter', 'rush', 'normal']).nullable(),
      maxHp: z.number().int(),
      maxMp: z.number().int(),
    }),
  ),
  /** SEAL-03 used before the scene: the servant's next battle starts in Attack Stance. */
  stanceReady: z.boolean(),
  /** Funds 자금점 (GW-CORE-04) and the Mystic Codes owned but not worn; worn ones are the sheet's items (GW-HIDE-F09). */
  funds: z.number().int().min(0),
  stash: z.array(gwItemId),
  /** CLASS-04: the Guardian lineage's one use is spent. */
  guardianUsed: z.boolean(),
  /** SEAL-02 001: scene ends left before a rescued servant at HP ≤ 0 vanishes; null when none is pending. */
  rescueScenesLeft: z.number().int().nullable(),
  /** SEAL-02 001: the servant vanished (소멸) at that deadline. */
  vanished: z.boolean(),
  /** SAN trial (GW-HIDE-F18); null while `characterConcealment` is off. */
  concealment: z.number().int().nullable(),
  /** GW-HIDE-F01 under `notifyTrueNameReveal`; null otherwise or for masters. */
  trueNameRevealed: z.boolean().nullable(),
});

/** The Grail War room as one viewer may see it (§17). Produced only by the engine's view(). */
export const gwView = z.strictObject({
  game: z.literal('grail-war'),
  viewer,
  options: gwOptions,
  seats: z.array(z.strictObject({ id: seatId, name: z.string() })),
  /** The table's chat and dice lines this viewer may read. */
  ...feedView,
  /** Every character at the table (seats' and the GM's NPCs), each as this viewer may see it. */
  ...charactersView,
  ...releaseView,
  characters: z.array(
    z.strictObject({
      id: gwCharacterId,
      kind: z.enum(['servant', 'master']),
      name: z.string(),
      /** The owner's seat: owner, partner and GM only. */
      seat: seatId.nullable(),
      /** The contracted partner (GW-CORE-01): owner, partner and GM only, like the seat. */
      partner: gwCharacterId.nullable(),
      /** Per-knower (GW-HIDE-F02) and owner/partner/GM. */
      className: gwClassId.nullable(),
      /** Owner, partner and GM, or a knower after a reveal (GW-HIDE-F01). */
      trueName: z.string().nullable(),
      sheet: gwSheet.nullable(),
      /** Campaign flags (MASTER-01, MISC-01, SEAL-09, TRUST): owner, partner and GM only. */
      status: gwCharacterStatus.nullable(),
      /** Church sanctions (GW-SAN-01): public. */
      sanctions: z.number().int().min(0),
    }),
  ),
  /** The room's information ledger, per knower (HIDE-F11). */
  ledger: z.array(gwKnowledgeView),
  /** The full ledger entries this viewer may read: the knower's believed one, the GM's with the authoritative points (GW-HIDE-F11/F13/F14). */
  info: z.array(gwInfoEntryView),
  /** The relationship chart, the holder's entries only (GW-HIDE-F15/F16). */
  relations: z.array(gwRelation.strict()),
  /** Offers, this scene's count and sealed scores: the characters' own (GW-HIDE-D7/D10). */
  chart: gwChartView,
  battle: gwBattleView.nullable(),
  /** The scene and day flow (GW-FLOW-02/03, GW-HIDE-F19). */
  campaign: gwCampaignView,
  /** The shops of places (GW-ITEM-01) this viewer may see. */
  shops: gwShopsView,
  /** The region map as the viewer knows it (GW-CORE-08, GW-HIDE-F19/F21/F22). */
  map: gwMapView,
  /** GW-SUMMON-01, HIDE-F20/F24; null for spectators. */
  summon: gwSummonView.nullable(),
});
export type GwView = z.infer<typeof gwView>;
export type GwBattleView = z.infer<typeof gwBattleView>;
export type GwParticipantView = z.infer<typeof gwParticipantView>;
export type GwCharacterView = GwView['characters'][number];
export type GwCharacterStatus = z.infer<typeof gwCharacterStatus>;
export type GwHitView = z.infer<typeof gwHitView>;
export type GwSlotView = z.infer<typeof gwSlotView>;
export type GwKnowledgeView = z.infer<typeof gwKnowledgeView>;
export type GwOverride = z.infer<typeof gwOverride>;
export type GwReward = z.infer<typeof gwReward>;
export type GwBinding = z.infer<typeof gwBinding>;
export type GwPublicParticipant = z.infer<typeof publicParticipant>;

const revealed = <A extends z.ZodType>(answer: A) =>
  z.array(z.strictObject({ seat: gwCharacterId, declared: z.boolean(), answer: answer.optional(), salt: z.string().optional(), commitment: z.string().optional() }));
const publicParticipant = z.strictObject({ id: gwCharacterId, side: z.string(), row: z.enum(['front', 'back']), name: z.string(), kind: z.enum(['servant', 'master']) });

/** What one viewer learns from one event (server → client). */
export const gwViewEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('options.set'), options: gwOptions }),
  z.strictObject({ type: z.literal('seat.added'), seat: seatId, name: z.string() }),
  z.strictObject({ type: z.literal('character.registered'), id: gwCharacterId, kind: z.enum(['servant', 'master']), name: z.string(), sheet: gwSheet.optional() }),
  z.strictObject({ type: z.literal('character.updated'), id: gwCharacterId, kind: z.enum(['servant', 'master']), name: z.string(), sheet: gwSheet.optional() }),
  z.strictObject({ type: z.literal('knowledge.set'), entry: gwKnowledgeView }),
  z.strictObject({ type: z.literal('info.updated'), entry: gwInfoEntryView }),
  z.strictObject({ type: z.literal('knowledge.removed'), knower: gwCharacterId, target: gwCharacterId }),
  z.strictObject({ type: z.literal('battle.overridden'), override: gwOverride }),
  z.strictObject({ type: z.literal('battle.started'), battle: z.number().int(), scene: z.enum(['day', 'night']), participants: z.array(publicParticipant), knowledge: z.array(gwKnowledgeView) }),
  z.strictObject({ type: z.literal('sealed.answered'), step: z.enum(['prebattle', 'batch', 'window']), character: gwCharacterId, commitment: z.string().regex(/^[0-9a-f]{64}$/) }),
  // `battle` names the round each device judges the reveal in against what it saw sealed; events logged before lack it.
  z.strictObject({ type: z.literal('prebattle.revealed'), battle: z.number().int().optional(), answers: revealed(gwPrebattleDecl), rows: z.record(z.string(), z.enum(['front', 'back'])) }),
  z.strictObject({ type: z.literal('batch.opened'), batch: z.number().int(), engaged: z.record(z.string(), z.array(gwCharacterId)) }),
  z.strictObject({ type: z.literal('batch.revealed'), battle: z.number().int().optional(), batch: z.number().int(), answers: revealed(gwBatchPlan) }),
  z.strictObject({ type: z.literal('window.opened'), batch: z.number().int(), masters: z.array(gwCharacterId) }),
  z.strictObject({ type: z.literal('window.revealed'), battle: z.number().int().optional(), batch: z.number().int(), answers: revealed(gwWindowDecl) }),
  z.strictObject({ type: z.literal('slot.resolved'), record: gwSlotView }),
  z.strictObject({ type: z.literal('battle.withdrawn'), side: z.string(), by: gwCharacterId }),
  z.strictObject({ type: z.literal('battle.betrayed'), character: gwCharacterId, side: z.string() }),
  z.strictObject({ type: z.literal('battle.extended'), batches: z.number().int() }),
  z.strictObject({ type: z.literal('seal.retreat'), master: gwCharacterId, servant: gwCharacterId, endsBattle: z.boolean() }),
  z.strictObject({ type: z.literal('battle.ended'), reason: z.string(), winner: z.string().nullable(), slotsPlayed: z.number().int() }),
  z.strictObject({ type: z.literal('battle.decided'), winner: z.string().nullable() }),
  z.strictObject({ type: z.literal('battle.rewards'), rewards: z.array(gwReward) }),
  z.strictObject({ type: z.literal('battle.closed'), battle: z.number().int() }),
  z.strictObject({ type: z.literal('master.zero'), character: gwCharacterId, hp: z.number().int(), mp: z.number().int() }),
  z.strictObject({ type: z.literal('master.converted'), character: gwCharacterId, hp: z.number().int(), mp: z.number().int() }),
  z.strictObject({ type: z.literal('master.settled'), character: gwCharacterId, dead: z.boolean() }),
  z.strictObject({ type: z.literal('merit.shared'), character: gwCharacterId, to: gwCharacterId, paid: z.number().int(), received: z.number().int() }),
  z.strictObject({ type: z.literal('ss.keywordsSet'), character: gwCharacterId, keywords: z.array(z.string()) }),
  z.strictObject({ type: z.literal('ss.rewarded'), character: gwCharacterId, merit: z.number().int() }),
  z.strictObject({ type: z.literal('seal.summoned'), character: gwCharacterId, servant: gwCharacterId, to: z.string().nullable(), left: z.boolean() }),
  z.strictObject({ type: z.literal('seal.bound'), character: gwCharacterId, servant: gwCharacterId, binding: gwBinding, trust: z.number().int().nullable(), score: z.number().int().nullable() }),
  z.strictObject({ type: z.literal('seal.early'), character: gwCharacterId, servant: gwCharacterId, seal: z.enum(['attackStance', 'defenseStance', 'restoration']) }),
  z.strictObject({ type: z.literal('master.rested'), character: gwCharacterId, hp: z.number().int(), mp: z.number().int() }),
  z.strictObject({ type: z.literal('relation.set'), entry: gwRelation.strict() }),
  z.strictObject({ type: z.literal('relation.removed'), holder: gwCharacterId, other: gwCharacterId }),
  gwSceneEnded,
  ...gwSceneEvents,
  ...gwShopEvents,
  ...gwRelationEvents,
  ...gwRegionEvents,
  ...gwContractEvents,
  /** SEAL-02 001: a rescued servant still at HP ≤ 0 when the next scene ended vanished (소멸). */
  z.strictObject({ type: z.literal('servant.vanished'), character: gwCharacterId }),
  /** SEAL-11: the Binding Order lifted, or (binding null) this scene's SEAL-10 (a) rewrite undone. */
  z.strictObject({ type: z.literal('seal.resisted'), character: gwCharacterId, binding: gwBinding.nullable() }),
  z.strictObject({ type: z.literal('pool.recovered'), character: gwCharacterId, pool: z.enum(['conviction', 'fate']), amount: z.number().int(), merit: z.number().int() }),
  /** GW-XP-01/06/07, GW-MERIT-07: XP and merit earned outside battle, for the rule or reason named (HIDE-F31). */
  z.strictObject({ type: z.literal('xp.awarded'), character: gwCharacterId, xp: z.number().int(), merit: z.number().int(), rule: z.string(), reason: z.string() }),
  /** GW-XP-10/11: a grade-up bought with XP and what it gave (HIDE-F07). */
  z.strictObject({
    type: z.literal('xp.spent'),
    character: gwCharacterId,
    grade: z.number().int(),
    cost: z.number().int(),
    raise: z.enum(['hp', 'mp']),
    stat: gwMasterStat.nullable(),
    specialization: gwMasterStat.nullable(),
    strategyPoint: z.boolean(),
  }),
  z.strictObject({ type: z.literal('concealment.lost'), character: gwCharacterId, loss: z.number().int(), value: z.number().int() }),
  z.strictObject({ type: z.literal('concealment.sanctioned'), character: gwCharacterId, reason: z.enum(['zero', 'bigLoss']) }),
]);
export type GwViewEvent = z.infer<typeof gwViewEvent>;
