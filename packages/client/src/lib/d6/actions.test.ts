import { describe, expect, test } from 'vitest';
import type { D6View, Viewer } from '@veiltable/protocol';
import {
  adjacentZones, buildable, canSpend, hasUses, initiativeSide, ownActive, previewBuild, RACE_SPLITS, telepathyRecipients,
} from './actions.ts';
import type { D6Character } from './model.ts';

const rin: D6Character = { id: 'ch1', name: 'Rin', controller: 'pc', owner: 's1', side: 'party', zone: 'z1', skills: { telepathy: { uses: null }, encyclopedia: { uses: 0 } } };
const sol: D6Character = { id: 'ch2', name: 'Sol', controller: 'pc', owner: 's2', side: 'party', zone: 'z2', skills: { encyclopedia: { uses: 2 } } };
const ogre: D6Character = { id: 'ch3', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1' };
const fallen: D6Character = { id: 'ch4', name: 'Kai', controller: 'pc', owner: 's1', side: 'party', zone: 'z1', down: true };

const initiative = { party: null, enemies: null, first: null, tie: false };
function view(over: Partial<D6View> = {}): D6View {
  const zones = [
    { id: 'z1', name: 'Hall', adjacent: ['z2'] },
    { id: 'z2', name: 'Stair', adjacent: ['z1', 'z3'] },
    { id: 'z3', name: 'Vault', adjacent: ['z2'] },
  ];
  return { characters: [rin, sol, ogre, fallen], zones, mode: 'combat', initiative, ...over } as unknown as D6View;
}
const s1: Viewer = { role: 'player', seat: 's1' };
const gm: Viewer = { role: 'gm' };

describe('skill uses (D6-SKL-ENCYCLO-01)', () => {
  test.each([
    ['a skill with no consumable part may always be used', rin, 'telepathy', true],
    ['no uses left', rin, 'encyclopedia', false],
    ['uses left', sol, 'encyclopedia', true],
    ['a skill the character lacks', ogre, 'encyclopedia', false],
  ] as const)('%s', (_name, c, skill, expected) => {
    expect(canSpend(c, skill)).toBe(expected);
  });
  test.each([
    ['a skill with no consumable part cannot be consumed outright', rin, 'telepathy', false],
    ['no uses left', rin, 'encyclopedia', false],
    ['uses left', sol, 'encyclopedia', true],
  ] as const)('consumed outright: %s', (_name, c, skill, expected) => {
    expect(hasUses(c, skill)).toBe(expected);
  });
});

describe('who a viewer acts for', () => {
  test('a player acts for its own standing PCs only', () => {
    expect(ownActive(view(), s1).map((c) => c.id)).toEqual(['ch1']);
  });
  test('the GM acts for every standing character', () => {
    expect(ownActive(view(), gm).map((c) => c.id)).toEqual(['ch1', 'ch2', 'ch3']);
  });
});

describe('D6-SKL-TELEPATHY-01 念話 recipients', () => {
  test('allies on the same side, never the sender or an opponent', () => {
    expect(telepathyRecipients(view(), 'ch1').map((c) => c.id)).toEqual(['ch2', 'ch4']);
    expect(telepathyRecipients(view(), 'ch3')).toEqual([]);
  });
});

describe('D6-ZONE-08 adjacent zones', () => {
  test.each([
    ['from the hall only the stair', rin, ['z2']],
    ['from the stair both neighbours', sol, ['z1', 'z3']],
  ] as const)('%s', (_name, c, expected) => {
    expect(adjacentZones(view(), c).map((z) => z.id)).toEqual(expected);
  });
});

describe('D6-INIT-01 initiative', () => {
  test.each([
    ['a party member in combat before anyone rolled', view(), rin, 'party'],
    ['an enemy for its own side', view(), ogre, 'enemies'],
    ['not outside combat', view({ mode: 'travel' }), rin, null],
    ['not once the side has rolled', view({ initiative: { ...initiative, party: { character: 'ch2', die: 4, total: 4 } } }), rin, null],
    ['not once the first side is decided', view({ initiative: { ...initiative, first: 'enemies' } }), ogre, null],
  ] as const)('%s', (_name, v, c, expected) => {
    expect(initiativeSide(v, c)).toBe(expected);
  });
});

const built = { occupation: '闘士', race: 'ドワーフ', free: 'SPI' } as const;

describe('D6-BASE-05 character.build', () => {
  test('闘士 + ドワーフ + 1 on 精神 totals 9', () => {
    expect(previewBuild('闘士', 'ドワーフ', 'SPI')).toEqual({ base: { VAL: 6, AGI: 1, SPI: 2 }, total: 9 });
  });
  test('an unlisted occupation has no preview', () => {
    expect(previewBuild('constructor', 'エルフ', 'VAL')).toBeNull();
  });
  test.each([
    ['its player builds an unbuilt PC', s1, { ...rin, build: null }, true],
    ['its player may not rebuild', s1, { ...rin, build: built }, false],
    ['the GM may rebuild', gm, { ...rin, build: built }, true],
    ['another seat’s PC', s1, sol, false],
    ['never an enemy', gm, ogre, false],
  ] as const)('%s', (_name, viewer, c, expected) => {
    expect(buildable(viewer, c)).toBe(expected);
  });
});

describe('D6-BASE-05 race bonus splits', () => {
  test('every offered split totals +2 and each is distinct', () => {
    expect(RACE_SPLITS.every((r) => r.VAL + r.AGI + r.SPI === 2)).toBe(true);
    expect(new Set(RACE_SPLITS.map((r) => `${r.VAL}${r.AGI}${r.SPI}`)).size).toBe(RACE_SPLITS.length);
  });
  test('an unlisted race with a chosen split previews the same total', () => {
    expect(previewBuild('盗賊', { VAL: 1, AGI: 0, SPI: 1 }, 'AGI')).toEqual({ base: { VAL: 2, AGI: 5, SPI: 2 }, total: 9 });
  });
});
