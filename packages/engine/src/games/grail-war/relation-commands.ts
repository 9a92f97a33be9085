import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter } from './context.ts';
import { emit } from './events.ts';
import { receiveInfo } from './info-receive.ts';
import { newChart } from './chart.ts';
import { MAX_NEW_PER_SCENE, MAX_RELATIONS, MAX_SCORE, scoreOf } from './relations.ts';
import type { Character, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/**
 * The players' side of the relationship chart (GW-REL): registration by offer and consent while meeting (REL-01,
 * HIDE-D10), one-sided cuts (REL-06/07/08), the sealed scene-end scoring (REL-03, HIDE-D7) and information sharing
 * with false points (REL-09/10, HIDE-D11).
 */

/** Two characters meet when their revealed declarations name the same place this scene (REL-01 "met in a scene"). */
function meeting(state: GrailWarState, a: string, b: string): boolean {
  const c = state.campaign;
  if (c.step !== 'resolve' || !c.declarations) return false;
  const placeOf = (id: string) => sealedAnswerOf(c.declarations!, id)?.answer.place;
  const here = placeOf(a);
  return here !== undefined && here === placeOf(b);
}

/** The acting character and the other one it names, who must be someone else in play. */
function actorAndOther(ctx: Ctx, named: string | undefined, other: string): Result<{ me: Character; them: Character }> {
  const me = requireCharacter(ctx, named);
  if (!me.ok) return me;
  const them = characterOf(ctx.state, other);
  if (!them || them.id === me.value.id || them.dead) return err('BAD_RELATION', 'GW-REL-01');
  return ok({ me: me.value, them });
}

const entries = (state: GrailWarState, holder: string) => state.relations.filter((r) => r.holder === holder).length;

/** Whether `holder` may take a new entry now: room on its chart (REL-01/05, TV-REL-01) and this scene's 2 (REL-01). */
function roomFor(state: GrailWarState, holder: string): Result<void> {
  if (entries(state, holder) >= MAX_RELATIONS) return err('RELATIONS_FULL', 'GW-REL-05', 'remove an entry first');
  if ((state.chart.newThisScene[holder] ?? 0) >= MAX_NEW_PER_SCENE) return err('TOO_MANY_NEW', 'GW-REL-01');
  return done;
}

/** REL-01 / HIDE-D10: offers registration to a character met this scene; the two and the GM see the offer. */
export function relationPropose(ctx: Ctx, c: Cmd<'relation.propose'>): Result<void> {
  const pair = actorAndOther(ctx, c.character, c.other);
  if (!pair.ok) return pair;
  const { me, them } = pair.value;
  const { state } = ctx;
  if (scoreOf(state, me.id, them.id) !== null && scoreOf(state, them.id, me.id) !== null) return err('ALREADY_REGISTERED', 'GW-REL-01');
  if (!meeting(state, me.id, them.id)) return err('NOT_MEETING', 'GW-HIDE-D10');
  if (state.chart.proposals.some((p) => p.from === me.id && p.to === them.id)) return err('ALREADY_PROPOSED', 'GW-HIDE-D10');
  if (scoreOf(state, me.id, them.id) === null) {
    const room = roomFor(state, me.id);
    if (!room.ok) return room;
  }
  state.chart.proposals.push({ from: me.id, to: them.id });
  emit(ctx, { type: 'relation.proposed', from: me.id, to: them.id });
  return done;
}

/**
 * REL-01: consents to the other's offer; each registers the other at 0 (REL-02). A side that kept its entry through
 * the other's cut keeps it and its score; only a side gaining an entry counts it against its limits.
 */
export function relationAccept(ctx: Ctx, c: Cmd<'relation.accept'>): Result<void> {
  const pair = actorAndOther(ctx, c.character, c.other);
  if (!pair.ok) return pair;
  const { me, them } = pair.value;
  const { state } = ctx;
  const chart = state.chart;
  const offer = chart.proposals.findIndex((p) => p.from === them.id && p.to === me.id);
  if (offer < 0) return err('NO_PROPOSAL', 'GW-REL-01');
  if (!meeting(state, me.id, them.id)) return err('NOT_MEETING', 'GW-HIDE-D10');
  const gaining = [me.id, them.id].filter((id) => scoreOf(state, id, id === me.id ? them.id : me.id) === null);
  for (const id of gaining) {
    const room = roomFor(state, id);
    if (!room.ok) return room;
  }
  for (const id of gaining) {
    state.relations.push({ holder: id, other: id === me.id ? them.id : me.id, score: 0 });
    chart.newThisScene[id] = (chart.newThisScene[id] ?? 0) + 1;
  }
  chart.proposals = chart.proposals.filter((p) => !(p.from === them.id && p.to === me.id) && !(p.from === me.id && p.to === them.id));
  emit(ctx, { type: 'relation.registered', from: them.id, to: me.id });
  return done;
}

/**
 * REL-06/07: removes the actor's own entry. The other side is not told (HIDE-F15, TV-HIDE-03) and keeps its entry;
 * what this side provided stops. A contracted pair cannot break theirs (REL-08). A sealed score for it lapses.
 */
export function relationCut(ctx: Ctx, c: Cmd<'relation.cut'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const holder = me.value.id;
  const { state } = ctx;
  if (scoreOf(state, holder, c.other) === null) return err('NO_SUCH_ENTRY', 'GW-REL-06');
  if (me.value.partner === c.other) return err('PAIR_CANNOT_BREAK', 'GW-REL-08');
  state.relations = state.relations.filter((r) => !(r.holder === holder && r.other === c.other));
  const sealed = state.chart.scores[holder];
  if (sealed) state.chart.scores[holder] = { plus: sealed.plus === c.other ? null : sealed.plus, minus: sealed.minus === c.other ? null : sealed.minus };
  emit(ctx, { type: 'relation.removed', holder, other: c.other });
  return done;
}

/**
 * REL-03 / HIDE-D7: the holder's sealed scoring for this scene end, one +1 and one −1 to different registered
 * entries (INFERRED), either left out; it may change until the scene ends. Nobody but the holder and the GM sees it.
 */
export function relationScore(ctx: Ctx, c: Cmd<'relation.score'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const holder = me.value.id;
  if (c.plus !== null && c.plus === c.minus) return err('SAME_ENTRY', 'GW-REL-03');
  for (const other of [c.plus, c.minus]) if (other !== null && scoreOf(ctx.state, holder, other) === null) return err('NO_SUCH_ENTRY', 'GW-REL-03');
  ctx.state.chart.scores[holder] = { plus: c.plus, minus: c.minus };
  emit(ctx, { type: 'relation.scoreSealed', holder, plus: c.plus, minus: c.minus });
  return done;
}

/**
 * Scene end step 3 (FLOW-03 S4, REL-03): applies every sealed scoring at once within −3..+3 (REL-02); each holder
 * and the GM see their new scores, nobody else (HIDE-F16). Then the scene's offers lapse and its counts restart.
 */
export function applyScores(ctx: Ctx): void {
  const { state } = ctx;
  for (const [holder, { plus, minus }] of Object.entries(state.chart.scores)) {
    for (const [other, by] of [[plus, 1], [minus, -1]] as const) {
      const entry = other === null ? undefined : state.relations.find((r) => r.holder === holder && r.other === other);
      if (!entry) continue;
      const next = Math.max(-MAX_SCORE, Math.min(MAX_SCORE, entry.score + by));
      if (next === entry.score) continue;
      entry.score = next;
      emit(ctx, { type: 'relation.set', entry: { ...entry } });
    }
  }
  state.chart = { ...newChart(), shared: state.chart.shared };
}

/** INFO-04: the points a knower has received about a target, from its believed total (Common starts at −3). */
const pointsHeld = (state: GrailWarState, knower: string, target: string): number =>
  Math.max(0, (state.ledger.find((k) => k.knower === knower && k.target === target)?.believed ?? -3) + 3);

/**
 * REL-10 / REL-09 / HIDE-D11: the holder passes information points about a servant to a character it holds at
 * |score| ≥ 1, no more genuine ones than it has received and not yet passed to that character (INFERRED); at a
 * negative score it may mark some false (REL-04 −1), which the receiver takes as ordinary points (HIDE-F13). Only
 * the holder's own entry counts (REL-07): after its cut, a side's shares stop (TV-HIDE-03).
 */
export function infoShare(ctx: Ctx, c: Cmd<'info.share'>): Result<void> {
  const pair = actorAndOther(ctx, c.character, c.to);
  if (!pair.ok) return pair;
  const { me, them } = pair.value;
  const { state } = ctx;
  if (characterOf(state, c.target)?.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-INFO-01');
  const score = scoreOf(state, me.id, them.id);
  if (score === null || score === 0) return err('NO_SHARING', 'GW-REL-10');
  const falsePoints = c.falsePoints ?? 0;
  if (falsePoints > c.points) return err('BAD_POINTS', 'GW-REL-09');
  if (falsePoints > 0 && score > 0) return err('FALSE_NEEDS_NEGATIVE', 'GW-REL-09');
  const key = `${me.id}>${them.id}>${c.target}`;
  const genuine = c.points - falsePoints;
  if (genuine > pointsHeld(state, me.id, c.target) - (state.chart.shared[key] ?? 0)) return err('NOT_ENOUGH_POINTS', 'GW-REL-10');
  state.chart.shared[key] = (state.chart.shared[key] ?? 0) + genuine;
  receiveInfo(ctx, { knower: them.id, target: c.target, kind: c.kind, points: c.points, falsePoints, source: 'GW-REL-10' });
  emit(ctx, { type: 'info.shared', giver: me.id, to: them.id, target: c.target, points: c.points, falsePoints });
  return done;
}
