import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineGame } from './define-game.ts';
import type { Handlers } from './define-game.ts';
import { EVERYONE, toEveryone, viewEvent } from './events.ts';
import { err, ok } from './result.ts';
import type { RngState } from './rng.ts';
import { newRngState } from './rng.ts';

const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), n: z.number().int() }),
  z.object({ type: z.literal('roll') }),
  z.object({ type: z.literal('enter'), phase: z.string() }),
]);
type Cmd = z.infer<typeof command>;
type S = { rng: RngState; items: { n: number }[]; untouched: { deep: number[] }; phase: string };
const view = z.object({ total: z.number() });

const handlers: Handlers<S, Cmd> = {
  add: (ctx, c) => {
    ctx.state.items.push({ n: c.n });
    const item = ctx.state.items.at(-1)!;
    ctx.emit(toEveryone({ type: 'added', item }));
    // Changed after the emit: the event keeps what it said.
    item.n += 1000;
    return c.n < 0 ? err('NEGATIVE', 'T-01') : ok(undefined);
  },
  roll: (ctx) => {
    ctx.emit(toEveryone({ type: 'rolled', die: ctx.rng.die(6) }));
    return ok(undefined);
  },
  enter: (ctx, c) => ctx.enter(c.phase),
};

const definition = {
  id: 'test',
  schemas: { command, view },
  setup: (seed: string): S => ({ rng: newRngState(seed), items: [], untouched: { deep: [1, 2] }, phase: 'start' }),
  handlers,
  view: (s: S) => ({ total: s.items.reduce((a, i) => a + i.n, 0) }),
  seats: () => [],
  phases: { night: { enter: (ctx: { state: S }) => ((ctx.state.phase = 'night'), ok(undefined)) } },
};
const game = defineGame(definition);
const gm: Viewer = { role: 'gm' };
const seed = 'a'.repeat(64);

describe('defineGame', () => {
  test('a command changes a draft: the input is untouched, untouched parts are shared', () => {
    const before = game.setup(seed);
    const frozen = JSON.stringify(before);
    const r = game.apply(before, { type: 'add', n: 2 }, gm, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(JSON.stringify(before)).toBe(frozen);
    expect(r.value.state.items).toEqual([{ n: 1002 }]);
    expect(r.value.state.untouched).toBe(before.untouched);
  });

  test('an event keeps what it said when emitted', () => {
    const r = game.apply(game.setup(seed), { type: 'add', n: 2 }, gm, 0);
    expect(r.ok && viewEvent(r.value.events[0]!, gm)).toEqual({ type: 'added', item: { n: 2 } });
    expect(r.ok && r.value.events[0]!.parts[0]!.to).toEqual(EVERYONE);
  });

  test('a refusal keeps nothing and carries its rule', () => {
    const before = game.setup(seed);
    const r = game.apply(before, { type: 'add', n: -1 }, gm, 0);
    expect(r).toEqual(err('NEGATIVE', 'T-01'));
    expect(before.items).toEqual([]);
  });

  test('spectators never act; an unknown type is refused', () => {
    expect(game.apply(game.setup(seed), { type: 'roll' }, { role: 'spectator' }, 0)).toEqual(err('SPECTATOR_READ_ONLY'));
    expect(game.apply(game.setup(seed), { type: 'nope' } as unknown as Cmd, gm, 0)).toEqual(err('UNKNOWN_COMMAND'));
  });

  test('the RNG draws from the state: the same state draws the same die, and the next state draws on', () => {
    const s0 = game.setup(seed);
    const a = game.apply(s0, { type: 'roll' }, gm, 0);
    const b = game.apply(s0, { type: 'roll' }, gm, 0);
    expect(a).toEqual(b);
    expect(a.ok && a.value.state.rng.counter).toBe(1);
    expect(s0.rng.counter).toBe(0);
  });

  test('phases are entered through the table', () => {
    const r = game.apply(game.setup(seed), { type: 'enter', phase: 'night' }, gm, 0);
    expect(r.ok && r.value.state.phase).toBe('night');
    expect(() => game.apply(game.setup(seed), { type: 'enter', phase: 'dawn' }, gm, 0)).toThrow('no phase dawn');
  });

  test('parseCommand parses once against the game schema', () => {
    expect(game.parseCommand({ type: 'add', n: 1 })).toEqual(ok({ type: 'add', n: 1 }));
    expect(game.parseCommand({ type: 'add', n: 'x' }).ok).toBe(false);
    expect(game.parseCommand({ type: 'chat.send' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
  });

  test('a schema and handlers that disagree never make a game', () => {
    const { roll: _roll, ...missing } = handlers;
    void _roll;
    expect(() => defineGame({ ...definition, handlers: missing })).toThrow('no handler for roll');
    expect(() => defineGame({ ...definition, capabilities: [{ id: 'dup', handlers: { roll: handlers.roll } }] })).toThrow('roll is handled twice');
  });
});
