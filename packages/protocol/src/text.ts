import { z } from 'zod';

/** The refusal code of text no table needs and Postgres cannot store. */
export const BAD_TEXT = 'BAD_TEXT';

/**
 * U+0000, or a UTF-16 surrogate without its partner. Postgres text and jsonb refuse the first, and a lone surrogate
 * turns into U+FFFD on the way in, so the table would show something other than what was accepted. No keyboard
 * types either; they come from broken or hostile clients.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string can be stored and shown exactly as given. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A string schema that refuses U+0000 and unpaired surrogates with a BAD_TEXT issue. Use it for every text field a
 * client sends (chain trim, min and max after it as with z.string()); findBadText tells the issue apart.
 */
export function text(): z.ZodString {
  return z.string().refine(isStorableText, { message: 'text holds U+0000 or an unpaired surrogate', params: { code: BAD_TEXT } });
}

/** True when one of a failed parse's issues is a BAD_TEXT refusal, so the answer can be BAD_TEXT, not BAD_SHAPE. */
export function findBadText(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.some((issue) => issue.code === 'custom' && (issue.params as { code?: unknown } | undefined)?.code === BAD_TEXT);
}

/** A trimmed line of storable text of at most `max` characters, as every table command takes it. */
export const line = (max: number) => text().trim().min(1).max(max);
