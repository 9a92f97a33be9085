import type { DeclarationView } from '@veiltable/protocol';
import { expect, test } from 'vitest';
import { sealedAnswers } from '../../room/ledger/sealed-answers.ts';

const decl = (status: DeclarationView['status'], answers: DeclarationView['answers']): DeclarationView => ({
  id: 'd1',
  prompt: 'Where?',
  kind: 'text',
  seats: ['s1', 's2', 's3'],
  status,
  answers,
});

test('an open declaration shows its declared commitments sealed, nothing revealed', () => {
  const view = { declarations: [decl('open', [{ seat: 's1', declared: true, commitment: 'c1' }, { seat: 's2', declared: false }])] };
  expect(sealedAnswers('free-table').inView(view)).toEqual({ sealed: [{ round: 'd1', who: 's1', commitment: 'c1' }], revealed: [] });
});

test('a revealed declaration shows every declared row revealed, with or without the commitment it claims', () => {
  const answer = { kind: 'text', text: 'Stable' } as const;
  const view = {
    declarations: [
      decl('revealed', [
        { seat: 's1', declared: true, commitment: 'c1', answer, salt: 'x' },
        { seat: 's2', declared: true, answer, salt: 'y' },
        { seat: 's3', declared: false },
      ]),
    ],
  };
  expect(sealedAnswers('free-table').inView(view)).toEqual({
    sealed: [],
    revealed: [
      { round: 'd1', who: 's1', answer, salt: 'x', commitment: 'c1' },
      { round: 'd1', who: 's2', answer, salt: 'y', commitment: undefined },
    ],
  });
});

test('a game without sealed answers has none to read', () => {
  expect(sealedAnswers('no-such-game').inView({})).toEqual({ sealed: [], revealed: [] });
});
