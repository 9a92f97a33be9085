import type { D6CommandInput } from '../room.ts';
import type { D6Ability } from '@veiltable/protocol/games/dungeon-2d6';
import { legalAbility, type RollableKind } from '../labels.ts';

/**
 * The GM's check request as a form holds it (D6-ENG-02/03, D6-HID-07): the kind, the ability, a target number shown or
 * hidden, and situational modifiers. One draft feeds both a plain roll and an opposed check's active side.
 */
export type ModifierRow = { source: string; value: number | null };
export type SpecDraft = {
  kind: RollableKind;
  ability: D6Ability;
  target: number | null;
  showTarget: boolean;
  modifiers: ModifierRow[];
};
export type CheckSpecInput = Extract<D6CommandInput, { type: 'check.roll' }>['check'];

/** The protocol's limits on GM-entered modifiers. */
export const MAX_MODIFIERS = 8;
const MODIFIER_RANGE = 20;
const SOURCE_MAX = 60;
const TARGET_MAX = 99;

export function newDraft(): SpecDraft {
  return { kind: 'action', ability: 'VAL', target: null, showTarget: false, modifiers: [] };
}

const isInt = (n: number | null, min: number, max: number): n is number => n !== null && Number.isInteger(n) && n >= min && n <= max;

/**
 * The modifiers as the protocol takes them: blank rows are skipped; null while a filled row has no legal value or its
 * source is too long, so the form can refuse to send what the server would refuse.
 */
export function cleanModifiers(rows: readonly ModifierRow[]): { source: string; value: number }[] | null {
  const out: { source: string; value: number }[] = [];
  for (const row of rows) {
    const source = row.source.trim();
    if (!source && row.value === null) continue;
    if (!source || source.length > SOURCE_MAX || !isInt(row.value, -MODIFIER_RANGE, MODIFIER_RANGE)) return null;
    out.push({ source, value: row.value });
  }
  return out.length > MAX_MODIFIERS ? null : out;
}

/** The check spec for one character from the draft, or null while the target or a modifier is not legal. */
export function specFrom(draft: SpecDraft, character: string, secret: boolean): CheckSpecInput | null {
  const modifiers = cleanModifiers(draft.modifiers);
  if (!modifiers) return null;
  if (draft.target !== null && !isInt(draft.target, 0, TARGET_MAX)) return null;
  return {
    character,
    kind: draft.kind,
    ability: legalAbility(draft.kind, draft.ability),
    targetVisible: draft.showTarget,
    secret,
    modifiers,
    ...(draft.target !== null ? { target: draft.target } : {}),
  };
}
