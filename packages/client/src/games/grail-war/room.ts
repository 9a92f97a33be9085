import type { gwCommand, GwView } from '@veiltable/protocol/games/grail-war';
import { useRoom, type Room } from '../../room/context.ts';
import type { CommandInput, Send } from '../../room/send.ts';

/** A Grail War command as this page writes it. */
export type GwCommandInput = CommandInput<typeof gwCommand>;
/** How a Grail War component sends: the room's send, typed with the game's commands. */
export type GwSend = Send<GwCommandInput>;

/** The Grail War room this component is shown in (the room page mounts this table only in one). */
export function gwRoom(): Room<GwView, GwCommandInput> {
  return useRoom<GwView, GwCommandInput>();
}
