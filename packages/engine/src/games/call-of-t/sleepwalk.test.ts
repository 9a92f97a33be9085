import { describe, expect, test } from 'vitest';
import type { CotState } from './state.ts';
import { GM, P1, P2, SPECTATOR, body, decision, isPublic, refusal, run, sleepwalkStep } from './test-support.ts';
import { view } from './view.ts';

describe('sleepwalking waits for the GM (COT-TIM-03, §10 "GM confirms")', () => {
  test('COT-TIM-03 TV-14 the engine stops with the derived step: the GM sees direction and square, players who walks', () => {
    const s = sleepwalkStep(12).state;
    expect(s.phase).toEqual({ kind: 'time', step: { kind: 'sleepwalk', headings: [{ character: 'ch1', level: 'special', direction: 'up', to: 'C4' }] } });
    expect(view(s, GM).phase).toEqual({
      kind: 'time',
      step: 'sleepwalk',
      detail: { sleepwalkers: [{ character: 'ch1', level: 'special', direction: 'up', to: 'C4' }] },
    });
    for (const v of [P1, P2, SPECTATOR]) {
      expect(view(s, v).phase.detail).toEqual({ sleepwalkers: [{ character: 'ch1', level: 'special' }] });
    }
  });

  test('COT-HID-07 the derived square is told to nobody before the GM confirms, and to everyone after', () => {
    const sleepwalkNotes = (events: ReturnType<typeof sleepwalkStep>['events']) =>
      events.map(body).flatMap((e) => (e.type === 'cot.note' && e.key === 'sleepwalk' ? [e.params] : []));
    const step = sleepwalkStep(12);
    expect(sleepwalkNotes(step.events)).toEqual([]);
    expect(step.events.map(body).some((e) => e.type === 'cot.check' && e.purpose === 'sleepwalk')).toBe(true);
    const confirmed = run(step.state, { type: 'cot.sleepwalk.confirm' });
    expect(sleepwalkNotes(confirmed.events)).toEqual([{ character: 'ch1', to: 'C4' }]);
    expect(confirmed.events.every(isPublic)).toBe(true);
  });

  test('COT-TIM-03 confirmed as derived: the square is public and forces the move (COT-TIM-05)', () => {
    const s = run(sleepwalkStep(12).state, { type: 'cot.sleepwalk.confirm' }).state;
    expect(decision(s).sleepwalkers).toEqual([{ character: 'ch1', level: 'special', to: 'C4', restrainedBy: null }]);
    expect(view(s, P2).phase.detail.sleepwalkers).toEqual([{ character: 'ch1', level: 'special', to: 'C4', restrainedBy: null }]);
    expect(refusal(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, P1).code).toBe('FORCED_MOVE');
  });

  test.each([
    ['COT-TIM-03 the GM turns the sleepwalker left', 'left', 'B5'],
    ['COT-TIM-03 the GM rules no step at all', null, null],
  ] as const)('%s', (_name, direction, to) => {
    const s = run(sleepwalkStep(12).state, { type: 'cot.sleepwalk.confirm', moves: [{ character: 'ch1', direction }] }).state;
    expect(decision(s).sleepwalkers).toEqual([{ character: 'ch1', level: 'special', to, restrainedBy: null }]);
  });

  test.each([
    ['COT-MOD-03 a step off the board is refused', { moves: [{ character: 'ch1', direction: 'down' as const }] }, GM, 'OFF_BOARD'],
    ['COT-TIM-03 only a sleepwalker can be turned', { moves: [{ character: 'ch2', direction: 'up' as const }] }, GM, 'NOT_SLEEPWALKING'],
    ['COT-TIM-03 each sleepwalker once', { moves: [{ character: 'ch1', direction: 'up' as const }, { character: 'ch1', direction: 'left' as const }] }, GM, 'DUPLICATE'],
    ['COT-TIM-03 only the GM confirms', {}, P1, 'NOT_GM'],
  ])('%s', (_name, body, actor, code) => {
    expect(refusal(sleepwalkStep(12).state, { type: 'cot.sleepwalk.confirm', ...body }, actor).code).toBe(code);
  });

  test('COT-TIM-03 without a sleepwalker there is no GM step: the party decides at once', () => {
    const s = sleepwalkStep(90).state;
    expect(s.phase).toMatchObject({ kind: 'time', step: { kind: 'decision', sleepwalkers: [] } });
  });
});
