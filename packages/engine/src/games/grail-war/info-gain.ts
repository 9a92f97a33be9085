import type { Knowledge } from './commands.ts';
import type { Ctx } from './context.ts';
import { copyOf } from './context.ts';
import { emit } from './events.ts';
import type { Battle } from './state.ts';

/** A ledger that has received nothing: Common −3 (INFO-04), class unknown. */
const fresh = (knower: string, target: string): Knowledge => ({
  knower,
  target,
  total: -3,
  believed: -3,
  classKnown: false,
  failedGuess: false,
  trueNameKnown: false,
});

/**
 * GW-INFO-13: the class becomes known once 3 points in total have been received, false ones included. While the
 * class is unknown no correct guess has happened, so Common is still −3 and the points received are believed + 3
 * (the believed total counts a false point as +1, which is why the knower cannot tell).
 */
export function classKnownAfter(k: Knowledge): boolean {
  return k.classKnown || k.believed + 3 >= 3;
}

/**
 * Adds a battle's info rewards (INFO-06/08) to the room ledger, applying INFO-13, and announces each entry. A pair
 * the room ledger lacks starts from the battle's own snapshot of it, else from a fresh ledger.
 */
export function applyInfoGains(ctx: Ctx, battle: Battle): void {
  const ledger = ctx.state.ledger;
  for (const r of battle.rewards ?? []) {
    for (const gain of r.info) {
      const same = (x: Knowledge) => x.knower === r.character && x.target === gain.target;
      let k = ledger.find(same);
      if (!k) {
        const snap = battle.knowledge.find(same);
        k = snap ? copyOf(snap) : fresh(r.character, gain.target);
        ledger.push(k);
      }
      // Genuine battle points count +1 in both totals; false points enter only through the GM's ledger edits.
      k.total += gain.points;
      k.believed += gain.points;
      k.classKnown = classKnownAfter(k);
      emit(ctx, { type: 'knowledge.set', entry: k });
    }
  }
}
