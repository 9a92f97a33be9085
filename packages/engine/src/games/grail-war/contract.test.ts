import type { ScriptStep } from '../../kernel/game-contract.ts';
import { gameContract } from '../../kernel/game-contract.ts';
import { grailWar } from './index.ts';
import { AT, emptyDecl, GM, master, seat, servant, SPECTATOR } from './test-support.ts';

gameContract({
  game: grailWar,
  at: AT,
  scripts: {
    'two pairs register, a battle starts, the pre-battle step is answered, the table talks': [
      ...['A', 'B', 'MA', 'MB'].map((name): ScriptStep => [GM, { type: 'seat.add', name }]),
      // The engine names them c1 … c4 in this order.
      [GM, { type: 'character.register', seat: 's1', partner: null, sheet: servant() }],
      [GM, { type: 'character.register', seat: 's2', partner: null, sheet: servant({ alias: 'Lancer', className: 'lancer' }) }],
      [GM, { type: 'character.register', seat: 's3', partner: 'c1', sheet: master() }],
      [GM, { type: 'character.register', seat: 's4', partner: 'c2', sheet: master({ name: 'Master B' }) }],
      [GM, { type: 'battle.start', scene: 'night', participants: [{ character: 'c1', side: 'A' }, { character: 'c2', side: 'B' }], regions: {}, knowledge: [], ambushSide: null }],
      [seat('s1'), { type: 'battle.prepare', decl: emptyDecl() }],
      [seat('s2'), { type: 'battle.prepare', decl: emptyDecl({ conviction: 1 }) }],
      [seat('s3'), { type: 'chat.send', to: { kind: 'seat', seat: 's1' }, text: 'hold back' }],
      [seat('s4'), { type: 'roll', expr: '2D6' }],
      [SPECTATOR, { type: 'roll', expr: '2D6' }],
      [GM, { type: 'battle.force' }],
    ],
  },
});
