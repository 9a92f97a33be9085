import { describe, expect, test } from 'vitest';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { DECL_KEEP_REVEALED } from '../../capabilities/declarations/declarations.ts';
import { FEED_KEEP } from '../../capabilities/feed/feed.ts';
import type { Step } from './testing.ts';
import { AT, GM, P, SPECTATOR, cmd, eventsFor, run, table, viewOf } from './testing.ts';

/** `rounds` declarations for two seats, each opened, answered by both, and so revealed. */
function rounds(s: FreeTableState, count: number): ReturnType<typeof run> {
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    const id = `d${s.declCount + i + 1}`;
    steps.push(
      [GM, { type: 'decl.open', prompt: `round ${i}`, kind: 'text' }],
      [P(1), { type: 'decl.answer', decl: id, answer: { kind: 'text', text: `one-${id}` } }],
      [P(2), { type: 'decl.answer', decl: id, answer: { kind: 'text', text: `two-${id}` } }],
    );
  }
  return run(s, steps);
}

const ids = (s: FreeTableState) => s.decls.map((d) => d.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `d${from + i}`);

describe('bounded history', () => {
  test('state and views keep the newest revealed declarations; every reveal stays in the events', () => {
    const r = rounds(table(2), DECL_KEEP_REVEALED + 10);
    expect(ids(r.state)).toEqual(range(11, DECL_KEEP_REVEALED + 10));
    for (const v of [GM, SPECTATOR, P(1)]) {
      expect(viewOf(r.state, v).declarations.map((d) => d.id)).toEqual(range(11, DECL_KEEP_REVEALED + 10));
    }
    const reveals = eventsFor(r.events, SPECTATOR).filter((e) => e.type === 'decl.revealed');
    expect(reveals.map((e) => e.type === 'decl.revealed' && e.decl.id)).toEqual(range(1, DECL_KEEP_REVEALED + 10));
    expect(JSON.stringify(reveals)).toContain('one-d1');
  });

  test('an open declaration is never dropped, however old; the one just revealed always stays', () => {
    const s = run(table(2), [[GM, { type: 'decl.open', prompt: 'long vote', kind: 'text' }]]).state;
    const played = rounds(s, DECL_KEEP_REVEALED + 3).state;
    expect(ids(played)).toEqual(['d1', ...range(5, DECL_KEEP_REVEALED + 4)]);
    expect(played.decls[0]!.sealed.status).toBe('open');
    const closed = run(played, [[GM, { type: 'decl.reveal', decl: 'd1' }]]).state;
    expect(ids(closed)).toEqual(['d1', ...range(6, DECL_KEEP_REVEALED + 4)]);
    expect(closed.decls.filter((d) => d.sealed.status === 'revealed')).toHaveLength(DECL_KEEP_REVEALED);
  });

  test('a dropped declaration answers as unknown', () => {
    const s = rounds(table(2), DECL_KEEP_REVEALED + 1).state;
    const r = freeTable.apply(s, cmd({ type: 'decl.reveal', decl: 'd1' }), GM, AT);
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_SUCH_DECL');
  });

  test('the state keeps the newest FEED_KEEP feed items; an older roll can no longer be revealed', () => {
    const steps: Step[] = [[P(1), { type: 'roll', expr: '1D6', visibility: 'self' }]];
    for (let i = 0; i < FEED_KEEP + 10; i++) steps.push([GM, { type: 'chat.send', to: { kind: 'all' }, text: `line ${i}` }]);
    const s = run(table(2), steps).state;
    expect(s.feed).toHaveLength(FEED_KEEP);
    expect(s.feed.at(-1)).toMatchObject({ kind: 'chat', text: `line ${FEED_KEEP + 9}` });
    expect(s.feed[0]).toMatchObject({ kind: 'chat', text: 'line 10' });
    const r = freeTable.apply(s, cmd({ type: 'roll.reveal', roll: 'r1' }), P(1), AT);
    expect(r.ok ? 'ok' : r.error.code).toBe('NO_SUCH_ROLL');
  });
});

describe('copy-on-write apply', () => {
  test('an answer copies only the declaration it touches and leaves the input as it was', () => {
    const s = run(table(3, ['A', 'B']), [
      [GM, { type: 'deck.deal', seat: 's1', count: 1 }],
      [GM, { type: 'chat.send', to: { kind: 'all' }, text: 'hello' }],
      [GM, { type: 'decl.open', prompt: 'first', kind: 'text' }],
      [GM, { type: 'decl.open', prompt: 'second', kind: 'text' }],
    ]).state;
    const before = structuredClone(s);
    const r = freeTable.apply(s, cmd({ type: 'decl.answer', decl: 'd2', answer: { kind: 'text', text: 'x' } }), P(1), AT);
    if (!r.ok) throw new Error(r.error.code);
    const next = r.value.state;
    expect(s).toEqual(before);
    expect(next.seats).toBe(s.seats);
    expect(next.feed).toBe(s.feed);
    expect(next.deck).toBe(s.deck);
    expect(next.decls[0]).toBe(s.decls[0]);
    expect(next.decls[1]).not.toBe(s.decls[1]);
    expect(next.decls[1]!.sealed.answers['s1']).toBeDefined();
    expect(s.decls[1]!.sealed.answers['s1']).toBeUndefined();
    expect(next.rng.counter).toBeGreaterThan(s.rng.counter);
  });

  test('a rejected command returns nothing and changes nothing', () => {
    const s = rounds(table(2), 1).state;
    const before = structuredClone(s);
    const r = freeTable.apply(s, cmd({ type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'late' } }), P(1), AT);
    expect(r.ok ? 'ok' : r.error.code).toBe('DECL_CLOSED');
    expect(s).toEqual(before);
  });
});
