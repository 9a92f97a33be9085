import type { MessageKey } from '../i18n/en.ts';

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

/** The ability a kind must use, where the rules fix one (D6-LOCK-01, D6-LOCK-04, D6-TRAP-01). */
export function fixedAbility(kind: RollableKind): 'VAL' | 'AGI' | null {
  if (kind === 'lock' || kind === 'trap-disarm') return 'AGI';
  if (kind === 'break') return 'VAL';
  return null;
}
