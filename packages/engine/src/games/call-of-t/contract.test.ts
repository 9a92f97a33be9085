import { gameContract } from '../../kernel/game-contract.ts';
import { callOfT } from './index.ts';
import { AT, GM, P1, P2, SPECTATOR, setupInput } from './test-support.ts';

gameContract({
  game: callOfT,
  at: AT,
  scripts: {
    'three seats, the setup, a sealed scout and the table talking': [
      [GM, { type: 'seat.add', name: 'Aiko' }],
      [GM, { type: 'seat.add', name: 'Bruno' }],
      [GM, { type: 'seat.add', name: 'Chen' }],
      [GM, { type: 'cot.setup', setup: setupInput() }],
      [P1, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'scout', target: 'C4' } }],
      [P2, { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'scout', target: 'B5' } }],
      [P1, { type: 'chat.send', to: { kind: 'gm' }, text: 'I trust nobody' }],
      [P2, { type: 'roll', expr: 'S1D100<=50' }],
      [SPECTATOR, { type: 'chat.send', to: { kind: 'all' }, text: 'hi' }],
      [GM, { type: 'cot.inv.force' }],
    ],
  },
});
