import type { freeTableCommand, FreeTableView } from '@veiltable/protocol/games/free-table';
import { useRoom, type Room } from '../../room/context.ts';
import type { CommandInput, Send } from '../../room/send.ts';

/** A free table command as this page writes it. */
export type FreeTableCommandInput = CommandInput<typeof freeTableCommand>;
/** How a free table component sends: the room's send, typed with the game's commands. */
export type FreeTableSend = Send<FreeTableCommandInput>;

/** The free table room this component is shown in (the room page mounts this table only in one). */
export function freeTableRoom(): Room<FreeTableView, FreeTableCommandInput> {
  return useRoom<FreeTableView, FreeTableCommandInput>();
}
