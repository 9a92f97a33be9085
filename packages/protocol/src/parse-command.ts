import type { z } from 'zod';

/** A command parsed for one game, or why not: a type the game does not know, or a known type of the wrong shape. */
export type CommandParse<C> = { ok: true; command: C } | { ok: false; code: 'UNKNOWN_COMMAND' | 'BAD_SHAPE'; detail: string };

/** Any game's command schema: a discriminated union on `type` whose options are objects with a literal `type`. */
type CommandSchema = z.ZodDiscriminatedUnion<z.ZodObject<{ type: z.ZodLiteral<string> }>[], 'type'>;

/**
 * A parser for one game's commands. The wire schema accepts every game's commands, so a room parses again with its
 * own game's schema: a command of another game is UNKNOWN_COMMAND there, a known one of the wrong shape BAD_SHAPE.
 */
export function commandParser<S extends CommandSchema>(schema: S): (raw: unknown) => CommandParse<z.output<S>> {
  const known: ReadonlySet<string> = new Set(schema.options.map((o) => o.shape.type.value));
  return (raw) => {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !known.has(type)) {
      return { ok: false, code: 'UNKNOWN_COMMAND', detail: `not a command of this game: ${String(type).slice(0, 60)}` };
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { ok: true, command: parsed.data };
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    return { ok: false, code: 'BAD_SHAPE', detail };
  };
}
