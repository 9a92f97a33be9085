/** A sealed answer as this device was shown it: its round (a declaration, a battle's batch), who answered, the hash. */
export type Sealed = { round: string; who: string; commitment: string };

/** A revealed answer: what it was, its salt, and the commitment the reveal itself claims. */
export type Revealed = { round: string; who: string; answer: unknown; salt: string | undefined; commitment?: string | undefined };

/**
 * Where a game's sealed and revealed answers show in its view. Only views count as witnessing: an answer that
 * completes a round and is revealed in the same commit was never shown sealed, so its commitment proves nothing to
 * this device (its reveal is judged unwitnessed), whatever event carried it alongside.
 */
export type SealedAnswers = {
  inView(view: unknown): { sealed: Sealed[]; revealed: Revealed[] };
};

const none: SealedAnswers = { inView: () => ({ sealed: [], revealed: [] }) };

/** Each game's reader, found by its place in the tree: `games/<id>/sealed-answers.ts`. They only read fields. */
const readers = import.meta.glob<SealedAnswers>('../../games/*/sealed-answers.ts', { import: 'default', eager: true });

/** The reader of a game's sealed answers; a game with no sealed declarations has none to read. */
export function sealedAnswers(game: string): SealedAnswers {
  return readers[`../../games/${game}/sealed-answers.ts`] ?? none;
}
