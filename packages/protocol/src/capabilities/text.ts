import { z } from 'zod';

/** A trimmed line of text of at most `max` characters, as every table command takes it. */
export const line = (max: number) => z.string().trim().min(1).max(max);
