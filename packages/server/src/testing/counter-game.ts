import { defineGame, EVERYONE, err, GM_ONLY, newRngState, ok } from '@veiltable/engine';
import type { SeatInfo } from '@veiltable/engine';
import { z } from 'zod';

/**
 * A tiny game for server tests: a public counter capped at 10, a GM-only secret, and seats. Its view and events
 * hide the secret from everyone but the GM, as a real rule set must.
 */
const counterCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('inc'), by: z.number().int().min(-100).max(100) }),
  z.object({ type: z.literal('hide'), secret: z.string().max(200) }),
  z.object({ type: z.literal('seat.add'), name: z.string().min(1).max(40) }),
]);
const counterView = z.object({ game: z.literal('counter'), n: z.number().int(), secret: z.string().nullable(), seats: z.array(z.object({ id: z.string(), name: z.string() })) });
export type CounterState = { rng: ReturnType<typeof newRngState>; n: number; secret: string; seats: SeatInfo[] };
export type CounterCommand = z.infer<typeof counterCommand>;
export type CounterView = z.infer<typeof counterView>;

export const COUNTER_CAP = 10;

/** Counts every view() call, so tests can assert projections are shared per viewer. */
export const counterCalls = { view: 0 };

export const counterGame = defineGame({
  id: 'counter',
  schemas: { command: counterCommand, view: counterView },
  setup: (seed): CounterState => ({ rng: newRngState(seed), n: 0, secret: '', seats: [] }),
  handlers: {
    inc: (ctx, command) => {
      if (ctx.state.n + command.by > COUNTER_CAP) return err('OVER_CAP', 'CTR-01');
      ctx.state.n += command.by;
      ctx.emit({ type: 'inc', parts: [{ to: EVERYONE, seen: { type: 'inc', n: ctx.state.n } }] });
      return ok(undefined);
    },
    hide: (ctx, command) => {
      if (ctx.actor.role !== 'gm') return err('GM_ONLY', 'CTR-02');
      ctx.state.secret = command.secret;
      // Players learn that something was hidden; spectators learn nothing.
      ctx.emit({ type: 'hidden', parts: [{ to: GM_ONLY, seen: { type: 'hidden', secret: command.secret } }, { to: { anySeat: true }, seen: { type: 'hidden' } }] });
      return ok(undefined);
    },
    'seat.add': (ctx, command) => {
      if (ctx.actor.role !== 'gm') return err('NOT_GM');
      const id = `s${ctx.state.seats.length + 1}`;
      ctx.state.seats.push({ id, name: command.name });
      ctx.emit({ type: 'seat.added', parts: [{ to: EVERYONE, seen: { type: 'seat.added', seat: id, name: command.name } }] });
      return ok(undefined);
    },
  },
  view(state, viewer): CounterView {
    counterCalls.view++;
    return { game: 'counter', n: state.n, secret: viewer.role === 'gm' ? state.secret : null, seats: state.seats.map((s) => ({ ...s })) };
  },
  seats: (state) => state.seats,
});
