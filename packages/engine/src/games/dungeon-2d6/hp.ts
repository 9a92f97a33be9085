import { GM_ONLY } from '../../kernel/events.ts';
import type { Ctx } from './context.ts';
import { emit, GM_PARTICIPANT, openLinked } from './context.ts';
import { publishHp } from './public.ts';
import type { Character } from './state.ts';
import { positionHidden, statsHidden } from './visibility.ts';

/**
 * Lowers HP (damage, a failed door-break, a trap, or the cost of concentration) and runs HP-0 processing when HP
 * reaches 0: the 不屈 window for a holder with a use left (D6-WIN-07), otherwise the character is down. No source says
 * HP stops at 0 (D6-GAP-03), so it is not clamped.
 */
export function loseHp(ctx: Ctx, c: Character, amount: number, cause: string): void {
  if (amount <= 0) return;
  const before = c.hp;
  c.hp -= amount;
  publishHp(ctx, c, -amount, cause);
  if (before > 0 && c.hp <= 0) reachZero(ctx, c);
}

/**
 * D6-WIN-07: a holder of 不屈 with a use left may use it now. A GM-run character's window opens whatever it holds,
 * for the GM to close or use (D6-HID-01): a window only holders got would tell the table who holds 不屈.
 */
function reachZero(ctx: Ctx, c: Character): void {
  const fukutsu = c.skills.fukutsu;
  const holder = fukutsu !== undefined && (fukutsu.uses === null || fukutsu.uses > 0);
  if (holder || statsHidden(c)) {
    const eligible = [...(holder ? [c.id] : []), ...(statsHidden(c) ? [GM_PARTICIPANT] : [])];
    openLinked(ctx, 'fukutsu', eligible, { kind: 'fukutsu', character: c.id });
    return;
  }
  markDown(ctx, c);
}

/** HP-0 consequences are the base game's (重傷, D6-GAP-03); the engine only marks the character down. */
export function markDown(ctx: Ctx, c: Character): void {
  c.down = true;
  emit(ctx, 'character.down', { character: c.id }, positionHidden(c) ? { to: GM_ONLY } : {});
}

/** Restores HP up to the maximum. */
export function gainHp(ctx: Ctx, c: Character, amount: number, cause: string): number {
  const gained = Math.max(0, Math.min(amount, c.maxHp - c.hp));
  c.hp += gained;
  if (c.hp > 0) c.down = false;
  publishHp(ctx, c, gained, cause);
  return gained;
}

/** D6-BASE-04: rest heals 12 HP per full day, 6 per night (12 h), 1 per 2 h. */
export function restHealing(hours: number): number {
  const days = Math.floor(hours / 24);
  const nights = Math.floor((hours % 24) / 12);
  const pairs = Math.floor((hours % 12) / 2);
  return days * 12 + nights * 6 + pairs;
}
