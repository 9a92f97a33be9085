import { describe, expect, test } from 'vitest';
import { commitment } from '@veiltable/engine/commitment';
import freeTableSealed from '../games/free-table/sealed-answers.ts';
import { RecordedLedger } from './recorded-ledger.ts';
import type { ReplayStep } from './replay-steps.ts';

// A replay judges each reveal against the commitment its own recording showed while the answer was sealed, and shows
// the verdict from the step the reveal came at: the file's views are the witness, not this device's storage.

const SALT = 'salt-4f1a';
const sealedStep = (answer: unknown) => ({ declarations: [{ id: 'd1', status: 'open', answers: [{ seat: 's1', declared: true, commitment: commitment(answer, SALT) }] }] });
const revealedStep = (answer: unknown, claimed: unknown = answer) => ({
  declarations: [{ id: 'd1', status: 'revealed', answers: [{ seat: 's1', declared: true, answer, salt: SALT, commitment: commitment(claimed, SALT) }] }],
});
const steps = (...views: unknown[]): ReplayStep[] => views.map((view, k) => ({ seq: k, view, lines: 0, at: null }));

const ledgerAt = (views: unknown[], at: number) => new RecordedLedger(steps(...views), freeTableSealed, () => at);

describe('a replay\'s commitment ledger', () => {
  test.each([
    ['a reveal that hashes to the commitment shown sealed is ok', [sealedStep('north'), revealedStep('north')], 'ok'],
    ['a reveal whose answer changed after it was shown sealed is forged, whatever commitment it claims', [sealedStep('north'), revealedStep('south')], 'forged'],
    ['a reveal the recording never showed sealed is unwitnessed', [{ declarations: [] }, revealedStep('north')], 'unwitnessed'],
  ])('%s', (_name, views, verdict) => {
    const ledger = ledgerAt(views, 1);
    expect(ledger.verdictOf('d1', 's1')?.verdict).toBe(verdict);
    expect(ledger.forged).toEqual(verdict === 'forged' ? [{ round: 'd1', who: 's1' }] : []);
  });

  test('before the reveal\'s step nothing is judged yet, and the seal is witnessed from its own step', () => {
    let shown = 0;
    const ledger = new RecordedLedger(steps({ declarations: [] }, sealedStep('north'), revealedStep('south')), freeTableSealed, () => shown);
    expect(ledger.verdictOf('d1', 's1')).toBeUndefined();
    expect(ledger.witnessedSeals).toEqual([]);
    shown = 1;
    expect(ledger.verdictOf('d1', 's1')).toBeUndefined();
    expect(ledger.witnessedSeals).toEqual([{ round: 'd1', who: 's1', commitment: commitment('north', SALT) }]);
    expect(ledger.forged).toEqual([]);
    shown = 2;
    expect(ledger.verdictOf('d1', 's1')?.verdict).toBe('forged');
    expect(ledger.forged).toEqual([{ round: 'd1', who: 's1' }]);
  });
});
