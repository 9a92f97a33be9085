import { z } from 'zod';
import { seatId } from '../../common.ts';
import { characterCommands } from '../../capabilities/characters.ts';
import { releaseCommands } from '../../capabilities/release.ts';
import { chatCommands } from '../../capabilities/chat.ts';
import { diceCommands } from '../../capabilities/dice.ts';
import { gwOptions } from './options.ts';
import { gwBasicKind, gwBattleConsumableId, gwCharacterId, gwSheet } from './sheets.ts';
import { gwShopCommands } from './shop.ts';
import { gwRelationCommands } from './relations.ts';
import { gwRegionCommands } from './regions.ts';
import { gwSceneCommands } from './scenes.ts';
import { gwInfoCommands } from './info.ts';
import { gwContractCommands } from './contracts.ts';

const slotNo = z.number().int().min(1).max(5);
const side = z.string().regex(/^[A-Za-z0-9~_-]{1,40}$/);

/** One judgment against one opponent in one slot (GW-BATTLE-10), with its riders (MERIT-06, SPEC-04, SEAL-04). */
export const gwJudgment = z.object({
  card: z.enum(['wait', 'smash', 'counter', 'rush', 'critical', 'defense', 'magecraft', 'skill', 'normal', 'np', 'oneHitKill', 'arcane']),
  /** 마술, 기술 and master 일반 cards name the aspect the matchup uses. */
  aspect: gwBasicKind.optional(),
  /** Which NP, for card 'np'. */
  np: z.string().min(1).max(40).optional(),
  /** MERIT-06: + bought for this one judgment (2 merit). */
  plus: z.boolean().optional(),
  /** SPEC-04: spend 1 명운 on a master 일반 judgment. */
  fate: z.boolean().optional(),
  /**
   * SEAL-04: NP Boost, the NP costs no MP. The master's seal: it is set by the master's `npBoost` in the window, and a
   * plan that carries it is refused.
   */
  boost: z.boolean().optional(),
  /** TRUST-05: a servant at trust −10 passes this judgment's damage to its master. */
  toMaster: z.boolean().optional(),
});

export const gwSlotPlan = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), vs: z.record(gwCharacterId, gwJudgment) }),
  z.object({
    type: z.literal('support'),
    ally: gwCharacterId,
    opponent: gwCharacterId,
    mode: z.enum(['physical', 'magic']),
    /** Physical: the card played ('normal' for a master, with its aspect). */
    card: z.enum(['smash', 'counter', 'rush', 'normal']).optional(),
    aspect: gwBasicKind.optional(),
  }),
  /** A withdrawal declared inside the sealed batch: the side leaves before this slot resolves (MISC-02, HIDE-D6). */
  z.object({ type: z.literal('withdraw') }),
]);

export const gwPlusStat = z.enum(['str', 'end', 'agi', 'luk', 'mag']);
/** A sealed batch: exactly five slots (GW-BATTLE-09). */
export const gwBatchPlan = z.object({ slots: z.array(gwSlotPlan).length(5), activatePlus: z.array(gwPlusStat).max(5) });

/** The pre-battle sealed declaration (GW-BATTLE-08). */
export const gwPrebattleDecl = z.object({
  row: z.enum(['front', 'back']).nullable(),
  seals: z.array(z.enum(['attackStance', 'defenseStance', 'restoration'])).max(3),
  conviction: z.number().int().min(0).max(3),
  /** GW-ITEM consumables used now; a Berserker's Potion on a servant names the card kind it adds (ITEM-B4). */
  consumables: z.array(z.object({ item: gwBattleConsumableId, kind: gwBasicKind.optional() })).max(gwBattleConsumableId.options.length),
  activatePlus: z.array(gwPlusStat).max(5),
  /** CLASS-04: use the Guardian lineage in this battle. */
  guardian: z.boolean(),
  /** GW-TRUST-03 (trust trial): a servant at trust +10 takes all its master's damage in this battle. */
  shieldMaster: z.boolean().optional(),
});

/** Post-reveal seals (GW-BATTLE-11): slots are 1..5 within the batch just revealed. */
export const gwWindowAction = z.discriminatedUnion('seal', [
  z.object({ seal: z.literal('actionRestriction'), slot: slotNo, opponent: gwCharacterId, judgment: gwJudgment }),
  z.object({ seal: z.literal('forcedAttack'), slot: slotNo, opponent: gwCharacterId.optional() }),
  z.object({ seal: z.literal('absoluteDefense'), slot: slotNo }),
  z.object({ seal: z.literal('defenseStanceHeal') }),
  /** SEAL-04: the master spends a seal so its servant's revealed NP judgment costs no MP. */
  z.object({ seal: z.literal('npBoost'), slot: slotNo, opponent: gwCharacterId }),
]);
export const gwWindowDecl = z.object({ actions: z.array(gwWindowAction).max(4) });

