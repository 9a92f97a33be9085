import type { cotCommand, CotView } from '@veiltable/protocol/games/call-of-t';
import { useRoom, type Room } from '../../room/context.ts';
import type { CommandInput, Send } from '../../room/send.ts';

/** A Call of <T> command as this page writes it. */
export type CotCommandInput = CommandInput<typeof cotCommand>;
/** How a Call of <T> component sends: the room's send, typed with the game's commands. */
export type CotSend = Send<CotCommandInput>;

/** The Call of <T> room this component is shown in (the room page mounts this table only in one). */
export function cotRoom(): Room<CotView, CotCommandInput> {
  return useRoom<CotView, CotCommandInput>();
}
