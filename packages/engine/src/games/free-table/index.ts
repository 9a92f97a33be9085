import { freeTableCommand, freeTableView } from '@veiltable/protocol/games/free-table';
import { cardsCapability } from '../../capabilities/cards/cards.ts';
import { characters } from '../../capabilities/characters/characters.ts';
import { release } from '../../capabilities/release/release.ts';
import { chat } from '../../capabilities/chat/chat.ts';
import { declarations, isDeclaredCard } from '../../capabilities/declarations/declarations.ts';
import { dice } from '../../capabilities/dice/roll.ts';
import { notes } from '../../capabilities/notes/notes.ts';
import { seats } from '../../capabilities/seats/seats.ts';
import { defineGame } from '../../kernel/define-game.ts';
import type { FreeTableState } from './state.ts';
import { setup } from './state.ts';
import { upgrade } from './upgrade.ts';
import { view } from './view.ts';

export type { FreeTableState } from './state.ts';

/** The free table: the table's capabilities (seats, chat, dice, GM notes, cards, sealed declarations) and no rule set. */
export const freeTable = defineGame({
  id: 'free-table',
  schemas: { command: freeTableCommand, view: freeTableView },
  setup,
  handlers: {},
  // A card named in a sealed answer stays in its hand until the reveal.
  capabilities: [seats, chat, dice, characters, notes, cardsCapability<FreeTableState>((state, seat, card) => isDeclaredCard(state, seat, card)), declarations, release],
  view,
  seats: (state: FreeTableState) => state.seats,
  upgrade,
});
