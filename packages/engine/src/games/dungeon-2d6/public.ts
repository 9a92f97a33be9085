import type { Viewer } from '@veiltable/protocol';
import type { D6EventType } from '@veiltable/protocol/games/dungeon-2d6';
import { plain } from '../../kernel/draft.ts';
import { GM_ONLY } from '../../kernel/events.ts';
import type { Ctx, Secret } from './context.ts';
import { emit } from './context.ts';
import { positionHidden, statsHidden } from './visibility.ts';
import type { Character, CheckRecord } from './state.ts';

/**
 * How each record splits into what the table may see and what only the GM may see (§10.1). view() and the events
 * both go through these functions, so a field hidden in one is hidden in the other.
 */
export type Split = { data: Record<string, unknown>; hidden?: Required<Secret> };

/** D6-HID-02: a secret roll shows only that it happened. D6-HID-07: a hidden target number is withheld. */
export function splitCheck(check: CheckRecord): Split {
  const full = plain(check) as unknown as Record<string, unknown>;
  if (check.secret) {
    return {
      data: { id: check.id, character: check.character, kind: check.kind, secret: true, resolved: check.resolved, window: check.window, attack: check.attack, opposed: check.opposed },
      hidden: { data: full, seats: [] },
    };
  }
  if (check.target !== null && !check.targetVisible) {
    return { data: { ...full, target: null }, hidden: { data: full, seats: [] } };
  }
  return { data: full };
}

/** A character as the table sees it; the GM notes are never public. */
export function splitCharacter(c: Character): Split {
  const full = plain(c) as unknown as Record<string, unknown>;
  if (statsHidden(c)) {
    const data: Record<string, unknown> = {
      id: c.id,
      name: c.name,
      controller: c.controller,
      side: c.side,
      sex: c.sex,
      flags: { flying: c.flags.flying, transformed: c.flags.transformed, illusion: c.flags.illusion, hidden: c.flags.hidden },
    };
    // D6-HID-06: where a hidden character stands is withheld, and so is its fall, which would say where it was struck.
    if (!positionHidden(c)) {
      data.zone = c.zone;
      data.down = c.down;
    }
    return { data, hidden: { data: full, seats: [] } };
  }
  const data: Record<string, unknown> = { ...full, gmNotes: '' };
  if (!positionHidden(c)) return { data, hidden: { data: { gmNotes: c.gmNotes }, seats: [] } };
  delete data.zone;
  delete data.down;
  return { data, hidden: { data: { gmNotes: c.gmNotes, zone: c.zone, down: c.down }, seats: [] } };
}

/** The record as one viewer sees it. */
export function forViewer(split: Split, viewer: Viewer): Record<string, unknown> {
  if (viewer.role === 'gm') return split.hidden ? { ...split.data, ...split.hidden.data } : split.data;
  if (viewer.role === 'player' && split.hidden?.seats.includes(viewer.seat)) return { ...split.data, ...split.hidden.data };
  return split.data;
}

/**
 * Emits a check event with the check split for secrecy. `extra` is read with the check; on a secret roll it is the
 * GM's too when `extraIsSecret` (D6-HID-02: concentration on a secret roll would tell how much was added).
 */
export function publishCheck(ctx: Ctx, type: D6EventType, check: CheckRecord, extra: Record<string, unknown> = {}, extraIsSecret = false): void {
  const split = splitCheck(check);
  const hideExtra = extraIsSecret && check.secret;
  const data = { ...(hideExtra ? {} : extra), check: split.data };
  const secret = { ...(hideExtra ? extra : {}), ...(split.hidden ? { check: split.hidden.data } : {}) };
  emit(ctx, type, data, Object.keys(secret).length ? { secret: { data: secret } } : {});
}

/**
 * Emits an HP change; a GM-run character's HP stays GM-only (D6-HID-01). A hidden character's HP changes reach only
 * the GM: what hurt it (a trap, a blow) would tell where it stands (D6-HID-06).
 */
export function publishHp(ctx: Ctx, c: Character, delta: number, cause: string): void {
  const data = { character: c.id, delta, cause };
  if (positionHidden(c)) emit(ctx, 'hp.changed', { ...data, hp: c.hp }, { to: GM_ONLY });
  // The amounts too: a clamped heal or an override's change would pin the HP or the maximum (issue 12 #12).
  else if (statsHidden(c)) emit(ctx, 'hp.changed', { character: c.id, cause }, { secret: { data: { delta, hp: c.hp } } });
  else emit(ctx, 'hp.changed', { ...data, hp: c.hp });
}
