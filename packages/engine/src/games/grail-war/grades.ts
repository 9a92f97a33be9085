/**
 * Grades E..A with optional "+" marks (GW-CORE-02), and their numeric values (§0.1: E=1 … A=5).
 * Sheets store a grade as text ("C+"), so the wire format stays what players write.
 */
export const GRADES = ['E', 'D', 'C', 'B', 'A'] as const;
export type Grade = (typeof GRADES)[number];

/** A parsed grade: the letter and how many "+" follow it. "++" and beyond are a GAP (§0.1) but parse. */
export type Rank = { grade: Grade; plus: number };

const RANK_TEXT = /^([EDCBA])(\+{0,3})$/;

/** Parses "C+" → { grade: 'C', plus: 1 }; null for anything else (EX is a GAP and is refused). */
export function parseRank(text: string): Rank | null {
  const m = RANK_TEXT.exec(text);
  if (!m) return null;
  return { grade: m[1] as Grade, plus: m[2]!.length };
}

/** The value formulas multiply: E=1 … A=5 (§0.1). */
export function gradeValue(grade: Grade): number {
  return GRADES.indexOf(grade) + 1;
}

/** Value of a grade text; throws on malformed text because sheets are validated before use. */
export function rankValue(text: string): number {
  const r = parseRank(text);
  if (!r) throw new Error(`bad grade text ${text}`);
  return gradeValue(r.grade);
}

/** Number of "+" marks of a grade text. */
export function rankPlus(text: string): number {
  const r = parseRank(text);
  if (!r) throw new Error(`bad grade text ${text}`);
  return r.plus;
}

/**
 * Raises a grade by `steps`; past A each step adds a "+" (GW-ITEM-B3: "if already A, add one +").
 */
export function raiseRank(text: string, steps: number): string {
  const r = parseRank(text);
  if (!r) throw new Error(`bad grade text ${text}`);
  let index = GRADES.indexOf(r.grade) + steps;
  let plus = r.plus;
  if (index > 4) {
    plus += index - 4;
    index = 4;
  }
  return GRADES[Math.max(0, index)]! + '+'.repeat(Math.min(3, plus));
}
