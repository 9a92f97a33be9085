import { commitment } from '@veiltable/engine/commitment';
import { describe, expect, test } from 'vitest';
import { CommitmentLedger, type LedgerStorage } from './commitment-ledger.svelte.ts';

// Issue 14, item 1: a reveal is checked against the commitment this device was shown while the answer was sealed,
// never against the one the reveal carries: a forged reveal brings its own matching commitment.

const answer = { kind: 'text', text: 'I hide behind the altar' };
const salt = '9f2c1e77aa03b4d5';
const sealed = commitment(answer, salt);
const forgedAnswer = { kind: 'text', text: 'I attack the GM' };
const forgedSalt = '0000aaaa1111bbbb';
const forgedCommitment = commitment(forgedAnswer, forgedSalt);

function memoryStorage(): LedgerStorage & { saved: Map<string, Record<string, string>> } {
  const saved = new Map<string, Record<string, string>>();
  return { saved, load: (room) => ({ ...(saved.get(room) ?? {}) }), save: (room, w) => void saved.set(room, { ...w }) };
}

function ledgerWith(witnessed: string | null): CommitmentLedger {
  const ledger = new CommitmentLedger(memoryStorage());
  ledger.open('r1');
  if (witnessed) ledger.witness([{ round: 'd1', who: 's1', commitment: witnessed }]);
  return ledger;
}

describe('a reveal against the commitment witnessed while sealed', () => {
  test.each([
    ['the true answer and salt', sealed, { answer, salt, commitment: sealed }, 'ok'],
    ['a forged reveal: another answer and salt with their own commitment', sealed, { answer: forgedAnswer, salt: forgedSalt, commitment: forgedCommitment }, 'forged'],
    ['a changed answer under the sealed commitment', sealed, { answer: forgedAnswer, salt, commitment: sealed }, 'forged'],
    ['a changed salt', sealed, { answer, salt: salt.replace('9', '8'), commitment: sealed }, 'forged'],
    ['a reveal without its salt', sealed, { answer, salt: undefined, commitment: sealed }, 'forged'],
    ['never seen sealed, consistent with itself', null, { answer, salt, commitment: sealed }, 'unwitnessed'],
    ['never seen sealed, forged and consistent with itself', null, { answer: forgedAnswer, salt: forgedSalt, commitment: forgedCommitment }, 'unwitnessed'],
  ] as const)('%s → %s', (_name, witnessed, reveal, expected) => {
    const ledger = ledgerWith(witnessed);
    ledger.judge([{ round: 'd1', who: 's1', ...reveal }]);
    expect(ledger.verdictOf('d1', 's1')?.verdict).toBe(expected);
    expect(ledger.forged).toEqual(expected === 'forged' ? [{ round: 'd1', who: 's1' }] : []);
  });

  test('an unwitnessed reveal says whether it matches even its own commitment', () => {
    const ledger = ledgerWith(null);
    ledger.judge([
      { round: 'd1', who: 's1', answer, salt, commitment: sealed },
      { round: 'd1', who: 's2', answer: forgedAnswer, salt, commitment: sealed },
    ]);
    expect(ledger.verdictOf('d1', 's1')).toEqual({ verdict: 'unwitnessed', selfConsistent: true });
    expect(ledger.verdictOf('d1', 's2')).toEqual({ verdict: 'unwitnessed', selfConsistent: false });
  });

  test("another seat's sealed commitment does not vouch for this seat's answer", () => {
    const ledger = new CommitmentLedger(memoryStorage());
    ledger.open('r1');
    ledger.witness([
      { round: 'd1', who: 's1', commitment: commitment({ kind: 'text', text: 'mine' }, salt) },
      { round: 'd1', who: 's2', commitment: sealed },
    ]);
    ledger.judge([{ round: 'd1', who: 's1', answer, salt, commitment: sealed }]);
    expect(ledger.verdictOf('d1', 's1')?.verdict).toBe('forged');
  });

  test('an answer declared again while sealed is judged against its newest commitment', () => {
    const ledger = ledgerWith(commitment({ kind: 'text', text: 'first thought' }, 'aa'));
    ledger.witness([{ round: 'd1', who: 's1', commitment: sealed }]);
    ledger.judge([{ round: 'd1', who: 's1', answer, salt, commitment: sealed }]);
    expect(ledger.verdictOf('d1', 's1')?.verdict).toBe('ok');
  });
});

describe('the ledger outlives the page', () => {
  test('a reload in the same room still judges against what was witnessed before it', () => {
    const storage = memoryStorage();
    const before = new CommitmentLedger(storage);
    before.open('r1');
    before.witness([{ round: 'd1', who: 's1', commitment: sealed }]);
    const after = new CommitmentLedger(storage);
    after.open('r1');
    after.judge([{ round: 'd1', who: 's1', answer: forgedAnswer, salt: forgedSalt, commitment: forgedCommitment }]);
    expect(after.verdictOf('d1', 's1')?.verdict).toBe('forged');
  });

  test('what was witnessed in one room says nothing about another', () => {
    const storage = memoryStorage();
    const a = new CommitmentLedger(storage);
    a.open('r1');
    a.witness([{ round: 'd1', who: 's1', commitment: sealed }]);
    const b = new CommitmentLedger(storage);
    b.open('r2');
    b.judge([{ round: 'd1', who: 's1', answer, salt, commitment: sealed }]);
    expect(b.verdictOf('d1', 's1')?.verdict).toBe('unwitnessed');
  });
});
