import { gameContract } from '../../kernel/game-contract.ts';
import { freeTable } from './index.ts';
import { AT, GM, P, SPECTATOR } from './testing.ts';

gameContract({
  game: freeTable,
  at: AT,
  scripts: {
    'a table of two with cards, chat, dice and a declaration': [
      [GM, { type: 'seat.add', name: 'Aki' }],
      [GM, { type: 'seat.add', name: 'Bora' }],
      [GM, { type: 'deck.create', deck: { kind: 'standard', jokers: true } }],
      [GM, { type: 'deck.deal', seat: 's1', count: 3 }],
      [P(2), { type: 'deck.draw', count: 2 }],
      [P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'psst' }],
      [P(2), { type: 'roll', expr: 'S2D6+1', visibility: 'public' }],
      [SPECTATOR, { type: 'roll', expr: '1D6' }],
      [GM, { type: 'note.add', text: 'secret plan' }],
      [GM, { type: 'decl.open', prompt: 'Go?', kind: 'choice', choices: ['yes', 'no'] }],
      [P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'choice', index: 0 } }],
      [P(2), { type: 'decl.answer', decl: 'd1', answer: { kind: 'choice', index: 1 } }],
      [P(1), { type: 'roll.reveal', roll: 'r1' }],
      [P(2), { type: 'roll.reveal', roll: 'r1' }],
    ],
  },
});
