import { z } from 'zod';
import { seatId } from '../common.ts';
import { line } from '../text.ts';

/** Seats: the GM adds and renames them; ids are s1, s2, … in order and never reused. */
export const seatCommands = [
  z.object({ type: z.literal('seat.add'), name: line(40) }),
  z.object({ type: z.literal('seat.rename'), seat: seatId, name: line(40) }),
] as const;

export const seatEvents = [
  z.object({ type: z.literal('seat.added'), seat: seatId, name: z.string() }),
  z.object({ type: z.literal('seat.renamed'), seat: seatId, name: z.string() }),
] as const;
