import { canonicalJson } from './canonical.ts';
import { sha256Hex } from './hash.ts';

/** The commitment published at declare time: sha256(canonical(answer) + salt). */
export function commitment(answer: unknown, salt: string): string {
  return sha256Hex(canonicalJson(answer) + salt);
}

/** True when a revealed answer and salt hash to the published commitment. */
export function verifyCommitment(answer: unknown, salt: string, expected: string): boolean {
  return commitment(answer, salt) === expected;
}

/** sha256 in hex, for pages that check a released seed against the room's published commitment. */
export { sha256Hex } from './hash.ts';
