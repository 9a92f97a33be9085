import type { d6Command, D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { useRoom, type Room } from '../../room/context.ts';
import type { CommandInput, Send } from '../../room/send.ts';

/** A 2d6 command as this page writes it. */
export type D6CommandInput = CommandInput<typeof d6Command>;
/** How a 2d6 component sends: the room's send, typed with the game's commands. */
export type D6Send = Send<D6CommandInput>;

/** The 2d6 room this component is shown in (the room page mounts this table only in one). */
export function d6Room(): Room<D6View, D6CommandInput> {
  return useRoom<D6View, D6CommandInput>();
}
