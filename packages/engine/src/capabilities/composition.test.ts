import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../kernel/events.ts';
import { viewEvent } from '../kernel/events.ts';
import type { AnyGame } from '../kernel/game.ts';
import { games } from '../games/index.ts';

const GM: Viewer = { role: 'gm' };
const SPECTATOR: Viewer = { role: 'spectator' };
const seat = (n: number): Viewer => ({ role: 'player', seat: `s${n}` });
const AT = Date.UTC(2025, 5, 1);

type Line = { type: string; item: { kind: string; text?: string; result?: unknown; id: string } };

function must(game: AnyGame, state: unknown, command: unknown, actor: Viewer) {
  const parsed = game.parseCommand(command);
  if (!parsed.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} does not parse: ${parsed.error.code} ${parsed.error.detail ?? ''}`);
  const applied = game.apply(state, parsed.value, actor, AT);
  if (!applied.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} refused: ${applied.error.code}`);
  return applied.value;
}

/** Every game of the registry offers the table's chat and dice, with the same audiences as the free table. */
describe.each(Object.values(games).map((g) => [g.id, g] as const))('%s composes the table\'s chat and dice', (_id, game) => {
  const table = () => {
    let state = game.setup('ab'.repeat(32));
    for (const name of ['Aki', 'Bora', 'Chen']) state = must(game, state, { type: 'seat.add', name }, GM).state;
    return state;
  };
  /** What a viewer reads of a command's events: the lines of its timeline. */
  const linesOf = (events: readonly GameEvent[], viewer: Viewer) => events.flatMap((e) => (viewEvent(e, viewer) as Line | null) ?? []);
  /** Views carry no chat and no rolls: those are read from the log. */
  const viewText = (state: unknown, viewer: Viewer) => JSON.stringify(game.view(state, viewer));

  test('a line to everyone reaches every viewer through its events, and no view', () => {
    const said = must(game, table(), { type: 'chat.send', to: { kind: 'all' }, text: 'hello table' }, seat(1));
    for (const v of [GM, SPECTATOR, seat(1), seat(2), seat(3)]) {
      expect(linesOf(said.events, v)).toMatchObject([{ type: 'feed', item: { text: 'hello table' } }]);
      expect(viewText(said.state, v)).not.toContain('hello table');
    }
  });

  test('a whisper reaches its two speakers and nobody else, the GM included', () => {
    const said = must(game, table(), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'psst-between-us' }, seat(1));
    const reads = (v: Viewer) => (viewText(said.state, v) + JSON.stringify(linesOf(said.events, v))).includes('psst-between-us');
    expect([GM, SPECTATOR, seat(1), seat(2), seat(3)].map(reads)).toEqual([false, false, true, true, false]);
  });

  test('a secret roll shows its result to the roller and the GM; the others see that it happened', () => {
    const rolled = must(game, table(), { type: 'roll', expr: 'S2D6 hidden-intent', visibility: 'public' }, seat(2));
    for (const [v, sees] of [[GM, true], [seat(2), true], [seat(1), false], [SPECTATOR, false]] as const) {
      const [line] = linesOf(rolled.events, v);
      expect(line?.item.kind).toBe('roll');
      expect(line?.item.result !== undefined, JSON.stringify(v)).toBe(sees);
      expect(JSON.stringify(linesOf(rolled.events, v)).includes('hidden-intent')).toBe(sees);
      expect(viewText(rolled.state, v)).not.toContain('hidden-intent');
    }
    const shown = must(game, rolled.state, { type: 'roll.reveal', roll: linesOf(rolled.events, GM)[0]!.item.id }, seat(2));
    expect(linesOf(shown.events, seat(1))).toMatchObject([{ type: 'roll.revealed', item: { result: { comment: 'hidden-intent' } } }]);
  });

  test('a spectator neither speaks nor rolls', () => {
    const state = table();
    for (const command of [{ type: 'chat.send', to: { kind: 'all' }, text: 'x' }, { type: 'roll', expr: '1D6' }]) {
      const parsed = game.parseCommand(command);
      expect(parsed.ok && game.apply(state, parsed.value, SPECTATOR, AT)).toMatchObject({ ok: false, error: { code: 'SPECTATOR_READ_ONLY' } });
    }
  });
});
