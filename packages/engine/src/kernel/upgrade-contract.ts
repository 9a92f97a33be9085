import { describe, expect, test } from 'vitest';
import type { AnyGame } from './game.ts';

/** What one game's upgrade tests hand the contract. */
export type UpgradeCase = {
  game: AnyGame;
  /** Fresh copies of snapshots an earlier version of the game saved. */
  saved: () => unknown[];
  /** States the current version produced (a fresh room is added by the contract). */
  current: () => unknown[];
  /** When the room loads them (ms since the epoch). */
  at: number;
};

/** The promises of Game.upgrade every game keeps: the input untouched, idempotent, current states as they are. */
export function upgradeContract(c: UpgradeCase): void {
  const upgrade = (state: unknown, at = c.at): unknown => c.game.upgrade!(state, at);

  describe(`${c.game.id}: the upgrade contract`, () => {
    test('a saved state itself is left as it was', () => {
      for (const old of c.saved()) {
        const before = JSON.stringify(old);
        upgrade(old);
        expect(JSON.stringify(old)).toBe(before);
      }
    });

    test('an upgraded state comes back as the same object when it is loaded again later', () => {
      for (const old of c.saved()) {
        const once = upgrade(old);
        expect(once).not.toBe(old);
        expect(upgrade(once, c.at + 3_600_000)).toBe(once);
      }
    });

    test('a current state, a fresh room among them, comes back as the same object', () => {
      for (const state of [c.game.setup('5e'.repeat(32)), ...c.current()]) expect(upgrade(state)).toBe(state);
    });
  });
}
