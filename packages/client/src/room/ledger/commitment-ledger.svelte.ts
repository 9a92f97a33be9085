import { commitment } from '@veiltable/engine/commitment';
import type { Revealed, Sealed } from './sealed-answers.ts';

/**
 * ok: the revealed answer and salt hash to the commitment this device was shown while the answer was sealed.
 * forged: they do not, whatever commitment the reveal itself carries: the answer changed after it was sealed.
 * unwitnessed: this device never saw the answer sealed (it came after the reveal), so it can check the reveal only
 * against itself; `selfConsistent` says whether it at least agrees with the commitment it carries.
 */
export type LedgerVerdict =
  | { verdict: 'ok'; witnessed: string }
  | { verdict: 'forged'; witnessed: string; revealedHash: string }
  | { verdict: 'unwitnessed'; selfConsistent: boolean };

/** Where a device keeps the commitments it witnessed, so a reload still checks a reveal against them. */
export interface LedgerStorage {
  load(room: string): Record<string, string>;
  save(room: string, witnessed: Record<string, string>): void;
}

const KEY_PREFIX = 'veiltable.ledger.';

/** The browser's localStorage; a blocked storage keeps the ledger for this page only. */
export const localLedgerStorage: LedgerStorage = {
  load(room) {
    try {
      const raw = localStorage.getItem(KEY_PREFIX + room);
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  },
  save(room, witnessed) {
    try {
      localStorage.setItem(KEY_PREFIX + room, JSON.stringify(witnessed));
    } catch {
      // private mode or a full storage: the ledger still holds for this page
    }
  },
};

const keyOf = (round: string, who: string) => `${round}\u0000${who}`;

/**
 * The commitments this device saw while answers were sealed, and the verdict on each reveal against them. A reveal
 * is never checked against the commitment it carries itself: a forged reveal brings a matching one of its own.
 */
export class CommitmentLedger {
  private witnessed: Record<string, string> = {};
  private room: string | null = null;
  /** Each reveal judged, by round and who. */
  verdicts = $state.raw<ReadonlyMap<string, LedgerVerdict>>(new Map());

  constructor(private readonly storage: LedgerStorage = localLedgerStorage) {}

  /** Loads what this device witnessed in a room before (a reload, a reconnect). */
  open(room: string): void {
    if (this.room === room) return;
    this.room = room;
    this.witnessed = { ...this.storage.load(room) };
  }

  /** Records sealed answers as shown; an answer declared again while sealed replaces its commitment. */
  witness(sealed: readonly Sealed[]): void {
    let changed = false;
    for (const s of sealed) {
      const key = keyOf(s.round, s.who);
      if (this.witnessed[key] === s.commitment) continue;
      this.witnessed[key] = s.commitment;
      changed = true;
    }
    if (changed && this.room) this.storage.save(this.room, this.witnessed);
  }

  /** Judges reveals against the ledger; a verdict once given for a round and seat stays unless the reveal changes. */
  judge(revealed: readonly Revealed[]): void {
    if (revealed.length === 0) return;
    const next = new Map(this.verdicts);
    for (const r of revealed) next.set(keyOf(r.round, r.who), this.verdictOn(r));
    this.verdicts = next;
  }

  /** The verdict on one revealed answer, or undefined while it is not revealed. */
  verdictOf(round: string, who: string): LedgerVerdict | undefined {
    return this.verdicts.get(keyOf(round, who));
  }

  /** Every commitment this device saw sealed in the room (the open edition is checked against them). */
  get witnessedSeals(): Sealed[] {
    return Object.entries(this.witnessed).map(([key, commitment]) => {
      const [round = '', who = ''] = key.split('\u0000');
      return { round, who, commitment };
    });
  }

  /** Every reveal that does not match what this device saw sealed. */
  get forged(): { round: string; who: string }[] {
    return [...this.verdicts].flatMap(([key, v]) => {
      if (v.verdict !== 'forged') return [];
      const [round = '', who = ''] = key.split('\u0000');
      return [{ round, who }];
    });
  }

  private verdictOn(r: Revealed): LedgerVerdict {
    const hash = r.salt === undefined ? null : commitment(r.answer, r.salt);
    const witnessed = this.witnessed[keyOf(r.round, r.who)];
    if (witnessed === undefined) return { verdict: 'unwitnessed', selfConsistent: hash !== null && hash === r.commitment };
    if (hash === witnessed) return { verdict: 'ok', witnessed };
    return { verdict: 'forged', witnessed, revealedHash: hash ?? '' };
  }
}
