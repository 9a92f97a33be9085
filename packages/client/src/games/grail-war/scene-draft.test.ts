import { describe, expect, test } from 'vitest';
import { actionsFor, draftDecl } from './scene-draft.ts';

describe('scene declaration form (GW-FLOW-05)', () => {
  test.each<[string, 'master' | 'servant', 'short' | 'long', boolean, string[]]>([
    ['a master\'s halves: its own actions and everyone\'s, not 계약 해지 (the whole scene)', 'master', 'short', false, ['recon', 'sweep', 'rest', 'labor', 'study', 'createBase', 'buyCraft', 'automaton', 'special']],
    ['a servant\'s long action: 탐색, 식인 and 계약 해지, not 거점 생성 (a short action)', 'servant', 'long', false, ['search', 'rest', 'cannibalism', 'contract', 'buyCraft', 'special']],
    ['GW-MASTER-01 (a) "may do nothing but Rest"', 'master', 'short', true, ['rest']],
  ])('%s', (_, kind, length, restOnly, expected) => {
    expect(actionsFor(kind, length, restOnly)).toEqual(expected);
  });

  test('a half left on an action the chosen length lacks falls back to the first allowed', () => {
    const allowed = actionsFor('master', 'long', false);
    expect(draftDecl('p1', 'long', 'createBase', 'rest', allowed)).toEqual({ place: 'p1', plan: { length: 'long', action: 'recon' } });
    expect(draftDecl('p2', 'short', 'recon', 'study', actionsFor('master', 'short', false))).toEqual({ place: 'p2', plan: { length: 'short', first: 'recon', second: 'study' } });
  });
});
