import { z } from 'zod';
import { line } from '../text.ts';

export const noteId = z.string().regex(/^n[0-9]{1,6}$/);

/** GM notes: only the GM reads them. */
export const noteCommands = [
  z.object({ type: z.literal('note.add'), text: line(4000) }),
  z.object({ type: z.literal('note.remove'), note: noteId }),
] as const;

/** GM-only notes; null for everyone else. */
export const notesView = { notes: z.array(z.object({ id: noteId, text: z.string() })).nullable() };

export const noteEvents = [
  z.object({ type: z.literal('note.added'), id: noteId, text: z.string() }),
  z.object({ type: z.literal('note.removed'), id: noteId }),
] as const;
