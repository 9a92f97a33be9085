import type { Game } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import { err, ok } from '@veiltable/engine';

/**
 * A tiny game for server tests: a public counter capped at 10, and a GM-only secret.
 * Its view and viewEvent hide the secret from everyone but the GM, like a real rule set must.
 */
export type CounterState = { n: number; secret: string };
export type CounterCommand = { type: 'inc'; by: number } | { type: 'hide'; secret: string };
export type CounterEvent = { type: 'inc'; n: number } | { type: 'hidden'; secret: string };
export type CounterView = { game: 'counter'; n: number; secret: string | null };
export type CounterViewEvent = { type: 'inc'; n: number } | { type: 'hidden'; secret?: string };

export const COUNTER_CAP = 10;

/** Counts every view() call, so tests can assert projections are shared per viewer. */
export const counterCalls = { view: 0 };

export const counterGame: Game<CounterState, CounterCommand, CounterEvent, CounterView, CounterViewEvent> = {
  id: 'counter',
  setup: () => ({ n: 0, secret: '' }),
  validate(state, command, actor: Viewer) {
    if (command.type === 'inc') {
      if (state.n + command.by > COUNTER_CAP) return err('OVER_CAP', 'CTR-01');
      return ok(undefined);
    }
    if (actor.role !== 'gm') return err('GM_ONLY', 'CTR-02');
    return ok(undefined);
  },
  apply(state, command, actor, at) {
    const verdict = counterGame.validate(state, command, actor, at);
    if (!verdict.ok) return verdict;
    if (command.type === 'inc') {
      const n = state.n + command.by;
      return ok({ state: { ...state, n }, events: [{ type: 'inc', n }] });
    }
    return ok({ state: { ...state, secret: command.secret }, events: [{ type: 'hidden', secret: command.secret }] });
  },
  view(state, viewer) {
    counterCalls.view++;
    return { game: 'counter', n: state.n, secret: viewer.role === 'gm' ? state.secret : null };
  },
  viewEvent(event, viewer) {
    if (event.type === 'inc') return event;
    if (viewer.role === 'gm') return event;
    // Players learn that something was hidden; spectators learn nothing.
    return viewer.role === 'player' ? { type: 'hidden' } : null;
  },
};
