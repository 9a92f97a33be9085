import { commandParser, gwCommand } from '@veiltable/protocol';
import type { Game, GameTimer } from '../../core/game.ts';
import { err, ok } from '../../core/result.ts';
import { apply, validate } from './apply.ts';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarState } from './state.ts';
import { setup } from './state.ts';
import type { GrailWarView, GrailWarViewEvent } from './view.ts';
import { view, viewEvent } from './view.ts';

export type { GrailWarCommand } from './commands.ts';
export type { GrailWarEvent } from './events.ts';
export type { GrailWarState } from './state.ts';
export type { GrailWarView, GrailWarViewEvent } from './view.ts';
export { defaultGrailWarOptions } from './options.ts';
export type { GrailWarOptions } from './options.ts';

const parseGw = commandParser(gwCommand);

/** Grail War battles: sealed pre-battle step, sealed batches of five, seal window, per-viewer projections. */
export const grailWar: Game<GrailWarState, GrailWarCommand, GrailWarEvent, GrailWarView, GrailWarViewEvent> = {
  id: 'grail-war',
  setup,
  validate,
  apply,
  view,
  viewEvent,
  parseCommand: (raw: unknown) => {
    const parsed = parseGw(raw);
    return parsed.ok ? ok<GrailWarCommand>(parsed.command) : err(parsed.code, undefined, parsed.detail);
  },
  timers,
};

/** GW-HIDE-04: while a sealed step is open and the room sets a timer, the server forces it when time is up. */
export function timers(state: GrailWarState): GameTimer<GrailWarCommand>[] {
  const b = state.battle;
  const seconds = state.options.stepTimerSeconds;
  if (!b || seconds === null || b.phase === 'ended') return [];
  return [{ key: `gw-${b.id}-${b.phase}-${b.batch}`, seconds, command: { type: 'battle.force' } }];
}
