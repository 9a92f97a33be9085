import { z } from 'zod';
import { logLine, roomInfo } from './messages.ts';
import { seatId, viewer } from './common.ts';
import { viewPatch } from './view-patch.ts';

/**
 * The format of a viewer's export, in its head: a JSON document of the lines one viewer was sent and the views it
 * held (2: `views` came after `lines`).
 */
export const EXPORT_FORMAT = 'veiltable-export/2' as const;

/** The languages an export is read in (the client's). */
export const exportLang = z.enum(['ko', 'ja', 'en']);

/** An IANA time zone this runtime knows (`Intl.DateTimeFormat().resolvedOptions().timeZone` on the client). */
export const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

/** Whose table an open export is read as (`?as=`): the GM's, the spectators' or a seat's. */
export const exportAs = z.union([z.literal('gm'), z.literal('spectator'), seatId]);
export type ExportAs = z.infer<typeof exportAs>;

/**
 * GET /api/rooms/:roomId/export?lang=…&tz=…&as=…: how the viewer reads the export it asks for, and, once the GM
 * released the open edition (REL-01) only, as whom (the GM when absent).
 */
export const exportQuery = z.object({ lang: exportLang.default('en'), tz: timeZone.default('UTC'), as: exportAs.optional() });
export type ExportQuery = z.infer<typeof exportQuery>;

/**
 * The head of an export: the room, who it was exported as, when, how it is read, and the room's last seq when it was
 * made (`lastSeq`: a reader shows its progress as the lines' seqs reach it).
 */
export const exportHead = z.object({
  format: z.literal(EXPORT_FORMAT),
  room: roomInfo,
  viewer,
  exportedAt: z.string().datetime(),
  lang: exportLang,
  tz: timeZone,
  lastSeq: z.number().int().nonnegative(),
  /** Set once the GM released the open edition (REL-01): the lines are then the whole session, every secret in it. */
  open: z.literal(true).optional(),
  /** On an open export asked for `?as=`: whose lines and views it holds. An open export without it holds the GM's. */
  as: viewer.optional(),
});
export type ExportHead = z.infer<typeof exportHead>;

const step = z.number().int().nonnegative();

/**
 * One step of an export's views: the view fields of an `update` at `seq`, as the viewer's socket would have been
 * sent them. The first step is the whole view at the room's first snapshot (`seq` 0); each one after it patches the
 * view of the step before it (`patch.base`) into the view at its seq, and there is a step only at a seq whose entry
 * changed that viewer's view. A reader replays the table by feeding them, in order, to a `ViewReplica` as updates.
 */
export const exportViewStep = z.union([z.strictObject({ seq: step, view: z.unknown() }), z.strictObject({ seq: step, patch: viewPatch })]);
export type ExportViewStep = z.infer<typeof exportViewStep>;

/**
 * A whole export file: its head, every line the viewer read, oldest first, and the views it held (`views`, the
 * first whole, the rest patches; see exportViewStep).
 */
export const exportDocument = exportHead.extend({ lines: z.array(logLine), views: z.array(exportViewStep) });
export type ExportDocument = z.infer<typeof exportDocument>;
