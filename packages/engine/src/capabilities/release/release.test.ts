import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { games } from '../../games/index.ts';
import type { AnyGame } from '../../kernel/game.ts';
import { viewEvent } from '../../kernel/events.ts';

const GM: Viewer = { role: 'gm' };
const P1: Viewer = { role: 'player', seat: 's1' };
const SPECTATOR: Viewer = { role: 'spectator' };
const SEED = 'a1'.repeat(32);
const AT = Date.UTC(2026, 0, 1);
const RELEASE = { type: 'record.release' };

function attempt(game: AnyGame, state: unknown, raw: unknown, actor: Viewer) {
  const parsed = game.parseCommand(raw);
  if (!parsed.ok) throw new Error(`${game.id}: ${JSON.stringify(raw)} does not parse: ${parsed.error.code}`);
  return game.apply(state, parsed.value, actor, AT);
}

function run(game: AnyGame, state: unknown, raw: unknown, actor: Viewer) {
  const applied = attempt(game, state, raw, actor);
  if (!applied.ok) throw new Error(`${game.id}: ${JSON.stringify(raw)} refused: ${applied.error.code}`);
  return applied.value;
}

/** A table with one seat, s1. */
const seated = (game: AnyGame) => run(game, game.setup(SEED), { type: 'seat.add', name: 'Ann' }, GM).state;
const released = (game: AnyGame) => run(game, seated(game), RELEASE, GM).state;
const codeOf = (applied: { ok: boolean; error?: { code: string } }) => (applied.ok ? 'accepted' : applied.error!.code);

const ALL = Object.values(games).map((game) => [game.id, game] as const);

describe('the open edition, a command of every game', () => {
  test.each(ALL)('REL-01 %s: only the GM releases ("a GM command releases it")', (_id, game) => {
    expect(codeOf(attempt(game, seated(game), RELEASE, P1))).toBe('NOT_GM');
    expect(codeOf(attempt(game, seated(game), RELEASE, SPECTATOR))).toBe('SPECTATOR_READ_ONLY');
    expect(codeOf(attempt(game, seated(game), RELEASE, GM))).toBe('accepted');
  });

  test.each(ALL)('REL-02 %s: the release is an event every viewer reads ("it is itself an event in the log")', (_id, game) => {
    const { events } = run(game, seated(game), RELEASE, GM);
    expect(events.map((e) => e.type)).toEqual(['record.released']);
    for (const viewer of [GM, P1, SPECTATOR]) expect(viewEvent(events[0]!, viewer)).toEqual({ type: 'record.released' });
  });

  test.each(ALL)('REL-02 %s: every view says whether it is out', (_id, game) => {
    for (const viewer of [GM, P1, SPECTATOR]) {
      expect((game.view(seated(game), viewer) as { released: boolean }).released).toBe(false);
      expect((game.view(released(game), viewer) as { released: boolean }).released).toBe(true);
      expect(game.schemas.view.safeParse(game.view(released(game), viewer)).success).toBe(true);
    }
  });

  const after: [string, Viewer, unknown][] = [
    ['a second release', GM, RELEASE],
    ['a GM chat line', GM, { type: 'chat.send', to: { kind: 'all' }, text: 'one more' }],
    ['a player roll', P1, { type: 'roll', expr: '1d6' }],
    ['a new seat', GM, { type: 'seat.add', name: 'Bo' }],
  ];
  test.each(ALL.flatMap(([id, game]) => after.map(([name, actor, raw]) => [id, name, game, actor, raw] as const)))(
    'REL-03 %s: %s after the release is refused (the seed is public, later draws could be foreseen)',
    (_id, _name, game, actor, raw) => {
      expect(attempt(game, released(game), raw, actor)).toEqual({ ok: false, error: { code: 'ROOM_RELEASED', rule: 'REL-03' } });
    },
  );

  test.each(ALL)('REL-03 %s: a released room keeps no timers', (_id, game) => {
    expect(game.timers(released(game))).toEqual([]);
  });
});
