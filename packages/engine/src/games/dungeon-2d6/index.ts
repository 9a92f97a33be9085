import type { Viewer } from '@veiltable/protocol';
import type { D6Command, D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { commandParser } from '@veiltable/protocol';
import { d6Command } from '@veiltable/protocol/games/dungeon-2d6';
import type { Game } from '../../kernel/game.ts';
import { gameCommandParser } from '../../kernel/command-parser.ts';
import { apply, validate } from './apply.ts';
import type { D6Event, D6ViewEvent } from './events.ts';
import type { D6State } from './state.ts';
import { setup } from './state.ts';
import { timers } from './timers.ts';
import { upgrade } from './upgrade.ts';
import { view, viewEvent } from './view.ts';


/** The dungeon-2d6 rule set (shared/rules/dungeon-2d6.md) as a pure game module. */
export const dungeon2d6: Game<D6State, D6Command, D6Event, D6View, D6ViewEvent> = {
  id: 'dungeon-2d6',
  setup,
  validate: (state: D6State, command: D6Command, actor: Viewer, at: number) => validate(state, command, actor, at),
  apply,
  view,
  viewEvent,
  parseCommand: gameCommandParser(commandParser(d6Command)),
  timers,
  upgrade,
};

export type { D6Event, D6ViewEvent } from './events.ts';
export type { D6State, WindowLink as D6WindowLink } from './state.ts';
/** D6-BASE-05 tables, so a character sheet form can offer the listed occupations and races. */
export { buildAbilities, OCCUPATIONS, RACES } from './apply-build.ts';
/** Rule readers a form uses to offer only legal choices: a check kind's abilities, the 転移魔法 passenger count. */
export { abilitiesFor } from './check.ts';
export { teleportCapacity } from './abilities.ts';
