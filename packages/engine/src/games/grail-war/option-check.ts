import { gwOptions } from '@veiltable/protocol/games/grail-war';
import type { GrailWarOptions } from './options.ts';
import { MATCH_KINDS } from './options.ts';

/**
 * Checks option values a GM may set; returns the first bad key or null. Ranges and values are the wire schema's; a
 * matchup table must also agree with itself (if I win, you lose).
 */
export function badOption(o: GrailWarOptions): string | null {
  const parsed = gwOptions.safeParse(o);
  if (!parsed.success) return String(parsed.error.issues[0]?.path[0] ?? 'options');
  const mirror = { W: 'L', L: 'W', '=': '=', '·': '·' } as const;
  for (const row of MATCH_KINDS) for (const col of MATCH_KINDS) if (o.matchupTable[col][row] !== mirror[o.matchupTable[row][col]]) return 'matchupTable';
  return null;
}
