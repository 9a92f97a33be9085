import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import { freeTableView, freeTableViewEvent } from '@veiltable/protocol/games/free-table';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import { sha256Hex } from '../../kernel/hash.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { AT, GM, SPECTATOR, cmd, viewersOf } from './testing.ts';

const RUNS = 200;
const STEPS = 60;
const CARD_ID = /^c[0-9a-f]{16}$/;

/** A random but well-formed command, aimed mostly at things that exist so that many are accepted. */
function randomCommand(r: Rng, s: FreeTableState, actor: Viewer, n: number): FreeTableCommand {
  const pick = <T>(xs: readonly T[], fallback: T): T => (xs.length ? xs[r.below(xs.length)]! : fallback);
  const seat = () => (r.below(20) === 0 ? 's99' : pick(s.seats.map((x) => x.id), 's1'));
  const ids = [
    ...Object.values(s.hands).flatMap((hand) => hand.map((c) => c.id)),
    ...s.table.map((e) => e.card.id),
    ...s.deck.discard.map((c) => c.id),
    ...s.deck.draw.slice(0, 2).map((c) => c.id),
    'cffffffffffffffff',
  ];
  const mine = actor.role === 'player'
    ? [...(s.hands[actor.seat] ?? []).map((c) => c.id), ...s.table.filter((e) => e.owner.role === 'player' && e.owner.seat === actor.seat).map((e) => e.card.id)]
    : s.table.map((e) => e.card.id);
  // Mostly the actor's own cards, so that card commands are often accepted.
  const card = () => (r.below(4) === 0 ? pick(ids, 'cffffffffffffffff') : pick(mine, pick(ids, 'cffffffffffffffff')));
  const decl = () => pick(s.decls.map((d) => d.id), 'd1');
  const kinds = ['text', 'choice', 'card'] as const;
  switch (r.below(22)) {
    case 0: return cmd({ type: 'seat.add', name: `seat ${n}` });
    case 1: return cmd({ type: 'seat.rename', seat: seat(), name: `name ${n}` });
    case 2: return cmd({ type: 'chat.send', to: pick([{ kind: 'all' }, { kind: 'gm' }, { kind: 'seat', seat: seat() }], { kind: 'all' }), text: `chat-${n}-z` });
    case 3: return cmd({ type: 'roll', expr: pick(['2D6', 'S1D100<=50', '1D20+3 c', 'xx'], '2D6'), visibility: pick(['public', 'gm', 'self'], 'public') });
    case 4: return cmd({ type: 'roll.reveal', roll: `r${1 + r.below(Math.max(1, s.rollCount))}` });
    case 5: return cmd({ type: 'note.add', text: `note-${n}-z` });
    case 6: return cmd({ type: 'note.remove', note: `n${1 + r.below(Math.max(1, s.noteCount))}` });
    case 7: return cmd({ type: 'deck.create', deck: r.below(2) ? { kind: 'standard', jokers: r.below(2) === 0 } : { kind: 'custom', cards: Array.from({ length: 1 + r.below(12) }, (_, i) => `face-${n}-${i}-z`) } });
    case 8: return cmd({ type: 'deck.shuffle' });
    case 9:
    case 10: return cmd({ type: 'deck.deal', seat: seat(), count: 1 + r.below(4) });
    case 11: return cmd({ type: 'deck.draw', count: 1 + r.below(3) });
    case 12: return cmd({ type: 'card.pass', card: card(), to: seat() });
    case 13:
    case 14: return cmd({ type: 'card.play', card: card(), faceUp: r.below(2) === 0 });
    case 15: return cmd({ type: 'card.flip', card: card() });
    case 16: return cmd({ type: 'card.discard', card: card() });
    case 17: {
      const kind = pick(kinds, 'text');
      return cmd({ type: 'decl.open', prompt: `p${n}`, kind, ...(kind === 'choice' ? { choices: ['a', 'b', 'c'] } : {}), ...(r.below(3) === 0 ? { seats: [seat()] } : {}) });
    }
    case 18: return cmd({ type: 'decl.reveal', decl: decl() });
    default: {
      const answer = pick([{ kind: 'text', text: `ans-${n}-z` }, { kind: 'choice', index: r.below(4) }, { kind: 'card', card: card() }], { kind: 'text', text: 'x' });
      return cmd({ type: 'decl.answer', decl: decl(), answer });
    }
  }
}

function randomActor(r: Rng, s: FreeTableState): Viewer {
  const roll = r.below(20);
  if (roll < 6) return GM;
  if (roll === 6) return SPECTATOR;
  if (roll === 7) return { role: 'player', seat: 's99' };
  const seat = s.seats[r.below(Math.max(1, s.seats.length))];
  return seat ? { role: 'player', seat: seat.id } : GM;
}

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

const GM_ONLY = new Set(['seat.add', 'seat.rename', 'note.add', 'note.remove', 'deck.create', 'deck.shuffle', 'deck.deal', 'decl.open', 'decl.reveal']);
const PLAYER_ONLY = new Set(['deck.draw', 'card.pass', 'card.play', 'decl.answer']);

/** Usually a command the actor's role may give, so that most steps get past the role checks. */
function randomStep(r: Rng, s: FreeTableState, n: number): [Viewer, FreeTableCommand] {
  const actor = randomActor(r, s);
  let command = randomCommand(r, s, actor, n);
  for (let tries = 0; tries < 4 && r.below(10) > 0; tries++) {
    const wrong = actor.role === 'gm' ? PLAYER_ONLY : GM_ONLY;
    if (!wrong.has(command.type)) break;
    command = randomCommand(r, s, actor, n);
  }
  return [actor, command];
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
