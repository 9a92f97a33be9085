import type { noteCommands, Viewer } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from '../../kernel/capability.ts';
import { GM_ONLY } from '../../kernel/events.ts';
import { err, ok } from '../../kernel/result.ts';
import { requireGm } from '../seats/seats.ts';

export type NoteCommand = z.infer<(typeof noteCommands)[number]>;
export type Note = { id: string; text: string };
/** The notes' slice of a state: the GM's notes, and how many were ever added (ids are never reused). */
export type NotesSlice = { notes: Note[]; noteCount: number };

export function setupNotes(): NotesSlice {
  return { notes: [], noteCount: 0 };
}

/** The notes' part of a view: the GM's notes for the GM, null for everyone else. */
export function notesView(state: NotesSlice, viewer: Viewer): { notes: Note[] | null } {
  return { notes: viewer.role === 'gm' ? state.notes.map((n) => ({ ...n })) : null };
}

/** GM notes: written and read by the GM alone. */
export const notes: Capability<NotesSlice, NoteCommand> = {
  id: 'notes',
  handlers: {
    'note.add': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      ctx.state.noteCount += 1;
      const id = `n${ctx.state.noteCount}`;
      ctx.state.notes.push({ id, text: command.text });
      ctx.emit({ type: 'note.added', parts: [{ to: GM_ONLY, seen: { type: 'note.added', id, text: command.text } }] });
      return ok(undefined);
    },
    'note.remove': (ctx, command) => {
      const gm = requireGm(ctx);
      if (!gm.ok) return gm;
      const index = ctx.state.notes.findIndex((n) => n.id === command.note);
      if (index < 0) return err('NO_SUCH_NOTE');
      ctx.state.notes.splice(index, 1);
      ctx.emit({ type: 'note.removed', parts: [{ to: GM_ONLY, seen: { type: 'note.removed', id: command.note } }] });
      return ok(undefined);
    },
  },
};
