import type { Ctx } from './context.ts';
import { copyOf } from './context.ts';
import { emit } from './events.ts';
import { rankValue } from './grades.ts';
import type { GrailWarOptions } from './options.ts';
import type { NpType } from './sheets.ts';
import type { Battle, Concealment, GrailWarState, Participant } from './state.ts';
import { SLOTS, characterOf } from './state.ts';

/** SAN-01: every character starts at 100; a single loss of 30 or more brings a Church sanction. */
export const CONCEALMENT_START = 100;
const SANCTION_LOSS = 30;

/** SAN-02: loss per NP grade point for each release, by NP type; 결계 and 군세 are charged by time, below. */
const PER_GRADE: Partial<Record<NpType, number>> = { antiPersonnel: 1, antiArmy: 2, antiFortress: 3, antiCountry: 5, antiWorld: 7 };

/** A character's concealment record, untouched until its first charged battle. */
export function concealmentOf(state: GrailWarState, id: string): Concealment {
  return state.concealment[id] ?? { value: CONCEALMENT_START, regions: {}, sanctions: 0 };
}

/**
 * SAN-02/04/05/06: what one battle costs a participant before SAN-07. Battle part: 1 per 5 judgments, +1 more per 5
 * in the front row, times the opposing head-count (GAP DEFAULT for melees; 1 in a duel), and nothing in a
 * masters-only battle without magic (SAN-05). Then 1 per magic judgment or accepted magic support, 2 for 비전 마술,
 * and each NP release by type × the NP grade; a 결계 costs 3 per 2 judgments from its first release to the end.
 * Day scenes double it all, except for a new-rule Assassin fighting in the front row without an NP (CLASS-03 (4)).
 */
export function rawLoss(state: GrailWarState, battle: Battle, p: Participant): number {
  const sheet = characterOf(state, p.id)!.sheet;
  const plays = battle.history.flatMap((r) => r.plays.filter((x) => x.character === p.id).map((x) => ({ ...x, at: (r.batch - 1) * SLOTS + r.slot })));
  const lastSlot = battle.history.reduce((n, r) => Math.max(n, (r.batch - 1) * SLOTS + r.slot), 0);
  const magicAnywhere = battle.history.some(
    (r) => r.plays.some((x) => x.judgment.card === 'magecraft' || x.judgment.card === 'arcane') || r.supports.some((x) => x.mode === 'magic' && x.accepted),
  );
  const mastersOnly = battle.participants.every((q) => characterOf(state, q.id)!.sheet.kind === 'master');
  const foes = battle.participants.filter((q) => q.side !== p.side).length;
  const blocks = Math.floor(battle.slotsPlayed / 5);
  let loss = mastersOnly && !magicAnywhere ? 0 : blocks * (p.row === 'front' ? 2 : 1) * foes;
  loss += plays.filter((x) => x.judgment.card === 'magecraft').length;
  loss += battle.history.reduce((n, r) => n + r.supports.filter((x) => x.supporter === p.id && x.mode === 'magic' && x.accepted).length, 0);
  if (p.arcaneUsed) loss += 2;
  const npPlays = plays.filter((x) => x.judgment.card === 'np');
  if (sheet.kind === 'servant') {
    const grade = rankValue(sheet.stats.np, state.options.exGradeValue);
    const fieldsFrom = new Map<string, number>();
    for (const x of npPlays) {
      const np = sheet.noblePhantasms.find((n) => n.id === x.judgment.np);
      if (!np) continue;
      if (np.npType === 'boundedField') fieldsFrom.set(np.id, Math.min(fieldsFrom.get(np.id) ?? x.at, x.at));
      else loss += (PER_GRADE[np.npType] ?? 0) * grade;
    }
    for (const from of fieldsFrom.values()) loss += 3 * Math.ceil((lastSlot - from + 1) / 2);
  }
  const assassinSpared = state.options.assassinTraits === 'new' && sheet.kind === 'servant' && sheet.className === 'assassin' && p.row === 'front' && npPlays.length === 0;
  return battle.scene === 'day' && !assassinSpared ? loss * 2 : loss;
}

/**
 * SAN-02/03 식인: the m-th act of cannibalism by one character, eating n people at once, costs n·2(m−1) + n(n−1)/2:
 * "the first person costs 0; each further person eaten at once costs 1 more", "each further act raises the base by
 * 2"; Day scenes double it (SAN-04).
 */
export function cannibalismLoss(act: number, people: number, scene: 'day' | 'night'): number {
  const loss = people * 2 * (act - 1) + (people * (people - 1)) / 2;
  return scene === 'day' ? loss * 2 : loss;
}

/**
 * SAN-07: the k-th battle in one region costs r × 2^(k−1) (`doubling`) or r × 2 (`fixed2`); a result below the
 * previous battle's loss there becomes that loss + 2r. A battle with no raw loss costs nothing (INFERRED).
 */
export function repeatedLoss(raw: number, k: number, previous: number, mode: GrailWarOptions['repeatBattleConcealment']): number {
  if (k <= 1 || raw === 0) return raw;
  const scaled = mode === 'doubling' ? raw * 2 ** (k - 1) : raw * 2;
  return scaled < previous ? previous + 2 * raw : scaled;
}

/**
 * BATTLE-22 step 5 under the SAN trial: charges every participant, tells its owner, partner and the GM, and
 * announces a Church sanction publicly (SAN-01, HIDE-F18). Concealment stops at 0 (INFERRED).
 */
export function chargeConcealment(ctx: Ctx, battle: Battle): void {
  const state = ctx.state;
  if (!state.options.characterConcealment) return;
  for (const p of battle.participants) {
    const record = copyOf(concealmentOf(state, p.id));
    const region = battle.regions[p.id];
    const raw = rawLoss(state, battle, p);
    let loss = raw;
    if (region !== undefined) {
      const seen = record.regions[region] ?? { battles: 0, last: 0 };
      loss = repeatedLoss(raw, seen.battles + 1, seen.last, state.options.repeatBattleConcealment);
      record.regions[region] = { battles: seen.battles + 1, last: raw === 0 ? seen.last : loss };
    }
    const before = record.value;
    record.value = Math.max(0, before - loss);
    const reason = before > 0 && record.value === 0 ? 'zero' : loss >= SANCTION_LOSS ? 'bigLoss' : null;
    if (reason) record.sanctions += 1;
    state.concealment[p.id] = record;
    emit(ctx, { type: 'concealment.lost', character: p.id, loss, value: record.value });
    if (reason) emit(ctx, { type: 'concealment.sanctioned', character: p.id, reason });
  }
}
