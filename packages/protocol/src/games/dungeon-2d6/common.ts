import { z } from 'zod';

/** Shared vocabulary of the dungeon-2d6 rule set (spec: shared/rules/dungeon-2d6.md). */

/** 武勇 / 機敏 / 精神 (D6-CORE-01). */
export const d6Ability = z.enum(['VAL', 'AGI', 'SPI']);
export type D6Ability = z.infer<typeof d6Ability>;

/** Who runs a character (D6-CORE-08). Pets are never characters in combat, so they live on their owner's sheet. */
export const d6Controller = z.enum(['pc', 'enemy', 'npc', 'summon']);
export type D6Controller = z.infer<typeof d6Controller>;

export const d6Side = z.enum(['party', 'enemies', 'neutral']);
export type D6Side = z.infer<typeof d6Side>;

/** Every skill the seed names or clarifies (§7), by a stable English key; the Japanese name lives in the registry. */
export const d6Skill = z.enum([
  'fukutsu', 'counter', 'ironWall', 'ironArm', 'dualWield', 'sacrifice', 'steal', 'evade', 'stealth', 'spiritSight',
  'heal', 'summon', 'enchant', 'manaShield', 'barrier', 'illusion', 'telepathy', 'teleport', 'cheer', 'survival',
  'pet', 'charm', 'virtue', 'intimidate', 'perform', 'encyclopedia', 'itemBag', 'assets', 'flight', 'transform',
  'lockpick', 'detect', 'traps', 'specialMove', 'charge', 'chant', 'sweep', 'areaMagic', 'shoot', 'projectile',
  'stunAttack',
]);
export type D6Skill = z.infer<typeof d6Skill>;

/** What a check is for; decides which ability is allowed and which skill bonuses apply. */
export const d6CheckKind = z.enum([
  'action', 'attack', 'defence', 'lock', 'break', 'search', 'trap-detect', 'trap-disarm', 'disengage', 'summon',
  'barrier', 'info', 'strength', 'outdoor',
]);
export type D6CheckKind = z.infer<typeof d6CheckKind>;

export const d6Sex = z.enum(['m', 'f']);
export const d6Id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9]{1,6}$`));
export const d6CharacterId = d6Id('ch');
export const d6CheckId = d6Id('k');
export const d6AttackId = d6Id('a');
export const d6WindowId = d6Id('w');
export const d6ZoneId = d6Id('z');
export const d6TrapId = d6Id('t');
export const d6FindId = d6Id('f');
export const d6OpposedId = d6Id('o');
export const d6MoveId = d6Id('m');
export const d6QuestionId = d6Id('q');
export const d6BarrierId = d6Id('b');
export const d6ItemId = d6Id('i');

export const d6Abilities = z.object({
  VAL: z.number().int().min(-20).max(99),
  AGI: z.number().int().min(-20).max(99),
  SPI: z.number().int().min(-20).max(99),
});
export type D6Abilities = z.infer<typeof d6Abilities>;

/** Equipment: weapons, armour, accessories (equipment layer of D6-CORE-02), light sources (D6-LITE-02). */
export const d6EquipmentKind = z.enum(['weapon', 'armour', 'accessory', 'light', 'other']);
export const d6Equipment = z.object({
  id: d6ItemId,
  name: z.string().min(1).max(80),
  kind: d6EquipmentKind,
  wielded: z.boolean(),
  mods: z.array(z.object({ ability: d6Ability, value: z.number().int().min(-20).max(20) })).max(3),
});
export type D6Equipment = z.infer<typeof d6Equipment>;

/** The §9.2 table settings, every OPEN item with its INFERRED default. */
export const d6Options = z.object({
  concentrateToZero: z.boolean(),
  concentrateOnFumbledDefence: z.boolean(),
  concentrateOnInitiative: z.boolean(),
  failedDisengageSpendsTurn: z.boolean(),
  initiativeTie: z.enum(['reroll', 'gm']),
  initiativeAddsAgility: z.boolean(),
  areaCoverWhenNotTarget: z.enum(['two-checks', 'one-check']),
  coverLimitPerTarget: z.boolean(),
  npcCritFumble: z.boolean(),
  consumeWhenNothingThere: z.boolean(),
  ironWallFrozen: z.boolean(),
  summonBarredChecks: z.enum(['exploration', 'search-only']),
  illusionAreaUserOnly: z.boolean(),
  flightEndsWhenBothFly: z.boolean(),
  /** D6-WIN-13 minimum span of the active side's concentration window, in seconds (0: the literal rule). */
  activeWindowMinSeconds: z.number().int().min(0).max(600),
  /** D6-WIN-11 optional table timeout for reaction windows, in seconds (0: none). */
  windowTimeoutSeconds: z.number().int().min(0).max(3600),
});
export type D6Options = z.infer<typeof d6Options>;
