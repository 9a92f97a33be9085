import type { z } from 'zod';
import type { Rejection, Result } from './result.ts';
import { err, ok } from './result.ts';

/** Any game's command schema: a discriminated union on `type` whose options are objects with a literal `type`. */
type CommandSchema = z.ZodDiscriminatedUnion<z.ZodObject<{ type: z.ZodLiteral<string> }>[], 'type'>;

/** The command types a schema lists. */
export function commandTypes(schema: CommandSchema): ReadonlySet<string> {
  return new Set(schema.options.map((o) => o.shape.type.value));
}

/**
 * A parser for one game's commands, which the room runs once on what the wire carried: a type the game does not know
 * is UNKNOWN_COMMAND, a known one of the wrong shape BAD_SHAPE, with the first issues as detail.
 */
export function commandParser<C>(schema: CommandSchema): (raw: unknown) => Result<C, Rejection> {
  const known = commandTypes(schema);
  return (raw) => {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !known.has(type)) {
      return err('UNKNOWN_COMMAND', undefined, `not a command of this game: ${String(type).slice(0, 60)}`);
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) return ok(parsed.data as C);
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    return err('BAD_SHAPE', undefined, detail);
  };
}
