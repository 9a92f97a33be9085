import type { Knowledge } from './commands.ts';
import type { Ctx } from './context.ts';
import { emit } from './events.ts';
import { classKnownAfter } from './info-gain.ts';

/** The four kinds of information point (GW-INFO-02): 조우, 소문, 전투, 전승. */
export type InfoKind = 'encounter' | 'rumor' | 'combat' | 'legend';

/**
 * One grant of information points about a servant, from any source (recon, search, battles, observers, relationships):
 * `falsePoints` of them are false (REL-09), counting −2 in the authoritative total and +1 in the knower's belief (INFO-04).
 */
export type InfoGain = { knower: string; target: string; kind: InfoKind; points: number; falsePoints?: number; source: string };

/** A ledger that has received nothing: Common −3 (INFO-04), class unknown. */
const fresh = (knower: string, target: string): Knowledge => ({ knower, target, total: -3, believed: -3, classKnown: false, failedGuess: false, trueNameKnown: false });

/** The one door through which every rule adds information to the room ledger (INFO-04, INFO-13), announced per entry. */
export function receiveInfo(ctx: Ctx, gain: InfoGain): void {
  const ledger = ctx.state.ledger;
  let k = ledger.find((x) => x.knower === gain.knower && x.target === gain.target);
  if (!k) {
    k = fresh(gain.knower, gain.target);
    ledger.push(k);
  }
  const wrong = gain.falsePoints ?? 0;
  k.total += gain.points - wrong - 2 * wrong;
  k.believed += gain.points;
  k.classKnown = classKnownAfter(k);
  emit(ctx, { type: 'knowledge.set', entry: k });
}
