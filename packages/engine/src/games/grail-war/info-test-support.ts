import type { CorePiece, InfoKind } from './info-ledger.ts';
import { freshEntry } from './info-ledger.ts';
import type { GrailWarState } from './state.ts';

/** A copy of `s` in which `knower` has received `points` genuine (and `falsePoints` false) points of `kind` about `target`. */
export function gave(s: GrailWarState, knower: string, target: string, kind: InfoKind, points: number, falsePoints = 0): GrailWarState {
  const next = structuredClone(s);
  let e = next.info.entries.find((x) => x.knower === knower && x.target === target);
  if (!e) {
    e = freshEntry(knower, target);
    next.info.entries.push(e);
  }
  e.genuine[kind] += points;
  e.false[kind] += falsePoints;
  return next;
}

/** A copy of `s` at the S3 encounters step (FLOW-03 step 3), where INFO-05 encounters are recorded. */
export function atEncounters(s: GrailWarState): GrailWarState {
  const next = structuredClone(s);
  next.campaign.step = 'resolve';
  next.campaign.resolved = 2;
  return next;
}

/** The 000 example's placement (TV-INFO-05): stats at (전투, 4), skills at (전승, 5). */
export const PIECES: CorePiece[] = [
  { kind: 'combat', grade: 4, holds: 'stats', content: 'STR B END C' },
  { kind: 'legend', grade: 5, holds: 'skills', content: 'Clairvoyance C' },
];
