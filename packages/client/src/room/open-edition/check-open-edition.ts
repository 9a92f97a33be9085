import { commitment, sha256Hex } from '@veiltable/engine/commitment';
import type { RngCommitment, SessionRecord } from '@veiltable/protocol';
import type { Sealed, SealedAnswers, SeenEvent } from '../ledger/sealed-answers.ts';

/** A sealed answer this device saw whose reveal in the record does not hash to what it saw: where it is. */
export type OpenEditionMismatch = { round: string; who: string; seq: number };

/**
 * What a page checks of the open edition by itself: the seed against the commitment its welcome carried, and every
 * commitment its ledger witnessed against the answer and salt the record reveals for it. `unrevealed`: witnessed
 * answers the record never reveals (a declaration still sealed when the GM released). The replay of every die,
 * shuffle and draw from the seed needs BCDice, which loads in node only: that is `./vt verify FILE`.
 */
export type OpenEditionCheck = {
  seed: { ok: boolean; expected: string; actual: string };
  commitments: { checked: number; mismatched: OpenEditionMismatch[]; unrevealed: number };
};

/** Checks a downloaded record against what this page was shown while the room was played. */
export function checkOpenEdition(record: SessionRecord, published: RngCommitment, witnessed: readonly Sealed[], reader: SealedAnswers): OpenEditionCheck {
  const actual = sha256Hex(record.seed);
  const seed = { ok: actual === published.hash && record.commitment.hash === published.hash, expected: published.hash, actual };

  const byKey = new Map(witnessed.map((s) => [keyOf(s.round, s.who), s.commitment]));
  const seen = new Set<string>();
  const mismatched: OpenEditionMismatch[] = [];
  for (const entry of record.entries) {
    for (const revealed of entry.events.flatMap(seenParts).flatMap((part) => reader.inEvent(part))) {
      const key = keyOf(revealed.round, revealed.who);
      const expected = byKey.get(key);
      if (expected === undefined) continue;
      seen.add(key);
      const hash = revealed.salt === undefined ? null : commitment(revealed.answer, revealed.salt);
      const already = mismatched.some((m) => keyOf(m.round, m.who) === key);
      if (hash !== expected && !already) mismatched.push({ round: revealed.round, who: revealed.who, seq: entry.seq });
    }
  }
  return { seed, commitments: { checked: seen.size, mismatched, unrevealed: byKey.size - seen.size } };
}

/** True when the record passes every check this page makes. */
export function passes(check: OpenEditionCheck): boolean {
  return check.seed.ok && check.commitments.mismatched.length === 0;
}

const keyOf = (round: string, who: string) => `${round}\u0000${who}`;

/** Every audience's reading of a logged event: the open edition holds them all. */
function seenParts(event: unknown): SeenEvent[] {
  const parts = (event as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part: { seen?: unknown }) => {
    const seen = part?.seen as { type?: unknown } | undefined;
    return seen && typeof seen.type === 'string' ? [seen as SeenEvent] : [];
  });
}
