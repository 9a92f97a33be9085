import type { GwRelation } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { Battle, GrailWarState, Participant } from './state.ts';
import { characterOf } from './state.ts';

/**
 * The relationship chart 관계도 (GW-REL): who holds whom, at what score. Each direction is its own entry (REL-06/07):
 * characters register in pairs, score their own entries at each scene end and cut their own; the GM corrects it.
 */
export type Relation = GwRelation;

/** REL-01: at most 8 entries per holder and 2 new per scene; REL-02 INFERRED range −3..+3. */
export const MAX_RELATIONS = 8;
export const MAX_NEW_PER_SCENE = 2;
export const MAX_SCORE = 3;

const same = (a: { holder: string; other: string }, b: { holder: string; other: string }) => a.holder === b.holder && a.other === b.other;

/** The holder's score for the other, or null when the holder has no entry for it. */
export function scoreOf(state: GrailWarState, holder: string, other: string): number | null {
  return state.relations.find((r) => r.holder === holder && r.other === other)?.score ?? null;
}

/** REL-01 / FLOW-01 step 4: a master and its servant start registered with each other at 0. */
export function registerPair(state: GrailWarState, a: string, b: string): void {
  for (const [holder, other] of [[a, b], [b, a]] as const) {
    if (scoreOf(state, holder, other) === null) state.relations.push({ holder, other, score: 0 });
  }
}

/** GM: adds or rescores one entry (REL-01/02/05). A full chart takes no new entry until one is removed. */
export function relationSet(ctx: Ctx, c: Cmd<'relation.set'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const r = c.entry;
  if (!characterOf(ctx.state, r.holder) || !characterOf(ctx.state, r.other) || r.holder === r.other) return err('BAD_RELATION', 'GW-REL-01');
  if (!Number.isInteger(r.score) || Math.abs(r.score) > MAX_SCORE) return err('BAD_SCORE', 'GW-REL-02');
  const list = ctx.state.relations;
  const at = list.findIndex((x) => same(x, r));
  if (at >= 0) list[at] = { ...r };
  else {
    if (list.filter((x) => x.holder === r.holder).length >= MAX_RELATIONS) return err('RELATIONS_FULL', 'GW-REL-05');
    list.push({ ...r });
  }
  emit(ctx, { type: 'relation.set', entry: { ...r } });
  return done;
}

/** GM: removes one direction of an entry (REL-06); a contracted pair cannot break theirs (REL-08). */
export function relationRemove(ctx: Ctx, c: Cmd<'relation.remove'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (scoreOf(ctx.state, c.holder, c.other) === null) return err('NO_SUCH_ENTRY', 'GW-REL-06');
  if (characterOf(ctx.state, c.holder)?.partner === c.other) return err('PAIR_CANNOT_BREAK', 'GW-REL-08');
  ctx.state.relations = ctx.state.relations.filter((x) => !same(x, c));
  emit(ctx, { type: 'relation.removed', holder: c.holder, other: c.other });
  return done;
}

/**
 * REL-04 positive 2 (servants), DMG-01 step 3: +1 on a servant's non-NP damage while it fights on one side with a
 * standing servant whose entry for it is at +2 or more. The benefit is provided by the holder (REL-04/07, INFERRED)
 * and is +1 however many such allies there are (INFERRED).
 */
export function relationshipBonus(state: GrailWarState, battle: Battle, attacker: Participant): number {
  if (characterOf(state, attacker.id)?.sheet.kind !== 'servant') return 0;
  const allies = battle.participants.filter((q) => q.side === attacker.side && q.id !== attacker.id && q.status === 'standing');
  const holds = allies.some((q) => characterOf(state, q.id)?.sheet.kind === 'servant' && (scoreOf(state, q.id, attacker.id) ?? 0) >= 2);
  return holds ? 1 : 0;
}

/**
 * REL-04 ±2 (masters) with REL-07: the holder master shares its bases and their effects with the other master while
 * its entry stands at |score| ≥ 2; after a one-sided cut only the side that kept its entry still shares.
 */
export function sharesBases(state: GrailWarState, holder: string, other: string): boolean {
  const masters = [holder, other].every((id) => characterOf(state, id)?.sheet.kind === 'master');
  return masters && Math.abs(scoreOf(state, holder, other) ?? 0) >= 2;
}

/** REL-04 negative 2: the holder may ambush the other (BATTLE-M2). */
export const mayAmbush = (state: GrailWarState, holder: string, other: string): boolean => (scoreOf(state, holder, other) ?? 0) <= -2;

/**
 * BATTLE-M2 master variant: a side may open with an ambush when one of its masters (in the battle, or the master of a
 * servant in it) holds someone on another side (or that one's partner) at −2 or below (REL-04). Whether the target
 * was resting in a base is the GM's call.
 */
export function sideMayAmbush(state: GrailWarState, roster: { character: string; side: string }[], side: string): boolean {
  const withPartners = (ids: string[]) => [...ids, ...ids.map((id) => characterOf(state, id)?.partner ?? null).filter((x) => x !== null)];
  const ours = withPartners(roster.filter((r) => r.side === side).map((r) => r.character)).filter((id) => characterOf(state, id)?.sheet.kind === 'master');
  const theirs = withPartners(roster.filter((r) => r.side !== side).map((r) => r.character));
  return ours.some((m) => theirs.some((t) => mayAmbush(state, m, t)));
}
