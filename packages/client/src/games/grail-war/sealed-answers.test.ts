import { expect, test } from 'vitest';
import { sealedAnswers } from '../../room/ledger/sealed-answers.ts';

// GW-HIDE-D3 (pre-battle step), D4 (judgment batch), D5 (post-reveal seals): each is sealed, then "all together";
// the view shows who answered with the commitment, and the reveal adds answer and salt for all.
const reader = sealedAnswers('grail-war');
const plan = { slots: [], activatePlus: [] };
const open = (entries: unknown[]) => ({ status: 'open', entries });
const revealed = (entries: unknown[]) => ({ status: 'revealed', entries });

test('GW-HIDE-D3 GW-HIDE-D4 the open steps of a battle are witnessed per battle, step and batch', () => {
  const battle = {
    id: 3,
    batch: 2,
    prebattle: revealed([{ character: 'c1', declared: true, commitment: 'p1', answer: {}, salt: 'x' }]),
    submission: open([{ character: 'c1', declared: true, commitment: 'b1' }, { character: 'c2', declared: false }]),
    window: null,
  };
  expect(reader.inView({ battle })).toEqual({
    sealed: [{ round: 'battle 3 batch 2', who: 'c1', commitment: 'b1' }],
    revealed: [{ round: 'battle 3 prebattle', who: 'c1', answer: {}, salt: 'x', commitment: 'p1' }],
  });
  expect(reader.inView({ battle: null })).toEqual({ sealed: [], revealed: [] });
});

test.each([
  ['prebattle.revealed', { battle: 3 }, 'battle 3 prebattle'],
  ['batch.revealed', { battle: 3, batch: 2 }, 'battle 3 batch 2'],
  ['window.revealed', { battle: 3, batch: 2 }, 'battle 3 window 2'],
])('GW-HIDE-D3 GW-HIDE-D4 GW-HIDE-D5 %s names its round', (type, fields, round) => {
  const answers = [{ seat: 'c1', declared: true, answer: plan, salt: 's', commitment: 'h' }, { seat: 'c2', declared: false }];
  expect(reader.inEvent({ type, ...fields, answers })).toEqual([{ round, who: 'c1', answer: plan, salt: 's', commitment: 'h' }]);
});

test('a reveal logged without its battle names nothing to judge', () => {
  expect(reader.inEvent({ type: 'batch.revealed', batch: 1, answers: [{ seat: 'c1', declared: true, answer: plan, salt: 's' }] })).toEqual([]);
});
