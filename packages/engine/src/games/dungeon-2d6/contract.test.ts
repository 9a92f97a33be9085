import { gameContract } from '../../kernel/game-contract.ts';
import { dungeon2d6 } from './index.ts';
import { GM, SPECTATOR, seat, TABLE_START } from './test-table.ts';

gameContract({
  game: dungeon2d6,
  at: TABLE_START,
  scripts: {
    'a hall, a yard, a party of two and a hidden orc': [
      [GM, { type: 'seat.add', name: 'Aki' }],
      [GM, { type: 'seat.add', name: 'Bora' }],
      [GM, { type: 'zone.add', name: 'Hall' }],
      [GM, { type: 'zone.add', name: 'Yard', adjacent: ['z1'] }],
      [GM, { type: 'character.add', name: 'Ash', controller: 'pc', owner: 's1', zone: 'z1', base: { VAL: 3, AGI: 3, SPI: 2 }, hp: 12, maxHp: 12 }],
      [GM, { type: 'character.add', name: 'Bee', controller: 'pc', owner: 's2', zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 3 }, hp: 10, maxHp: 10 }],
      [GM, { type: 'character.add', name: 'Orc', controller: 'enemy', zone: 'z2', base: { VAL: 3, AGI: 2, SPI: 1 }, hp: 9, maxHp: 9, skills: [{ skill: 'stealth' }] }],
      [GM, { type: 'session.start' }],
      [seat(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'stay close' }],
      [seat(2), { type: 'roll', expr: '2D6', visibility: 'gm' }],
      [SPECTATOR, { type: 'roll', expr: '1D6' }],
      [seat(1), { type: 'move', character: 'ch1', path: ['z2'] }],
      [GM, { type: 'combat.start' }],
      [GM, { type: 'turn.next' }],
      [GM, { type: 'combat.end' }],
    ],
  },
});
