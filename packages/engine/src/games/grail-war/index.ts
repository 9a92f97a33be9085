import { commandParser } from '@veiltable/protocol';
import { gwCommand } from '@veiltable/protocol/games/grail-war';
import type { Game, GameTimer } from '../../kernel/game.ts';
import { gameCommandParser } from '../../kernel/command-parser.ts';
import { apply, validate } from './apply.ts';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarState } from './state.ts';
import { setup } from './state.ts';
import { upgrade } from './upgrade.ts';
import type { GrailWarView, GrailWarViewEvent } from './view.ts';
import { view, viewEvent } from './view.ts';

export type { GrailWarCommand } from './commands.ts';
export type { GrailWarEvent } from './events.ts';
export type { GrailWarState } from './state.ts';
export type { GrailWarView, GrailWarViewEvent } from './view.ts';
export { defaultGrailWarOptions } from './options.ts';
export { recoveryCost } from './pool-recovery.ts';
export type { GrailWarOptions } from './options.ts';


/** Grail War battles: sealed pre-battle step, sealed batches of five, seal window, per-viewer projections. */
export const grailWar: Game<GrailWarState, GrailWarCommand, GrailWarEvent, GrailWarView, GrailWarViewEvent> = {
  id: 'grail-war',
  setup,
  validate,
  apply,
  view,
  viewEvent,
  parseCommand: gameCommandParser(commandParser(gwCommand)),
  timers,
  upgrade,
};

/**
 * GW-HIDE-04: while a sealed step is open and the room set a timer when it opened, the server forces it at its
 * deadline. A batch reopened (a betrayal, a GM correction) keeps its key and gets a new deadline.
 */
export function timers(state: GrailWarState): GameTimer<GrailWarCommand>[] {
  const b = state.battle;
  if (!b || b.deadline === null || b.phase === 'ended') return [];
  return [{ key: `gw-${b.id}-${b.phase}-${b.batch}`, deadline: b.deadline, command: { type: 'battle.force' } }];
}
