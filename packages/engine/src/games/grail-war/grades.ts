/**
 * Grades E..A, EX, with optional "+" marks (GW-CORE-02), and their numeric values (§0.1: E=1 … A=5).
 * Sheets store a grade as text ("C+", "EX"), so the wire format stays what players write.
 */
export const GRADES = ['E', 'D', 'C', 'B', 'A'] as const;
export type Letter = (typeof GRADES)[number];
/** EX sits above A (§0.1 GAP: its value is the room option `exGradeValue`). */
export type Grade = Letter | 'EX';

/** A parsed grade: the letter (or EX) and how many "+" follow it. "++" and beyond are a GAP (§0.1) but parse. */
export type Rank = { grade: Grade; plus: number };

const RANK_TEXT = /^(EX|[EDCBA])(\+{0,3})$/;

/** §0.1 GAP DEFAULT for `exGradeValue`: one step above A, as MERIT-03 already counts A+ as 6. */
export const EX_DEFAULT = 6;

/** Parses "C+" → { grade: 'C', plus: 1 } and "EX" → { grade: 'EX', plus: 0 }; null for anything else. */
export function parseRank(text: string): Rank | null {
  const m = RANK_TEXT.exec(text);
  if (!m) return null;
  return { grade: m[1] as Grade, plus: m[2]!.length };
}

/** True for a grade text without EX: masters' stats and spells (GW-CORE-03 uses the E..A scale only). */
export function isLetterRank(text: string): boolean {
  const r = parseRank(text);
  return r !== null && r.grade !== 'EX';
}

/** The value formulas multiply: E=1 … A=5 (§0.1), EX = `ex` (the room's `exGradeValue`). */
export function gradeValue(grade: Grade, ex: number): number {
  return grade === 'EX' ? ex : GRADES.indexOf(grade) + 1;
}

function parsed(text: string): Rank {
  const r = parseRank(text);
  // Sheets are validated before use, so a malformed grade here is a broken invariant.
  if (!r) throw new Error(`bad grade text ${text}`);
  return r;
}

/** Value of a grade text, EX worth `ex`. */
export function rankValue(text: string, ex: number): number {
  return gradeValue(parsed(text).grade, ex);
}

/** Value of a master's grade text, which is never EX (validateMasterSheet). */
export function letterValue(text: string): number {
  const r = parsed(text);
  if (r.grade === 'EX') throw new Error(`EX on a master grade ${text}`);
  return gradeValue(r.grade, 0);
}

/** Number of "+" marks of a grade text. */
export function rankPlus(text: string): number {
  return parsed(text).plus;
}

/**
 * Raises a grade by `steps`; past A each step adds a "+" (GW-ITEM-B3: "if already A, add one +"). EX is already past
 * A, so a raise adds "+" to it the same way (INFERRED).
 */
export function raiseRank(text: string, steps: number): string {
  const r = parsed(text);
  if (r.grade === 'EX') return 'EX' + '+'.repeat(Math.min(3, r.plus + Math.max(0, steps)));
  let index = GRADES.indexOf(r.grade) + steps;
  let plus = r.plus;
  if (index > 4) {
    plus += index - 4;
    index = 4;
  }
  return GRADES[Math.max(0, index)]! + '+'.repeat(Math.min(3, plus));
}

/**
 * The row of a grade on the ladder E, D, C, B, A, EX (0..5) after `shift` grades up or down (SUP-03's "−1 grade",
 * SPEC-02's "+1 grade"); null once it falls below E. A raise past A gives a "+" (ITEM-B3), not EX, so a letter grade
 * never climbs beyond A's row, and EX never beyond its own.
 */
export function ladderRow(text: string, shift: number): number | null {
  const r = parsed(text);
  const place = (r.grade === 'EX' ? 5 : GRADES.indexOf(r.grade)) + shift;
  if (place < 0) return null;
  return Math.min(place, r.grade === 'EX' ? 5 : 4);
}
