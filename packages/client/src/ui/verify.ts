import type { DeclAnswerView } from '@veiltable/protocol';
import { verifyCommitment } from '@veiltable/engine/commitment';

/** ok: the revealed answer hashes to the commitment published before; mismatch: it does not; none: nothing to check. */
export type Verdict = 'ok' | 'mismatch' | 'none';

/**
 * Checks a revealed answer against the commitment the seat published while it was sealed, so nobody
 * (the server included) can have changed it between declaring and revealing.
 */
export function verifyAnswer(row: DeclAnswerView): Verdict {
  if (!row.declared) return 'none';
  if (!row.answer || row.salt === undefined || !row.commitment) return 'mismatch';
  return verifyCommitment(row.answer, row.salt, row.commitment) ? 'ok' : 'mismatch';
}

/** The first hex digits of a commitment: enough to compare by eye. */
export function shortHash(commitment: string | undefined): string {
  return commitment ? commitment.slice(0, 8) : '—';
}
