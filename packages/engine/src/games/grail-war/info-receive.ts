import type { Knowledge } from './commands.ts';
import type { Ctx } from './context.ts';
import { emit } from './events.ts';
import type { InfoEntry, InfoKind } from './info-ledger.ts';
import { bothOpen, freshEntry, summarize } from './info-ledger.ts';

export type { InfoKind } from './info-ledger.ts';

/**
 * One grant of information points about a servant, from any source (recon, search, battles, observers, relationships):
 * `falsePoints` of them are false (REL-09), counting −2 in the authoritative total and +1 in the knower's belief (INFO-04).
 */
export type InfoGain = { knower: string; target: string; kind: InfoKind; points: number; falsePoints?: number; source: string };

/** The knower's entry about the target, made fresh the first time (INFO-01). */
export function entryOf(ctx: Ctx, knower: string, target: string): InfoEntry {
  const entries = ctx.state.info.entries;
  let e = entries.find((x) => x.knower === knower && x.target === target);
  if (!e) {
    e = freshEntry(knower, target);
    entries.push(e);
  }
  return e;
}

/** Writes the entry's derived summary into the ledger battles read and announces both (HIDE-F11: knower and GM). */
export function publishEntry(ctx: Ctx, e: InfoEntry): void {
  const k: Knowledge = summarize(e);
  const ledger = ctx.state.ledger;
  const at = ledger.findIndex((x) => x.knower === e.knower && x.target === e.target);
  if (at >= 0) ledger[at] = k;
  else ledger.push(k);
  emit(ctx, { type: 'knowledge.set', entry: k });
  emit(ctx, { type: 'info.updated', entry: e });
}

/**
 * The one door through which every rule adds information (INFO-04, INFO-13): after a true-name reveal the points
 * become XP (INFO-18); once both core pieces are open each point is one more true-name right (INFO-17).
 */
export function receiveInfo(ctx: Ctx, gain: InfoGain): void {
  const e = entryOf(ctx, gain.knower, gain.target);
  const wrong = Math.min(gain.falsePoints ?? 0, gain.points);
  if (e.trueNameRevealed) e.xp += gain.points;
  else {
    e.genuine[gain.kind] += gain.points - wrong;
    e.false[gain.kind] += wrong;
    if (bothOpen(e)) e.rights += gain.points;
  }
  publishEntry(ctx, e);
}
