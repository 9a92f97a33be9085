/** How many seats the panel adds in one go, at most. */
export const MAX_SEATS_AT_ONCE = 12;
/** A seat name's length limit, as the server's (protocol addSeatRequest). */
export const MAX_SEAT_NAME = 40;

/** What the GM typed, read as seats to add: names, or why not. */
export type SeatNames = { ok: true; names: string[] } | { ok: false; problem: 'empty' | 'tooMany' | 'tooLong' };

/**
 * Reads the add-seats field: a number ("3", or "３" from a Japanese keyboard) adds that many seats named by
 * `defaultName`, numbered on from the `existing` seats; anything else is a list of names separated by commas (also
 * 、 and ，) or new lines.
 */
export function seatNames(input: string, existing: number, defaultName: (n: number) => string): SeatNames {
  const text = input.normalize('NFKC').trim();
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1) return { ok: false, problem: 'empty' };
    if (count > MAX_SEATS_AT_ONCE) return { ok: false, problem: 'tooMany' };
    return { ok: true, names: Array.from({ length: count }, (_, i) => defaultName(existing + i + 1)) };
  }
  const names = input
    .split(/[,、，\n]/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0) return { ok: false, problem: 'empty' };
  if (names.length > MAX_SEATS_AT_ONCE) return { ok: false, problem: 'tooMany' };
  if (names.some((n) => [...n].length > MAX_SEAT_NAME)) return { ok: false, problem: 'tooLong' };
  return { ok: true, names };
}
