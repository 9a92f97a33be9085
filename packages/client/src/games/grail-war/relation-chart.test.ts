import { describe, expect, test } from 'vitest';
import type { GwView } from '@veiltable/protocol/games/grail-war';
import { chartOf, draftScore, signed } from './relation-chart.ts';

const view = {
  characters: [
    { id: 'a', name: 'Saber' },
    { id: 'b', name: 'Lancer' },
    { id: 'c', name: 'Rider' },
    { id: 'ma', name: 'Master A' },
  ],
  relations: [
    { holder: 'a', other: 'ma', score: 0 },
    { holder: 'a', other: 'b', score: -2 },
  ],
  chart: { proposals: [{ from: 'c', to: 'a' }], newThisScene: {}, scores: [{ holder: 'a', plus: 'ma', minus: 'b' }] },
} as unknown as GwView;

describe('the relationship chart as a character sees it (GW-REL, HIDE-F15)', () => {
  test('GW-REL-01 its entries by name, offers to it, and whom it may still offer to', () => {
    const c = chartOf(view, 'a');
    expect(c.entries).toEqual([{ id: 'ma', name: 'Master A', score: 0 }, { id: 'b', name: 'Lancer', score: -2 }]);
    expect(c.incoming).toEqual([{ id: 'c', name: 'Rider' }]);
    expect(c.candidates.map((x) => x.name)).toEqual(['Rider']);
    expect(c.sealed).toEqual({ holder: 'a', plus: 'ma', minus: 'b' });
  });

  test.each([
    ['GW-REL-03 one +1 and one −1', 'b', 'ma', { plus: 'b', minus: 'ma' }],
    ['GW-REL-03 (INFERRED) not both to the same entry: the −1 is dropped', 'b', 'b', { plus: 'b', minus: null }],
    ['GW-REL-03 skipping is allowed', '', '', { plus: null, minus: null }],
  ])('%s', (_rule, plus, minus, expected) => expect(draftScore(plus, minus)).toEqual(expected));

  test('GW-REL-02 scores print signed', () => expect([3, 0, -2].map(signed)).toEqual(['+3', '0', '−2']));
});
