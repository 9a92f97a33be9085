import type { CommandParse } from '@veiltable/protocol';
import { err, ok, type Rejection, type Result } from './result.ts';

/** A game's `parseCommand` from its protocol parser: the parse's failure as a coded rejection (UNKNOWN_COMMAND, BAD_SHAPE). */
export function gameCommandParser<C>(parse: (raw: unknown) => CommandParse<C>): (raw: unknown) => Result<C, Rejection> {
  return (raw) => {
    const parsed = parse(raw);
    return parsed.ok ? ok(parsed.command) : err(parsed.code, undefined, parsed.detail);
  };
}
