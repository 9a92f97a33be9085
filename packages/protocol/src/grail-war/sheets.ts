import { z } from 'zod';

/** Ids of characters in a Grail War room: short lowercase slugs chosen by the GM. */
export const gwCharacterId = z.string().regex(/^[a-z][a-z0-9-]{0,30}$/);
/** A grade as players write it: E..A with up to three "+" (GW-CORE-02). */
export const gwGrade = z.string().regex(/^[EDCBA]\+{0,3}$/);

export const gwClassId = z.enum(['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin']);
export const gwBasicKind = z.enum(['smash', 'counter', 'rush']);
export const gwBonusKind = z.enum(['smash', 'counter', 'rush', 'critical', 'magecraft', 'skill', 'normal']);
export const gwItemId = z.enum(['giantsBelt', 'thunderboltShield', 'fairyShoes', 'nekote', 'magusCloak', 'rabbitsFoot']);
export const gwConsumableId = z.enum(['protectionPotion', 'berserkerPotion']);
export const gwMeter = z.object({ current: z.number().int().min(-9999).max(9999), max: z.number().int().min(0).max(9999) });

const count = z.number().int().min(0).max(999);
const consumables = z.partialRecord(gwConsumableId, count);

export const gwNoblePhantasm = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(100),
  npType: z.enum(['antiPersonnel', 'antiArmy', 'antiFortress', 'antiCountry', 'antiWorld', 'boundedField', 'army']),
  mode: z.enum(['alwaysActive', 'trueNameRelease']),
  hpDamage: count,
  mpDamage: count,
  mpCost: count,
  cards: count,
});

/** A servant's sheet (GW-CORE-02/04/06, GW-BATTLE-04/06). Private to owner, partner and GM (GW-HIDE-F04). */
export const gwServantSheet = z.object({
  kind: z.literal('servant'),
  alias: z.string().min(1).max(100),
  trueName: z.string().min(1).max(100),
  className: gwClassId,
  grade: z.number().int().min(1).max(999),
  stats: z.object({ str: gwGrade, end: gwGrade, agi: gwGrade, mag: gwGrade, luk: gwGrade, np: gwGrade }),
  magecraft: gwGrade.nullable(),
  skill: z.object({ cards: count, grade: gwGrade }).nullable(),
  defense: z.object({ cards: count, value: count.nullable() }),
  cardCounts: z.partialRecord(z.enum(['smash', 'counter', 'rush', 'critical', 'magecraft']), count).nullable(),
  noblePhantasms: z.array(gwNoblePhantasm).max(10),
  attackBonuses: z.array(z.object({ source: z.string().min(1).max(100), amount: z.number().int().min(-99).max(99), kinds: z.array(gwBonusKind).min(1) })).max(20),
  lineage: z.enum(['guardian', 'dragon', 'divine']).nullable(),
  magicResistance: count,
  hp: gwMeter,
  mp: gwMeter,
  merit: z.number().int().min(0).max(9999),
  xp: z.number().int().min(0).max(99999),
  items: z.array(gwItemId).max(6),
  consumables,
});

/** A master's sheet (GW-CORE-03/04, GW-SPEC). Private to owner, partner and GM (GW-HIDE-F05). */
export const gwMasterSheet = z.object({
  kind: z.literal('master'),
  name: z.string().min(1).max(100),
  grade: z.number().int().min(1).max(999),
  stats: z.object({ combat: gwGrade, magic: gwGrade, conviction: gwGrade, fate: gwGrade }),
  specializations: z.array(z.enum(['combat', 'magic', 'conviction', 'fate'])).max(4),
  conviction: gwMeter,
  fate: gwMeter,
  hp: gwMeter,
  mp: gwMeter,
  merit: z.number().int().min(0).max(9999),
  xp: z.number().int().min(0).max(99999),
  sealsLeft: z.number().int().min(0).max(99).nullable(),
  judgmentLimit: count.nullable(),
  spells: z.object({ cards: count, grade: gwGrade }).nullable(),
  items: z.array(gwItemId).max(6),
  consumables,
});

export const gwSheet = z.discriminatedUnion('kind', [gwServantSheet, gwMasterSheet]);
export type GwSheet = z.infer<typeof gwSheet>;