/** The info ledger's snapshot handed to a battle (INFO-12..15); supplied by the GM or the ledger module. */
export const gwKnowledge = z.object({
  knower: gwCharacterId,
  target: gwCharacterId,
  /** Authoritative T (false points count −2) and the knower's believed T (INFO-04). */
  total: z.number().int().min(-999).max(999),
  believed: z.number().int().min(-999).max(999),
  classKnown: z.boolean(),
  failedGuess: z.boolean(),
  trueNameKnown: z.boolean(),
});

/** One direction of a relationship-chart entry (GW-REL-01/02). */
export const gwRelation = z.object({ holder: gwCharacterId, other: gwCharacterId, score: z.number().int().min(-3).max(3) });

/** A master's four stats (GW-CORE-03), as a grade-up or a specialization names them (GW-XP-10, GW-SPEC). */
export const gwMasterStat = z.enum(['combat', 'magic', 'conviction', 'fate']);

/** Why XP is granted outside battle: a scouting read (XP-01), a reveal (XP-06/07), or the GM's own judgment. */
export const gwXpGrant = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('scout'),
    /** Only 정찰 and 탐색 earn XP; 수색, 사역마 and 자동 인형 do not (XP-01). */
    method: z.enum(['recon', 'search', 'sweep', 'familiar', 'automaton']),
    place: z.string().trim().min(1).max(60),
    /** People read there (only `multiOpponentXp: perHead` pays per head, XP-08). */
    heads: z.number().int().min(0).max(14),
  }),
  z.object({ source: z.literal('reveal'), what: z.enum(['coreInfo', 'trueName']) }),
  z.object({ source: z.literal('gm'), xp: z.number().int().min(0).max(99), merit: z.number().int().min(0).max(99) }),
]);

/**
 * Whom a character's command acts for (GW-HIDE-00: each character's choices are its own player's): a player's own
 * character when left out, and only that one; the GM names the character it acts for.
 */
const actingAs = { character: gwCharacterId.optional() };

