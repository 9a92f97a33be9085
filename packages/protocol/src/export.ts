import { z } from 'zod';
import { logLine, roomInfo } from './messages.ts';
import { viewer } from './common.ts';
import { viewPatch } from './view-patch.ts';

/** The format of a viewer's export, in its head: a JSON document of the lines one viewer was sent. */
export const EXPORT_FORMAT = 'veiltable-export/1' as const;

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

/** GET /api/rooms/:roomId/export?lang=…&tz=…: how the viewer reads the export it asks for. */
export const exportQuery = z.object({ lang: exportLang.default('en'), tz: timeZone.default('UTC') });
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
});
export type ExportHead = z.infer<typeof exportHead>;

/**
 * One step of the viewer's view, as the `update` that carried it: the whole view first, then at each seq where this
 * viewer's view changed, the patch from the step before (`base`, that step's seq). A reader feeds them to a
 * ViewReplica to draw the table as it was at each step.
 */
export const exportViewStep = z.union([
  z.object({ seq: z.number().int().nonnegative(), patch: viewPatch }),
  z.object({ seq: z.number().int().nonnegative(), view: z.unknown().refine((v) => v !== undefined, 'a whole view') }),
]);
export type ExportViewStep = z.infer<typeof exportViewStep>;

/** A whole export file: its head, every line the viewer read and the steps of its view, oldest first. */
export const exportDocument = exportHead.extend({ lines: z.array(logLine), views: z.array(exportViewStep).optional() });
export type ExportDocument = z.infer<typeof exportDocument>;
