import { describe, expect, test } from 'vitest';
import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { viewEvent } from '../../kernel/events.ts';
import { GM, P1, P2, SPECTATOR, character, refusal, run, seated, started } from './test-support.ts';
import { view } from './view.ts';

type Adjust = Extract<CotCommand, { type: 'cot.gm.adjust' }>;

describe('GM counter edits (§10 GM rulings, COT-HID-01)', () => {
  test.each([
    ['COT-HID-01 only the GM edits counters', P1, { type: 'cot.gm.adjust', party: { food: 1 } }, 'NOT_GM'],
    ['COT-SET-01 nothing to edit before the setup', GM, { type: 'cot.gm.adjust', party: { food: 1 } }, 'NOT_YOUR_PHASE'],
    ['COT-MOD-12 the character must exist', GM, { type: 'cot.gm.adjust', character: { id: 'ch9', call: 3 } }, 'NO_SUCH_CHARACTER'],
  ] as const)('%s', (name, actor, command, code) => {
    const state = name.includes('before the setup') ? seated() : started();
    expect(refusal(state, command as Adjust, actor).code).toBe(code);
  });

  test.each([
    ['COT-MOD-11 party counters are set and announced to all', { party: { food: 2, money: 40, ropes: false } }, (s: ReturnType<typeof started>) => [s.party.food, s.party.money, s.party.ropes], [2, 40, false]],
    ['COT-DIE-11 LTF in thirds is set and public', { character: { id: 'ch2', ltfThirds: 7 } }, (s: ReturnType<typeof started>) => [character(s, 'ch2').ltfThirds], [7]],
    ['COT-MOD-12 sheet values are set', { character: { id: 'ch1', call: 20, mp: 4 } }, (s: ReturnType<typeof started>) => [character(s, 'ch1').call, character(s, 'ch1').mp], [20, 4]],
  ] as const)('%s', (_name, edit, read, expected) => {
    const out = run(started(), { type: 'cot.gm.adjust', ...edit } as Adjust);
    expect(read(out.state)).toEqual(expected);
    expect(out.events.length).toBeGreaterThan(0);
  });

  test('COT-HID-01 with private sheets a sheet edit tells its values to the owner and the GM only', () => {
    const out = run(started({ options: { sheetsPublic: false } }), { type: 'cot.gm.adjust', character: { id: 'ch1', call: 23 } });
    const [event] = out.events;
    expect(viewEvent(event!, P1)).toMatchObject({ params: { character: 'ch1', call: 23 } });
    expect(viewEvent(event!, GM)).toMatchObject({ params: { call: 23 } });
    for (const other of [P2, SPECTATOR]) expect(viewEvent(event!, other)).toEqual({ type: 'cot.note', key: 'gm.sheet', params: { character: 'ch1' } });
    expect(view(out.state, P2).characters.find((c) => c.id === 'ch1')).not.toHaveProperty('sheet');
  });
});
