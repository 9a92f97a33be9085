import { abilitiesFor } from '@veiltable/engine/games/dungeon-2d6';
import type { D6Ability, D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import type { I18n } from '../../shell/i18n/i18n.svelte.ts';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { D6Check } from './model.ts';
import { allOf } from '../../ui/all-of.ts';

/** Every skill of the rules, in the rules' order (the protocol's d6Skill; the compiler keeps the two in step). */
export const SKILLS = allOf<D6Skill>()([
  'fukutsu', 'counter', 'ironWall', 'ironArm', 'dualWield', 'sacrifice', 'steal', 'evade', 'stealth', 'spiritSight',
  'heal', 'summon', 'enchant', 'manaShield', 'barrier', 'illusion', 'telepathy', 'teleport', 'cheer', 'survival',
  'pet', 'charm', 'virtue', 'intimidate', 'perform', 'encyclopedia', 'itemBag', 'assets', 'flight', 'transform',
  'lockpick', 'detect', 'traps', 'specialMove', 'charge', 'chant', 'sweep', 'areaMagic', 'shoot', 'projectile',
  'stunAttack',
]);

const KINDS = [
  'action', 'attack', 'defence', 'lock', 'break', 'search', 'trap-detect', 'trap-disarm', 'disengage', 'summon',
  'barrier', 'info', 'strength', 'outdoor',
] as const;

/** The message key of a check kind; an unknown kind (a newer server) falls back to a plain action. */
export function kindKey(kind: string): MessageKey {
  return (KINDS as readonly string[]).includes(kind) ? (`d6.kind.${kind}` as MessageKey) : 'd6.kind.action';
}

/** How a check stands: decided by its target, standing as its total (D6-BASE-01), or dropped by the GM. */
export function outcomeKey(outcome: D6Check['outcome']): MessageKey {
  return outcome === 'success' ? 'd6.check.success' : outcome === 'failure' ? 'd6.check.failure' : outcome === 'dropped' ? 'd6.check.dropped' : 'd6.check.total';
}

/** Check kinds a player rolls with check.roll; the others have their own commands (attacks, defences …). */
export const ROLLABLE_KINDS = ['action', 'lock', 'break', 'search', 'trap-detect', 'trap-disarm', 'info', 'strength', 'outdoor'] as const;
export type RollableKind = (typeof ROLLABLE_KINDS)[number];

/**
 * The chosen ability while the kind allows it, else the kind's first allowed one (D6-LOCK-01, D6-LOCK-04, D6-SRCH-01,
 * D6-TRAP-01 fix some kinds' abilities).
 */
export function legalAbility(kind: RollableKind, chosen: D6Ability): D6Ability {
  const allowed = abilitiesFor(kind);
  return allowed.includes(chosen) ? chosen : allowed[0]!;
}

/** A skill's name with its Japanese rule term; an unknown key (a newer server) shows as is. */
export function skillName(skill: string, i18n: Pick<I18n, 't'>): string {
  return (SKILLS as readonly string[]).includes(skill) ? i18n.t(`d6.skillName.${skill as D6Skill}`) : skill;
}

/** The occupations and races the rules list (D6-BASE-05), by the name the sheet keeps, with their message keys. */
const LISTED_NAMES: Readonly<Record<string, MessageKey>> = {
  闘士: 'd6.listed.fighter', 騎士: 'd6.listed.knight', 剣士: 'd6.listed.swordsman', 盗賊: 'd6.listed.thief', 狩人: 'd6.listed.hunter',
  魔術師: 'd6.listed.magician', 賢者: 'd6.listed.sage', 神官: 'd6.listed.priest', 市民: 'd6.listed.citizen', 芸人: 'd6.listed.entertainer',
  ドワーフ: 'd6.listed.dwarf', エルフ: 'd6.listed.elf', ラクセン人: 'd6.listed.laxen',
};

/** An occupation or race as the reader reads it: a listed one translated, any other as its player named it. */
export function listedName(name: string, i18n: Pick<I18n, 't'>): string {
  return Object.hasOwn(LISTED_NAMES, name) ? i18n.t(LISTED_NAMES[name]!) : name;
}

const WINDOW_KINDS = ['react', 'after-damage', 'obstruct', 'question', 'passengers', 'concentration', 'fukutsu', 'consume'] as const;

/** The message key of a reaction window's kind; a kind this client does not know (a newer server) reads as a plain window. */
export function windowKindKey(kind: string): MessageKey {
  return (WINDOW_KINDS as readonly string[]).includes(kind) ? (`d6.windowKind.${kind}` as MessageKey) : 'd6.windowKind.other';
}
