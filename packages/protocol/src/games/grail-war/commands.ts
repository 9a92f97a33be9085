import { z } from 'zod';
import { seatId } from '../../common.ts';
import { gwOptions } from './options.ts';
import { gwBasicKind, gwCharacterId, gwConsumableId, gwSheet } from './sheets.ts';

const slotNo = z.number().int().min(1).max(5);
const side = z.string().regex(/^[A-Za-z0-9~_-]{1,40}$/);

/** One judgment against one opponent in one slot (GW-BATTLE-10), with its riders (MERIT-06, SPEC-04, SEAL-04). */
export const gwJudgment = z.object({
  card: z.enum(['wait', 'smash', 'counter', 'rush', 'critical', 'defense', 'magecraft', 'skill', 'normal', 'np', 'oneHitKill', 'arcane']),
  aspect: gwBasicKind.optional(),
  np: z.string().min(1).max(40).optional(),
  plus: z.boolean().optional(),
  fate: z.boolean().optional(),
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
    card: z.enum(['smash', 'counter', 'rush', 'normal']).optional(),
    aspect: gwBasicKind.optional(),
  }),
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
  consumables: z.array(z.object({ item: gwConsumableId, kind: gwBasicKind.optional() })).max(gwConsumableId.options.length),
  activatePlus: z.array(gwPlusStat).max(5),
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
]);
export const gwWindowDecl = z.object({ actions: z.array(gwWindowAction).max(4) });

/** The info ledger's snapshot handed to a battle (INFO-12..15); supplied by the GM or the ledger module. */
export const gwKnowledge = z.object({
  knower: gwCharacterId,
  target: gwCharacterId,
  total: z.number().int().min(-999).max(999),
  believed: z.number().int().min(-999).max(999),
  classKnown: z.boolean(),
  failedGuess: z.boolean(),
  trueNameKnown: z.boolean(),
});

/** One direction of a relationship-chart entry (GW-REL-01/02). */
export const gwRelation = z.object({ holder: gwCharacterId, other: gwCharacterId, score: z.number().int().min(-3).max(3) });

/** Every command of the Grail War battle module, client → server. */
export const gwCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('options.set'), options: gwOptions.partial() }),
  z.object({ type: z.literal('seat.add'), name: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('character.register'), id: gwCharacterId, seat: seatId, partner: gwCharacterId.nullable(), sheet: gwSheet }),
  z.object({ type: z.literal('character.update'), id: gwCharacterId, sheet: gwSheet }),
  z.object({ type: z.literal('knowledge.set'), entry: gwKnowledge }),
  z.object({ type: z.literal('knowledge.remove'), knower: gwCharacterId, target: gwCharacterId }),
  z.object({ type: z.literal('relation.set'), entry: gwRelation }),
  z.object({ type: z.literal('relation.remove'), holder: gwCharacterId, other: gwCharacterId }),
  z.object({ type: z.literal('scene.end') }),
  z.object({
    type: z.literal('battle.start'),
    scene: z.enum(['day', 'night']),
    participants: z.array(z.object({ character: gwCharacterId, side, row: z.enum(['front', 'back']).optional(), streak: z.number().int().min(0).max(99).optional() })).min(2).max(14),
    regions: z.record(gwCharacterId, z.string().min(1).max(60)),
    knowledge: z.array(gwKnowledge).max(200),
    ambushSide: side.nullable(),
  }),
  z.object({ type: z.literal('battle.prepare'), decl: gwPrebattleDecl }),
  z.object({ type: z.literal('battle.submit'), plan: gwBatchPlan }),
  z.object({ type: z.literal('battle.window'), decl: gwWindowDecl }),
  z.object({ type: z.literal('battle.force') }),
  z.object({ type: z.literal('battle.withdraw') }),
  z.object({ type: z.literal('battle.betray') }),
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
  z.object({ type: z.literal('seal.retreat') }),
  z.object({ type: z.literal('seal.summon') }),
  z.object({ type: z.literal('seal.resist') }),
  z.object({ type: z.literal('seal.early'), seal: z.enum(['attackStance', 'defenseStance', 'restoration']) }),
  z.object({ type: z.literal('seal.bind'), order: z.string().trim().min(1).max(200), extreme: z.enum(['max', 'min']) }),
  z.object({ type: z.literal('master.convert'), direction: z.enum(['mpToHp', 'hpToMp']), amount: z.number().int().min(2).max(9998) }),
  z.object({ type: z.literal('master.settle'), character: gwCharacterId }),
  z.object({ type: z.literal('master.rest'), character: gwCharacterId, hp: z.number().int().min(0).max(999), mp: z.number().int().min(0).max(999), atBase: z.boolean() }),
  z.object({ type: z.literal('merit.share'), amount: z.number().int().min(2).max(9998) }),
  /** Master: buys back 신념 or 명운 with merit (SPEC-04/05). */
  z.object({ type: z.literal('pool.recover'), pool: z.enum(['conviction', 'fate']), amount: z.number().int().min(1).max(99) }),
  z.object({ type: z.literal('ss.keywords'), keywords: z.array(z.string().trim().min(1).max(40)).length(2) }),
  z.object({ type: z.literal('ss.reward'), character: gwCharacterId, keyword: z.string().trim().min(1).max(40) }),
]);
export type GwCommand = z.infer<typeof gwCommand>;
