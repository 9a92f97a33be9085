import { describe, expect, test } from 'vitest';
import type { GwView } from '@veiltable/protocol/games/grail-war';
import { distances, regionRows } from './region-rows.ts';

const view = {
  characters: [{ id: 'c1', name: 'Saber' }, { id: 'c2', name: 'Rin' }],
  campaign: { places: [{ id: 'p1', name: '번화가' }, { id: 'p2', name: '학교' }, { id: 'p3', name: '대교' }, { id: 'p4', name: '교회' }] },
  map: { links: [['p1', 'p2'], ['p2', 'p3']], closed: ['p3'], known: {}, at: { c1: 'p2' }, bases: [{ master: 'c2', region: 'p1' }] },
} as unknown as GwView;

describe('the region map list (GW-CORE-08)', () => {
  test('GW-CORE-08 distance in 칸 along the links; an unlinked region is unreachable', () => {
    const d = distances(view.map.links, 'p1');
    expect([d.get('p1'), d.get('p2'), d.get('p3'), d.get('p4')]).toEqual([0, 1, 2, undefined]);
  });

  test('rows name neighbours, who stands there and whose base, by name', () => {
    const rows = regionRows(view, 'p3');
    expect(rows.map((r) => [r.name, r.neighbours, r.distance, r.closed, r.here, r.bases])).toEqual([
      ['번화가', ['학교'], 2, false, [], ['Rin']],
      ['학교', ['번화가', '대교'], 1, false, ['Saber'], []],
      ['대교', ['학교'], 0, true, [], []],
      ['교회', [], null, false, [], []],
    ]);
  });
});
