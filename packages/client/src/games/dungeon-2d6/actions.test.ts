import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { D6Equipment, D6View } from '@veiltable/protocol/games/dungeon-2d6';
import {
  adjacentZones, buildable, canSpend, canWield, hasUses, initiativeSide, narrativeSkills, ownActive, passengerChoices,
  passengerLimit, previewBuild, RACE_SPLITS, spiritSeers, stealTargets, survivalChecks, survivalPartners, telepathyRecipients,
  teleportZones, unlitPcs,
} from './actions.ts';
import type { D6Character, D6Check } from './model.ts';

const rin: D6Character = { id: 'ch1', name: 'Rin', controller: 'pc', owner: 's1', side: 'party', zone: 'z1', skills: { telepathy: { uses: null }, encyclopedia: { uses: 0 } } };
const sol: D6Character = { id: 'ch2', name: 'Sol', controller: 'pc', owner: 's2', side: 'party', zone: 'z2', skills: { encyclopedia: { uses: 2 } } };
const ogre: D6Character = { id: 'ch3', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1' };
const fallen: D6Character = { id: 'ch4', name: 'Kai', controller: 'pc', owner: 's1', side: 'party', zone: 'z1', down: true };

const initiative = { party: null, enemies: null, first: null, tie: false };
function view(over: Partial<Omit<D6View, 'characters' | 'checks'>> & { characters?: D6Character[]; checks?: D6Check[] } = {}): D6View {
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

describe('D6-BASE-05 a custom occupation', () => {
  test('entered occupation values build like a listed one', () => {
    expect(previewBuild({ VAL: 2, AGI: 2, SPI: 2 }, 'エルフ', 'AGI')).toEqual({ base: { VAL: 2, AGI: 3, SPI: 4 }, total: 9 });
  });
  test('values that do not lead to 9 show their total', () => {
    expect(previewBuild({ VAL: 4, AGI: 4, SPI: 4 }, 'エルフ', 'AGI')?.total).toBe(15);
  });
});

const sword: D6Equipment = { id: 'i1', name: 'Sword', kind: 'weapon', wielded: true, mods: [] };
const dagger: D6Equipment = { id: 'i2', name: 'Dagger', kind: 'weapon', wielded: false, mods: [] };
const cloak: D6Equipment = { id: 'i3', name: 'Cloak', kind: 'armour', wielded: true, mods: [] };
const torch: D6Equipment = { id: 'i4', name: 'Torch', kind: 'light', wielded: false, mods: [] };

describe('D6-SKL-TELEPORT 転移魔法 choices', () => {
  const mage: D6Character = {
    ...rin, base: { VAL: 1, AGI: 2, SPI: 4 },
    equipment: [{ id: 'i9', name: 'Staff', kind: 'weapon', wielded: true, mods: [{ ability: 'SPI', value: 2 }] }],
    modifiers: [
      { layer: 'effect', ability: 'SPI', value: 4, stackKey: 'enchant', stacking: 'stack' },
      { layer: 'effect', ability: 'SPI', value: 4, stackKey: 'enchant', stacking: 'stack' },
      { layer: 'check', value: 4, stackKey: 'manaShield', stacking: 'one' },
    ],
  };
  test('D6-TV-16 N is the base 精神 plus stacked 魔力付与; equipment and check modifiers do not count', () => {
    expect(passengerLimit(mage)).toBe(12);
  });
  test('N is unknown where the viewer does not see the abilities', () => {
    expect(passengerLimit(ogre)).toBeNull();
  });
  test('D6-SKL-TELEPORT-04 passengers stand in the user’s zone and are not opponents', () => {
    expect(passengerChoices(view(), rin).map((c) => c.id)).toEqual(['ch4']);
    expect(passengerChoices(view(), ogre).map((c) => c.id)).toEqual([]);
  });
  test('every other zone is in reach without a 結界', () => {
    expect(teleportZones(view({ barriers: [] }), rin).map((z) => z.id)).toEqual(['z2', 'z3']);
  });
  test('D6-TV-14 never into a 結界, and nowhere from inside one', () => {
    const barrier = (zone: string) => ({ id: 'b1', zone, caster: 'ch9', hp: 10, ability: 3 });
    expect(teleportZones(view({ barriers: [barrier('z3')] }), rin).map((z) => z.id)).toEqual(['z2']);
    expect(teleportZones(view({ barriers: [barrier('z1')] }), rin)).toEqual([]);
  });
});

describe('D6-SKL-STEAL-01 盗み targets', () => {
  test('only a weapon in use that the viewer sees; armour and carried weapons never', () => {
    const armed = { ...ogre, equipment: [sword, dagger, cloak] };
    const v = view({ characters: [rin, sol, armed, fallen] });
    expect(stealTargets(v, rin).map((t) => [t.target.id, t.weapons.map((w) => w.id)])).toEqual([['ch3', ['i1']]]);
    expect(stealTargets(v, armed)).toEqual([]);
  });
});

describe('D6-SKL-DUAL-01 taking a weapon in hand', () => {
  test.each([
    ['a first weapon', { ...rin, equipment: [{ ...sword, wielded: false }] }, { ...sword, wielded: false }, true],
    ['a second weapon without 二刀流', { ...rin, equipment: [sword, dagger] }, dagger, false],
    ['a second weapon with 二刀流', { ...rin, skills: { dualWield: { uses: null } }, equipment: [sword, dagger] }, dagger, true],
    ['putting a weapon away', { ...rin, equipment: [sword, dagger] }, sword, true],
    ['armour beside a weapon', { ...rin, equipment: [sword, { ...cloak, wielded: false }] }, { ...cloak, wielded: false }, true],
  ] as [string, D6Character, D6Equipment, boolean][])('%s', (_name, c, item, expected) => {
    expect(canWield(c, item)).toBe(expected);
  });
});

describe('GM-side choices', () => {
  const check = (over: Partial<D6Check>): D6Check => ({ id: 'k1', character: 'ch1', kind: 'outdoor', window: null, opposed: null, attack: null, ...over });
  test('D6-SKL-SURVIVAL-01 only successes of a サバイバル holder, shared with the other PCs', () => {
    const scout = { ...rin, skills: { survival: { uses: null } } };
    const v = view({
      characters: [scout, sol, ogre, fallen],
      checks: [check({ id: 'k1', outcome: 'success' }), check({ id: 'k2', outcome: 'failure' }), check({ id: 'k3', character: 'ch2', outcome: 'success' })],
    });
    expect(survivalChecks(v).map((k) => k.id)).toEqual(['k1']);
    expect(survivalPartners(v, survivalChecks(v)[0]!).map((c) => c.id)).toEqual(['ch2', 'ch4']);
  });
  test('D6-HID-05 a spirit note reaches players whose characters have 霊的視力 on', () => {
    const seer = { ...sol, flags: { spiritSight: true } };
    expect(spiritSeers(view({ characters: [rin, seer, { ...ogre, flags: { spiritSight: true } }] })).map((c) => c.id)).toEqual(['ch2']);
  });
  test('D6-LITE-02 a PC without magic or a light source holds the session back', () => {
    const lit = { ...sol, equipment: [torch] };
    const mage = { ...fallen, magicCapable: true };
    expect(unlitPcs(view({ characters: [rin, lit, ogre, mage] })).map((c) => c.id)).toEqual(['ch1']);
  });
  test('narrative skills are offered while a use is left', () => {
    const fighter = { ...rin, skills: { specialMove: { uses: 1 }, charge: { uses: 0 }, shoot: { uses: null }, fukutsu: { uses: 1 } } };
    expect(narrativeSkills(fighter)).toEqual(['specialMove', 'shoot']);
  });
});
