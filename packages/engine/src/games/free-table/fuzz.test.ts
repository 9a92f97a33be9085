import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import { freeTableView, freeTableViewEvent } from '@veiltable/protocol/games/free-table';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import { sha256Hex } from '../../kernel/hash.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { randomStep } from './fuzz-moves.ts';
import { AT, GM, cmd, viewersOf } from './testing.ts';

const RUNS = 200;
const STEPS = 60;
const CARD_ID = /^c[0-9a-f]{16}$/;

/**
 * Freezes every object and array of a state. apply shares the parts a command does not change with the state it
 * returns, so a handler that changed anything in place would change earlier states too; frozen, it throws instead.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** Fails with a message; plain checks keep 12,000 steps fast where expect() in inner loops is not. */
function check(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}

/** Every card of the current deck is in exactly one zone, once, with a well-formed id. */
function checkCards(s: FreeTableState): void {
  const ids = [
    ...s.deck.draw.map((c) => c.id),
    ...Object.values(s.hands).flatMap((hand) => hand.map((c) => c.id)),
    ...s.table.map((e) => e.card.id),
    ...s.deck.discard.map((c) => c.id),
  ];
  check(ids.length === s.deck.size, `${ids.length} cards in play for a deck of ${s.deck.size}`);
  check(new Set(ids).size === ids.length, 'duplicate card id');
  for (const id of ids) check(CARD_ID.test(id), `bad card id ${id}`);
}

/** Views parse, and no player's view holds another seat's hand card or another seat's unrevealed answer. */
function checkViews(s: FreeTableState): void {
  for (const v of viewersOf(s)) {
    const view = freeTableView.parse(freeTable.view(s, v));
    if (v.role === 'gm') continue;
    const json = JSON.stringify(view);
    const own = v.role === 'player' ? v.seat : null;
    check(JSON.stringify(Object.keys(view.hands)) === JSON.stringify(own ? [own] : []), `hands ${Object.keys(view.hands)} for ${own}`);
    for (const other of s.seats) {
      if (other.id === own) continue;
      for (const c of s.hands[other.id] ?? []) {
        check(!json.includes(c.id), `${other.id}'s card id leaked to ${own ?? 'spectator'}`);
        if (c.face.kind === 'custom') check(!json.includes(c.face.text), `${other.id}'s card face leaked to ${own ?? 'spectator'}`);
      }
      for (const d of s.decls) {
        const a = d.sealed.status === 'open' ? d.sealed.answers[other.id] : undefined;
        if (a) check(!json.includes(a.salt), `${other.id}'s salt leaked`);
        if (a?.answer.kind === 'text') check(!json.includes(a.answer.text), `${other.id}'s answer leaked`);
      }
    }
  }
}

/** One random game; returns how many commands were accepted. */
function fuzzOnce(seedNo: number): number {
  const r = new Rng(newRngState(sha256Hex(`free-table fuzz ${seedNo}`)));
  const seed = sha256Hex(`free-table seed ${seedNo}`);
  const log: [Viewer, FreeTableCommand][] = [];
  let s = freeTable.setup(seed);
  let accepted = 0;
  for (let n = 0; n < STEPS; n++) {
    const step: [Viewer, FreeTableCommand] = n < 2 ? [GM, cmd({ type: 'seat.add', name: 'a' })] : randomStep(r, s, n);
    log.push(step);
    const before = n % 10 === 0 ? structuredClone(s) : null;
    deepFreeze(s);
    const result = freeTable.apply(s, step[1], step[0], AT);
    if (before) expect(s).toEqual(before);
    if (result.ok) {
      accepted += 1;
      s = result.value.state;
      for (const v of viewersOf(s)) for (const e of result.value.events) {
        const out = viewEvent(e, v);
        if (out !== null) freeTableViewEvent.parse(out);
      }
    } else {
      check(/^[A-Z][A-Z0-9_]+$/.test(result.error.code), `bad code ${result.error.code}`);
    }
    checkCards(s);
    checkViews(s);
  }
  let replay = freeTable.setup(seed);
  for (const [actor, command] of log) {
    const result = freeTable.apply(replay, command, actor, AT);
    if (result.ok) replay = result.value.state;
  }
  expect(replay).toEqual(s);
  return accepted;
}

describe('free-table fuzz', () => {
  test(`${RUNS} seeded random games keep every card, leak no hand, parse, replay identically, and never change a state in place`, () => {
    let accepted = 0;
    for (let seedNo = 0; seedNo < RUNS; seedNo++) {
      try {
        accepted += fuzzOnce(seedNo);
      } catch (e) {
        throw new Error(`free-table fuzz failed for seed ${seedNo}: ${(e as Error).message}`, { cause: e });
      }
    }
    // A generator that only produced rejections would prove nothing.
    expect(accepted).toBeGreaterThan((RUNS * STEPS) / 4);
  }, 120_000);
});
