import type { Handlers } from './define-game.ts';

/**
 * A table capability (chat, dice, cards and hands, sealed declarations, GM notes): commands with their handlers over
 * a slice of the state, which any game composes. A capability owns its slice's keys (its `setup` makes them) and
 * its part of the view; the game's schemas list its commands and view parts, its `setup` and `view` take in the
 * capability's, and `defineGame` dispatches its commands here. S is the least state it works on; C its commands.
 */
export interface Capability<S, C extends { type: string }> {
  id: string;
  handlers: Handlers<S, C>;
}
