import { z } from 'zod';

/** Ids of characters in a Grail War room: the engine names them c1, c2, … (older rooms keep the slugs their GM chose). */
export const gwCharacterId = z.string().regex(/^[a-z][a-z0-9-]{0,30}$/);
/** A master's grade as players write it: E..A with up to three "+" (GW-CORE-03). */
export const gwGrade = z.string().regex(/^[EDCBA]\+{0,3}$/);
/** A servant's grade (stats, NP, skills): E..A or EX, with up to three "+" (GW-CORE-02, §0.1). */
export const gwServantGrade = z.string().regex(/^(EX|[EDCBA])\+{0,3}$/);

export const gwClassId = z.enum(['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin']);
export const gwBasicKind = z.enum(['smash', 'counter', 'rush']);
export const gwBonusKind = z.enum(['smash', 'counter', 'rush', 'critical', 'magecraft', 'skill', 'normal']);
export const gwItemId = z.enum(['giantsBelt', 'thunderboltShield', 'fairyShoes', 'nekote', 'crystalBall', 'manaNecklace', 'magusCloak', 'rabbitsFoot', 'guardianCharm', 'lifeCharm']);
export const gwConsumableId = z.enum(['recoveryPotion', 'lifePotion', 'mindPotion', 'protectionPotion', 'berserkerPotion', 'scoutAutomaton', 'combatAutomaton', 'lovePotion']);
/** Consumables whose effect a battle reads, used in its pre-battle step or before it (GW-ITEM-E2, D4, D5, C3, B4). */
export const gwBattleConsumableId = gwConsumableId.exclude(['scoutAutomaton', 'combatAutomaton', 'lovePotion']);
export const gwMeter = z.object({ current: z.number().int().min(-9999).max(9999), max: z.number().int().min(0).max(9999) });

const count = z.number().int().min(0).max(999);
const consumables = z.partialRecord(gwConsumableId, count);
/** What a magic support adds at spell grade E, D, C, B, A (and EX) (GW-SUP-01: the sheet gives it). */
const magicSupport = z.array(z.number().int().min(0).max(99)).min(5).max(6).optional();

export const gwNoblePhantasm = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(100),
  npType: z.enum(['antiPersonnel', 'antiArmy', 'antiFortress', 'antiCountry', 'antiWorld', 'boundedField', 'army']),
  mode: z.enum(['alwaysActive', 'trueNameRelease']),
  /** HP damage (step 1 base) and fixed MP damage [001 #1]. */
  hpDamage: count,
  mpDamage: count,
  /** MP the servant pays per use (GAP: sheet). */
  mpCost: count,
  /** How many 보구 cards the pool holds (sheet). */
  cards: count,
});

/**
 * Skills and traits the rules read by name (GW-CORE-05): 괴력, 단독 행동 (graded), 대마력, 천리안 (graded), 진지, 용살, 대신.
 */
export const gwNamedSkill = z.enum(['monstrousStrength', 'independentAction', 'magicResistance', 'clairvoyance', 'territory', 'dragonSlaying', 'antiDivine']);

/** A servant's sheet (GW-CORE-02/04/06, GW-BATTLE-04/06). Private to owner, partner and GM (GW-HIDE-F04). */
export const gwServantSheet = z.object({
  kind: z.literal('servant'),
  /** The alias others know it by; the true name is private (GW-HIDE-F01). */
  alias: z.string().min(1).max(100),
  trueName: z.string().min(1).max(100),
  className: gwClassId,
  grade: z.number().int().min(1).max(999),
  stats: z.object({ str: gwServantGrade, end: gwServantGrade, agi: gwServantGrade, mag: gwServantGrade, luk: gwServantGrade, np: gwServantGrade }),
  /** 마술 skill grade; a Caster without it uses its MAG stat (GW-BATTLE-06). */
  magecraft: gwServantGrade.nullable(),
  /** 기술 cards and their grade (GAP: sheet). */
  skill: z.object({ cards: count, grade: gwServantGrade }).nullable(),
  /** 방어 cards and reduction value (GAP: DEFAULT 0 cards, value = END value). */
  defense: z.object({ cards: count, value: count.nullable() }),
  /** Per-kind counts when `cardCountDerivation` is `sheet`. */
  cardCounts: z.partialRecord(z.enum(['smash', 'counter', 'rush', 'critical', 'magecraft']), count).nullable(),
  noblePhantasms: z.array(gwNoblePhantasm).max(10),
  attackBonuses: z.array(z.object({ source: z.string().min(1).max(100), amount: z.number().int().min(-99).max(99), kinds: z.array(gwBonusKind).min(1) })).max(20),
  lineage: z.enum(['guardian', 'dragon', 'divine']).nullable(),
  /** GW-CORE-05: the named skills it holds, with a grade, or null for an ungraded one (용살, 대신). */
  namedSkills: z.partialRecord(gwNamedSkill, gwServantGrade.nullable()).optional(),
  magicSupport,
  /** 대마력: reduction of 000 비전 마술 damage (amount GAP: sheet). */
  magicResistance: count,
  hp: gwMeter,
  mp: gwMeter,
  merit: z.number().int().min(0).max(9999),
  xp: z.number().int().min(0).max(99999),
  items: z.array(gwItemId).max(gwItemId.options.length),
  consumables,
});

/** A master's sheet (GW-CORE-03/04, GW-SPEC). Private to owner, partner and GM (GW-HIDE-F05). */
export const gwMasterSheet = z.object({
  kind: z.literal('master'),
  name: z.string().min(1).max(100),
  grade: z.number().int().min(1).max(999),
  stats: z.object({ combat: gwGrade, magic: gwGrade, conviction: gwGrade, fate: gwGrade }),
  specializations: z.array(z.enum(['combat', 'magic', 'conviction', 'fate'])).max(4),
  /** 전략 점수 earned by grade-ups (GW-XP-10); absent on sheets written before growth was kept: none. */
  strategyPoints: count.optional(),
  conviction: gwMeter,
  fate: gwMeter,
  hp: gwMeter,
  mp: gwMeter,
  merit: z.number().int().min(0).max(9999),
  xp: z.number().int().min(0).max(99999),
  /** Null: `sealsPerMaster` seals at registration. */
  sealsLeft: z.number().int().min(0).max(99).nullable(),
  /** Cap on non-wait judgments per battle (판정의 한계, GAP: sheet); null = no cap. */
  judgmentLimit: count.nullable(),
  /** Spell cards and their grade (GAP: sheet). */
  spells: z.object({ cards: count, grade: gwGrade }).nullable(),
  magicSupport,
  items: z.array(gwItemId).max(gwItemId.options.length),
  consumables,
});

export const gwSheet = z.discriminatedUnion('kind', [gwServantSheet, gwMasterSheet]);
export type GwSheet = z.infer<typeof gwSheet>;
export type GwServantSheet = z.infer<typeof gwServantSheet>;
export type GwMasterSheet = z.infer<typeof gwMasterSheet>;
export type GwNoblePhantasm = z.infer<typeof gwNoblePhantasm>;
export type GwMeter = z.infer<typeof gwMeter>;
export type GwClassId = z.infer<typeof gwClassId>;
export type GwBasicKind = z.infer<typeof gwBasicKind>;
export type GwBonusKind = z.infer<typeof gwBonusKind>;
export type GwItemId = z.infer<typeof gwItemId>;
export type GwNamedSkill = z.infer<typeof gwNamedSkill>;
export type GwConsumableId = z.infer<typeof gwConsumableId>;
export type GwBattleConsumableId = z.infer<typeof gwBattleConsumableId>;
