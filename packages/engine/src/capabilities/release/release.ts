import type { releaseCommands } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import type { BaseState } from '../../kernel/define-game.ts';
import { toEveryone } from '../../kernel/events.ts';
import { ok } from '../../kernel/result.ts';
import { requireGm } from '../seats/seats.ts';

/**
 * The rules of the open edition, cited by the tests:
 * REL-01 only the GM releases the open edition.
 * REL-02 the release is an event everyone reads, in the log like any other.
 * REL-03 after the release the room takes no command, the release included (the kernel refuses them, ROOM_RELEASED):
 *        the seed is public, so every later die, shuffle and salt could be foreseen; the record ends at the release.
 */
export type ReleaseCommand = z.infer<(typeof releaseCommands)[number]>;

/** The release works on the kernel's own part of every state: its `released` mark, absent until the GM releases. */
type ReleaseSlice = BaseState;

/** True once the open edition is out. */
export function isReleased(state: ReleaseSlice): boolean {
  return state.released === true;
}

/** The release's part of every viewer's view: whether the open edition is out. */
export function releaseView(state: ReleaseSlice): { released: boolean } {
  return { released: isReleased(state) };
}

/** The open edition, a command of every game: the GM releases the room's session record (REL-01, REL-02). */
export const release: Capability<ReleaseSlice, ReleaseCommand> = {
  id: 'release',
  handlers: {
    'record.release': (ctx) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      ctx.state.released = true;
      ctx.emit(toEveryone({ type: 'record.released' }));
      return ok(undefined);
    },
  },
};
