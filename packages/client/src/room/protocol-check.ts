import { serverMessage } from '@veiltable/protocol';
import type { FrameCheck } from './connection.svelte.ts';

/** The part of a zod schema a check needs, so this module takes any game's view schema. */
type Schema = { safeParse(value: unknown): { success: boolean; error?: unknown } };

const problem = (schema: Schema, value: unknown): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : String(parsed.error);
};

/**
 * Holds every frame to the protocol's schemas: the envelope, and views to the room's game's view schema. For tests
 * only: the page itself trusts its server and ships no schema.
 */
export function protocolCheck(view: Schema): FrameCheck {
  return { message: (raw) => problem(serverMessage, raw), view: (v) => problem(view, v) };
}
