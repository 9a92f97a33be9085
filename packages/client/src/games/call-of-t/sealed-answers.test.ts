import { expect, test } from 'vitest';
import { sealedAnswers } from '../../room/ledger/sealed-answers.ts';

// COT-HID-03: before the reveal others see declared / locked and the commitment; the reveal publishes action and salt.
const reader = sealedAnswers('call-of-t');
const search = { kind: 'none' } as const;

test('COT-HID-03 a sealed row is witnessed in its cycle, even where the viewer may read its action', () => {
  const view = {
    cycle: 2,
    declarations: [
      { character: 'c1', declared: true, locked: false, commitment: 'h1', action: search },
      { character: 'c2', declared: false, locked: false },
    ],
  };
  expect(reader.inView(view)).toEqual({ sealed: [{ round: 'cycle 2', who: 'c1', commitment: 'h1' }], revealed: [] });
});

test('COT-HID-03 a row with its salt is revealed, in the view and in the reveal event of the same cycle', () => {
  const row = { character: 'c1', declared: true, commitment: 'h1', action: search, salt: 's' };
  expect(reader.inView({ cycle: 2, declarations: [{ ...row, locked: true }] }).revealed).toEqual([{ round: 'cycle 2', who: 'c1', answer: search, salt: 's', commitment: 'h1' }]);
  expect(reader.inEvent({ type: 'cot.revealed', cycle: 2, answers: [row, { character: 'c2', declared: false }] })).toEqual([
    { round: 'cycle 2', who: 'c1', answer: search, salt: 's', commitment: 'h1' },
  ]);
});

test('a reveal logged without its cycle, and any other event, name nothing to judge', () => {
  expect(reader.inEvent({ type: 'cot.revealed', answers: [{ character: 'c1', declared: true, action: search, salt: 's' }] })).toEqual([]);
  expect(reader.inEvent({ type: 'cot.check', character: 'c1' })).toEqual([]);
  expect(reader.inView({ cycle: 1, declarations: null })).toEqual({ sealed: [], revealed: [] });
});
