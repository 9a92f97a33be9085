import type { Knowledge } from './commands.ts';
import type { Ctx } from './context.ts';
import { correctTo } from './info-ledger.ts';
import { entryOf, receiveInfo } from './info-receive.ts';
import type { Battle } from './state.ts';

/**
 * GW-INFO-13: the class becomes known once 3 points in total have been received, false ones included. While the
 * class is unknown no correct guess has happened, so Common is still −3 and the points received are believed + 3
 * (the believed total counts a false point as +1, which is why the knower cannot tell).
 */
export function classKnownAfter(k: Knowledge): boolean {
  return k.classKnown || k.believed + 3 >= 3;
}

/**
 * Adds a battle's info rewards (INFO-06/08) through receiveInfo. A pair the room ledger lacks starts from the
 * battle's own snapshot of it, else from a fresh ledger.
 */
export function applyInfoGains(ctx: Ctx, battle: Battle): void {
  for (const r of battle.rewards ?? []) {
    for (const gain of r.info) {
      const same = (x: Knowledge) => x.knower === r.character && x.target === gain.target;
      const snap = battle.knowledge.find(same);
      if (snap && !ctx.state.ledger.some(same)) correctTo(entryOf(ctx, r.character, gain.target), snap);
      receiveInfo(ctx, { knower: r.character, target: gain.target, kind: gain.type, points: gain.points, source: 'battle' });
    }
  }
}
