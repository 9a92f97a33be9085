import { commitment } from './commitment.ts';
import type { Result } from './result.ts';
import { err, ok } from './result.ts';
import type { Rng } from './rng.ts';
import { plain } from './draft.ts';

/** One stored answer: the choice, its per-answer salt, and the hash published for it. */
export type SealedAnswer<A> = { answer: A; salt: string; commitment: string };

/**
 * A sealed simultaneous declaration: the seats that must answer, their sealed answers, and whether it is revealed.
 * Plain data, so it survives JSON; its functions work on drafts (kernel/draft.ts) as on plain values.
 */
export type Sealed<A> = {
  seats: string[];
  status: 'open' | 'revealed';
  answers: Record<string, SealedAnswer<A>>;
};

/** What a declaration says about one seat to someone who may not see the answer. */
export type SealedPublic = { seat: string; declared: boolean; commitment?: string };

/** Every answer and salt as published at reveal, so anyone can recompute the hashes. */
export type SealedReveal<A> = { seat: string; declared: boolean; answer?: A; salt?: string; commitment?: string };

/** Salt length in bytes: 128 bits, so a short answer cannot be found by hashing every candidate. */
const SALT_BYTES = 16;

/** A new open declaration for these seats (duplicates dropped, order kept). */
export function openSealed<A>(seats: readonly string[]): Sealed<A> {
  return { seats: [...new Set(seats)], status: 'open', answers: {} };
}

/** The stored answer of a seat, if any. */
export function sealedAnswerOf<A>(sealed: Sealed<A>, seat: string): SealedAnswer<A> | undefined {
  return Object.hasOwn(sealed.answers, seat) ? sealed.answers[seat] : undefined;
}

/** Checks that a seat may answer now, without changing anything. */
export function canAnswer<A>(sealed: Sealed<A>, seat: string): Result<void> {
  if (!sealed.seats.includes(seat)) return err('NOT_IN_DECL');
  if (sealed.status !== 'open') return err('DECL_CLOSED');
  return ok(undefined);
}

/**
 * Stores (or replaces) a seat's answer in place with a fresh salt. A changed answer gets a new salt too, so two
 * commitments to the same answer never look alike.
 */
export function answerSealed<A>(sealed: Sealed<A>, seat: string, answer: A, rng: Rng): Result<SealedAnswer<A>> {
  const allowed = canAnswer(sealed, seat);
  if (!allowed.ok) return allowed;
  const salt = rng.hex(SALT_BYTES);
  const entry: SealedAnswer<A> = { answer: plain(answer), salt, commitment: commitment(answer, salt) };
  sealed.answers[seat] = entry;
  return ok(entry);
}

/** Seats that still have to answer, in declaration order. */
export function pendingSeats<A>(sealed: Sealed<A>): string[] {
  return sealed.seats.filter((seat) => !Object.hasOwn(sealed.answers, seat));
}

/** True once every required seat has answered. */
export function allAnswered<A>(sealed: Sealed<A>): boolean {
  return pendingSeats(sealed).length === 0;
}

/** The seat-by-seat summary everyone may see before reveal: who declared, and the commitment. */
export function sealedPublic<A>(sealed: Sealed<A>): SealedPublic[] {
  return sealed.seats.map((seat) => {
    const entry = sealedAnswerOf(sealed, seat);
    return entry ? { seat, declared: true, commitment: entry.commitment } : { seat, declared: false };
  });
}

/** Closes the declaration in place and returns every answer with its salt; seats that never answered stay undeclared. */
export function revealSealed<A>(sealed: Sealed<A>): Result<SealedReveal<A>[]> {
  if (sealed.status !== 'open') return err('DECL_CLOSED');
  sealed.status = 'revealed';
  return ok(
    sealed.seats.map((seat) => {
      const entry = sealedAnswerOf(sealed, seat);
      if (!entry) return { seat, declared: false };
      return { seat, declared: true, answer: plain(entry.answer), salt: entry.salt, commitment: entry.commitment };
    }),
  );
}
