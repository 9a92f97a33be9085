import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from './canonical.ts';
import type { GameEvent } from './events.ts';
import type { AnyGame } from './game.ts';

/** A command a client would send, as data (the game parses it), and who sends it. */
export type ScriptStep = [actor: Viewer, command: unknown];

/** What one game's contract test hands the suite: the game, and scripts that play a stretch of it. */
export type ContractCase = {
  game: AnyGame;
  /** Named plays from a fresh room; refused steps are allowed (they must change nothing). */
  scripts: Record<string, ScriptStep[]>;
  /** The time stamped on every step (ms since the epoch). */
  at: number;
};

const SEED = 'c0'.repeat(32);

type Played = { states: unknown[]; events: GameEvent[][]; refusals: string[] };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function play(game: AnyGame, steps: ScriptStep[], at: number): Played {
  const played: Played = { states: [game.setup(SEED)], events: [], refusals: [] };
  for (const [actor, raw] of steps) {
    const state = deepFreeze(played.states.at(-1));
    const parsed = game.parseCommand(raw);
    if (!parsed.ok) throw new Error(`${game.id}: a script step does not parse (${parsed.error.code}): ${JSON.stringify(raw)}`);
    const applied = game.apply(state, parsed.value, actor, at);
    if (!applied.ok) {
      played.refusals.push(applied.error.code);
      continue;
    }
    played.states.push(applied.value.state);
    played.events.push(applied.value.events);
  }
  return played;
}

/** Every kind of viewer of a state: the GM, a spectator, each seat the game declares. */
function viewersOf(game: AnyGame, state: unknown): Viewer[] {
  return [{ role: 'gm' }, { role: 'spectator' }, ...game.seats(state).map((s): Viewer => ({ role: 'player', seat: s.id }))];
}

/**
 * The promises every game keeps, whatever its rules: apply is pure and deterministic (the same log replays to the
 * same states and events, and no input is ever changed), every view of every viewer parses against the game's own
 * view schema, every event is in the kernel's envelope, and a state survives JSON (rooms store it so).
 */
export function gameContract(c: ContractCase): void {
  describe(`${c.game.id}: the game contract`, () => {
    test.each(Object.entries(c.scripts))('%s: replays to the same states and events, changing no input', (_name, steps) => {
      const first = play(c.game, steps, c.at);
      const again = play(c.game, steps, c.at);
      expect(canonicalJson(again.states)).toBe(canonicalJson(first.states));
      expect(canonicalJson(again.events)).toBe(canonicalJson(first.events));
      // A script that is refused throughout proves nothing.
      expect(first.states.length).toBeGreaterThan(1);
    });

    test.each(Object.entries(c.scripts))('%s: states survive JSON and every view parses for every viewer', (_name, steps) => {
      for (const state of play(c.game, steps, c.at).states) {
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        for (const viewer of viewersOf(c.game, state)) {
          const parsed = c.game.schemas.view.safeParse(c.game.view(state, viewer));
          expect(parsed.success ? 'ok' : `${JSON.stringify(viewer)}: ${parsed.error.message.slice(0, 500)}`).toBe('ok');
        }
      }
    });

    test.each(Object.entries(c.scripts))('%s: every event is an envelope whose parts name their audience', (_name, steps) => {
      for (const events of play(c.game, steps, c.at).events) {
        for (const event of events) {
          expect(typeof event.type).toBe('string');
          for (const part of event.parts) expect(Object.keys(part.to).length).toBeGreaterThan(0);
        }
      }
    });

    test.each(Object.entries(c.scripts))('%s: upgrade passes a current state through untouched', (_name, steps) => {
      for (const state of play(c.game, steps, c.at).states) expect(c.game.upgrade(state, c.at)).toBe(state);
    });
  });
}
