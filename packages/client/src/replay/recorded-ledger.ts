import { CommitmentLedger } from '../room/ledger/commitment-ledger.svelte.ts';
import type { LedgerVerdict } from '../room/ledger/commitment-ledger.svelte.ts';
import type { Sealed, SealedAnswers } from '../room/ledger/sealed-answers.ts';
import type { ReplayStep } from './replay-steps.ts';

const keyOf = (round: string, who: string) => `${round}\u0000${who}`;

/** Keeps nothing: a replay's ledger is the recording's, not this device's. */
const nowhere = { load: () => ({}), save: () => {} };

/**
 * The commitment ledger of a recording: each reveal judged against the commitment the recorded viewer was shown while
 * that answer was sealed, step by step as the live page judged it, and shown from the step at which it came. A file
 * whose reveal does not hash to the commitment its own earlier step showed is caught as forged, as a live one would be.
 */
export class RecordedLedger {
  /** Per answer, the step its reveal was first judged at and the verdicts it got from there on, oldest first. */
  private readonly judged = new Map<string, { from: number; verdict: LedgerVerdict }[]>();
  /** Per sealed answer, the step at which it was first shown sealed. */
  private readonly sealedAt = new Map<string, { from: number; seal: Sealed }>();

  constructor(
    steps: readonly ReplayStep[],
    reader: SealedAnswers,
    private readonly shown: () => number,
  ) {
    const ledger = new CommitmentLedger(nowhere);
    steps.forEach((step, k) => {
      const { sealed, revealed } = reader.inView(step.view);
      ledger.witness(sealed);
      for (const s of sealed) if (!this.sealedAt.has(keyOf(s.round, s.who))) this.sealedAt.set(keyOf(s.round, s.who), { from: k, seal: s });
      ledger.judge(revealed);
      for (const r of revealed) {
        const verdict = ledger.verdictOf(r.round, r.who)!;
        const list = this.judged.get(keyOf(r.round, r.who)) ?? [];
        if (list.at(-1)?.verdict.verdict !== verdict.verdict) list.push({ from: k, verdict });
        this.judged.set(keyOf(r.round, r.who), list);
      }
    });
  }

  /** The verdict on one answer as it stood at the step shown; undefined before its reveal. */
  verdictOf(round: string, who: string): LedgerVerdict | undefined {
    const at = this.shown();
    return this.judged.get(keyOf(round, who))?.findLast((v) => v.from <= at)?.verdict;
  }

  /** The reveals that, by the step shown, do not match what the recording showed sealed. */
  get forged(): { round: string; who: string }[] {
    return [...this.judged].flatMap(([key]) => {
      const [round = '', who = ''] = key.split('\u0000');
      return this.verdictOf(round, who)?.verdict === 'forged' ? [{ round, who }] : [];
    });
  }

  /** The answers the recording had shown sealed by the step shown. */
  get witnessedSeals(): Sealed[] {
    const at = this.shown();
    return [...this.sealedAt.values()].filter((s) => s.from <= at).map((s) => s.seal);
  }
}
