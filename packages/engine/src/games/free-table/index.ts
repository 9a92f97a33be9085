import type { FreeTableCommand, FreeTableView, FreeTableViewEvent } from '@veiltable/protocol/games/free-table';
import { commandParser } from '@veiltable/protocol';
import { freeTableCommand } from '@veiltable/protocol/games/free-table';
import type { Game } from '../../kernel/game.ts';
import { gameCommandParser } from '../../kernel/command-parser.ts';
import { apply, validate } from './apply.ts';
import type { FreeTableEvent } from './events.ts';
import type { FreeTableState } from './state.ts';
import { setup } from './state.ts';
import { view, viewEvent } from './view.ts';

export type { FreeTableEvent } from './events.ts';
export type { FreeTableState } from './state.ts';


/** The free table: seats, chat, dice, GM notes, one deck of cards and sealed declarations. */
export const freeTable: Game<FreeTableState, FreeTableCommand, FreeTableEvent, FreeTableView, FreeTableViewEvent> = {
  id: 'free-table',
  setup,
  validate,
  apply,
  view,
  viewEvent,
  parseCommand: gameCommandParser(commandParser(freeTableCommand)),
};
