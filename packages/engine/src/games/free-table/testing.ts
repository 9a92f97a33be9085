import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import { freeTableCommand, freeTableView, freeTableViewEvent } from '@veiltable/protocol/games/free-table';
import type { GameEvent } from '../../kernel/events.ts';
import { viewEvent } from '../../kernel/events.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';

/** Shared fixtures for the free-table tests (not a test file itself). */
export const SEED = '5eed'.repeat(16);
export const GM: Viewer = { role: 'gm' };
export const SPECTATOR: Viewer = { role: 'spectator' };
export const P = (seat: number): Viewer => ({ role: 'player', seat: `s${seat}` });
/** The time stamped on fixture commands (the Game contract passes one; free-table rules never use it). */
export const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

/** A command as a client would send it: parsed by the wire schema, defaults filled in. */
export function cmd(input: unknown): FreeTableCommand {
  return freeTableCommand.parse(input);
}

export type Step = [Viewer, unknown];

/** Applies steps in order; a rejection here is a broken fixture, so it throws with its code. */
export function run(state: FreeTableState, steps: Step[]): { state: FreeTableState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const [actor, input] of steps) {
    const result = freeTable.apply(state, cmd(input), actor, AT);
    if (!result.ok) throw new Error(`fixture step ${JSON.stringify(input)} rejected: ${result.error.code}`);
    state = result.value.state;
    events.push(...result.value.events);
  }
  return { state, events };
}

/** A table with `seats` seats (s1…) and, if asked, a fresh custom deck of the given texts. */
export function table(seats: number, deck?: string[]): FreeTableState {
  const steps: Step[] = [];
  for (let i = 1; i <= seats; i++) steps.push([GM, { type: 'seat.add', name: `Player ${i}` }]);
  if (deck) steps.push([GM, { type: 'deck.create', deck: { kind: 'custom', cards: deck } }]);
  return run(freeTable.setup(SEED), steps).state;
}

/** Every kind of viewer for a table: the GM, each seat, a spectator. */
export function viewersOf(state: FreeTableState): Viewer[] {
  return [GM, SPECTATOR, ...state.seats.map((s): Viewer => ({ role: 'player', seat: s.id }))];
}

/** The view for a viewer, checked against the wire schema. */
export function viewOf(state: FreeTableState, viewer: Viewer) {
  return freeTableView.parse(freeTable.view(state, viewer));
}

/** The redacted events for a viewer, each checked against the wire schema. */
export function eventsFor(events: GameEvent[], viewer: Viewer) {
  return events.flatMap((e) => {
    const out = viewEvent(e, viewer);
    return out === null ? [] : [freeTableViewEvent.parse(out)];
  });
}

/** The ids of a seat's hand, in order. */
export function handIds(state: FreeTableState, seat: string): string[] {
  return (state.hands[seat] ?? []).map((c) => c.id);
}
