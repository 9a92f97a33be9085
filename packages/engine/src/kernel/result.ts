/** A rule's verdict: a value, or a coded rejection. */
export type Result<T, E = Rejection> = { ok: true; value: T } | { ok: false; error: E };

/** Why a command was refused: a stable code, the rule ID it rests on, and optional detail for logs. */
export type Rejection = { code: string; rule?: string; detail?: string };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = (code: string, rule?: string, detail?: string): { ok: false; error: Rejection } => ({
  ok: false,
  error: { code, ...(rule ? { rule } : {}), ...(detail ? { detail } : {}) },
});