/** Every command of the Grail War battle module, client → server. */
export const gwCommand = z.discriminatedUnion('type', [
  ...chatCommands,
  ...characterCommands,
  ...releaseCommands,
  ...diceCommands,
  ...gwSceneCommands,
  ...gwShopCommands,
  ...gwRelationCommands,
  ...gwRegionCommands,
  ...gwInfoCommands,
  ...gwContractCommands,
  z.object({ type: z.literal('options.set'), options: gwOptions.partial() }),
  z.object({ type: z.literal('seat.add'), name: z.string().trim().min(1).max(40) }),
  /** The engine names the character (c1, c2, …); the GM gives only its seat, partner and sheet. */
  /**
   * The engine names the character. `id` is read only from rooms logged before it did, whose GM typed one: their
   * replays must name it as they did then. The page never sends it.
   */
  z.object({ type: z.literal('character.register'), seat: seatId, partner: gwCharacterId.nullable(), sheet: gwSheet, id: gwCharacterId.optional() }),
  z.object({ type: z.literal('character.update'), id: gwCharacterId, sheet: gwSheet }),
  z.object({ type: z.literal('knowledge.set'), entry: gwKnowledge }),
  z.object({ type: z.literal('knowledge.remove'), knower: gwCharacterId, target: gwCharacterId }),
  z.object({ type: z.literal('relation.set'), entry: gwRelation }),
  z.object({ type: z.literal('relation.remove'), holder: gwCharacterId, other: gwCharacterId }),
  z.object({ type: z.literal('scene.end') }),
  z.object({
    type: z.literal('battle.start'),
    scene: z.enum(['day', 'night']),
    participants: z
      .array(
        z.object({
          character: gwCharacterId,
          side,
          row: z.enum(['front', 'back']).optional(),
          /** CLASS-02 streak bonus for the unnamed-class trait (+n on every judgment), computed by the day flow. */
          streak: z.number().int().min(0).max(99).optional(),
        }),
      )
      .min(2)
      .max(14),
    regions: z.record(gwCharacterId, z.string().min(1).max(60)),
    knowledge: z.array(gwKnowledge).max(200),
    /** BATTLE-M2 master variant: this side ambushes, + on every judgment of its first batch. */
    ambushSide: side.nullable(),
  }),
  z.object({ type: z.literal('battle.prepare'), decl: gwPrebattleDecl, ...actingAs }),
  z.object({ type: z.literal('battle.submit'), plan: gwBatchPlan, ...actingAs }),
  z.object({ type: z.literal('battle.window'), decl: gwWindowDecl, ...actingAs }),
  z.object({ type: z.literal('battle.force') }),
  z.object({ type: z.literal('battle.withdraw'), ...actingAs }),
  z.object({ type: z.literal('battle.betray'), ...actingAs }),
  z.object({ type: z.literal('battle.extend') }),
  z.object({ type: z.literal('battle.decide'), winner: side.nullable() }),
  /** GM: moves a participant's HP/MP by these amounts, with the reason logged. */
  z.object({
    type: z.literal('battle.override'),
    character: gwCharacterId,
    hp: z.number().int().min(-999).max(999),
    mp: z.number().int().min(-999).max(999),
    reason: z.string().trim().min(1).max(200),
  }),
  z.object({ type: z.literal('battle.close') }),
  z.object({ type: z.literal('seal.retreat'), ...actingAs }),
  z.object({ type: z.literal('seal.summon'), ...actingAs }),
  z.object({ type: z.literal('seal.resist'), ...actingAs }),
  /** Servant (trust trial): its trust in its master tonight, applied at day end (TRUST-01, HIDE-D8). */
  z.object({ type: z.literal('trust.score'), trust: z.number().int().min(-10).max(10), ...actingAs }),
  z.object({ type: z.literal('seal.early'), seal: z.enum(['attackStance', 'defenseStance', 'restoration']), ...actingAs }),
  z.object({ type: z.literal('seal.bind'), order: z.string().trim().min(1).max(200), extreme: z.enum(['max', 'min']), ...actingAs }),
  z.object({ type: z.literal('master.convert'), direction: z.enum(['mpToHp', 'hpToMp']), amount: z.number().int().min(2).max(9998), ...actingAs }),
  z.object({ type: z.literal('master.settle'), character: gwCharacterId }),
  z.object({ type: z.literal('master.rest'), character: gwCharacterId, hp: z.number().int().min(0).max(999), mp: z.number().int().min(0).max(999), atBase: z.boolean() }),
  z.object({ type: z.literal('merit.share'), amount: z.number().int().min(2).max(9998), ...actingAs }),
  /** Master: buys back 신념 or 명운 with merit (SPEC-04/05). */
  z.object({ type: z.literal('pool.recover'), pool: z.enum(['conviction', 'fate']), amount: z.number().int().min(1).max(99), ...actingAs }),
  /**
   * The owner raises its character grade by one (GW-XP-10/11): +5 max HP or MP, and a master names the stat it raises at
   * grades 6, 11, 16 … and the stat it specializes at grades 11, 21 … (GW-SPEC).
   */
  z.object({ type: z.literal('xp.spend'), raise: z.enum(['hp', 'mp']), stat: gwMasterStat.optional(), specialize: gwMasterStat.optional(), ...actingAs }),
  /** GM: XP (and merit) outside battle, for one of the rules that grant it or a GM-judged reason (GW-XP-01/06/07, GW-MERIT-07). */
  z.object({ type: z.literal('xp.grant'), character: gwCharacterId, grant: gwXpGrant, reason: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('ss.keywords'), keywords: z.array(z.string().trim().min(1).max(40)).length(2), ...actingAs }),
  z.object({ type: z.literal('ss.reward'), character: gwCharacterId, keyword: z.string().trim().min(1).max(40) }),
]);
export type GwCommand = z.infer<typeof gwCommand>;
export type GwJudgment = z.infer<typeof gwJudgment>;
export type GwSlotPlan = z.infer<typeof gwSlotPlan>;
export type GwPlusStat = z.infer<typeof gwPlusStat>;
export type GwBatchPlan = z.infer<typeof gwBatchPlan>;
export type GwPrebattleDecl = z.infer<typeof gwPrebattleDecl>;
export type GwWindowAction = z.infer<typeof gwWindowAction>;
export type GwWindowDecl = z.infer<typeof gwWindowDecl>;
export type GwKnowledge = z.infer<typeof gwKnowledge>;
export type GwRelation = z.infer<typeof gwRelation>;
export type GwMasterStat = z.infer<typeof gwMasterStat>;
export type GwXpGrant = z.infer<typeof gwXpGrant>;
