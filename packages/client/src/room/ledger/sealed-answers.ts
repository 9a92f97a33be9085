/** A sealed answer as this device was shown it: its round (a declaration, a battle's batch), who answered, the hash. */
export type Sealed = { round: string; who: string; commitment: string };

/** A revealed answer: what it was, its salt, and the commitment the reveal itself claims. */
export type Revealed = { round: string; who: string; answer: unknown; salt: string | undefined; commitment?: string | undefined };

/** A view event as every game's protocol types them. */
export type SeenEvent = { type: string } & Record<string, unknown>;

/**
 * Where a game's sealed and revealed answers show: sealed ones in its view, revealed ones in its view and in its
 * reveal events (which stay in the log after the view moved on). Only views count as witnessing: an answer that
 * completes a round and is revealed in the same commit was never shown sealed, so its commitment proves nothing to
 * this device (its reveal is judged unwitnessed), whatever event carried it alongside.
 */
export type SealedAnswers = {
  inView(view: unknown): { sealed: Sealed[]; revealed: Revealed[] };
  /** The answers a reveal event publishes, in the round it names; none for other events. */
  inEvent(seen: SeenEvent): Revealed[];
};

const none: SealedAnswers = { inView: () => ({ sealed: [], revealed: [] }), inEvent: () => [] };

/** Each game's reader, found by its place in the tree: `games/<id>/sealed-answers.ts`. They only read fields. */
const readers = import.meta.glob<SealedAnswers>('../../games/*/sealed-answers.ts', { import: 'default', eager: true });

/** The reader of a game's sealed answers; a game with no sealed declarations has none to read. */
export function sealedAnswers(game: string): SealedAnswers {
  return readers[`../../games/${game}/sealed-answers.ts`] ?? none;
}
