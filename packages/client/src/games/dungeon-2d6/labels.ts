import { abilitiesFor } from '@veiltable/engine/games/dungeon-2d6';
import { d6Skill, type D6Ability, type D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { I18n } from '../../shell/i18n/i18n.svelte.ts';

const KINDS = [
  'action', 'attack', 'defence', 'lock', 'break', 'search', 'trap-detect', 'trap-disarm', 'disengage', 'summon',
  'barrier', 'info', 'strength', 'outdoor',
] as const;

/** The message key of a check kind; an unknown kind (a newer server) falls back to a plain action. */
export function kindKey(kind: string): MessageKey {
  return (KINDS as readonly string[]).includes(kind) ? (`d6.kind.${kind}` as MessageKey) : 'd6.kind.action';
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
  return (d6Skill.options as readonly string[]).includes(skill) ? i18n.t(`d6.skillName.${skill as D6Skill}`) : skill;
}
