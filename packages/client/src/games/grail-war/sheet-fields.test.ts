import { describe, expect, test } from 'vitest';
import { blankMaster, blankServant } from './gm/blank-sheets.ts';
import { BONUS_KINDS, CONSUMABLE_IDS, ITEM_IDS, LINEAGES, MASTER_GRADES, newNoblePhantasm, NP_MODES, NP_TYPES, SERVANT_GRADES, sheetProblems, SPECIALIZATIONS } from './sheet-fields.ts';
import { gwBonusKind, gwConsumableId, gwGrade, gwItemId, gwMasterSheet, gwNoblePhantasm, gwServantGrade, gwServantSheet, gwSheet } from '@veiltable/protocol/games/grail-war';

const named = () => ({ ...blankServant(), alias: 'Saber', trueName: 'Arturia' });

describe('the sheet form offers only what the protocol takes', () => {
  test('GW-CORE-02/03 every grade offered parses; a master is offered no EX', () => {
    expect(SERVANT_GRADES.every((g) => gwServantGrade.safeParse(g).success)).toBe(true);
    expect(MASTER_GRADES.every((g) => gwGrade.safeParse(g).success)).toBe(true);
    expect(SERVANT_GRADES).toContain('EX+++');
    expect(MASTER_GRADES.some((g) => g.startsWith('EX'))).toBe(false);
    expect([SERVANT_GRADES.length, MASTER_GRADES.length]).toEqual([24, 20]);
  });

  test('a new 보구 gets the first free id of np1, np2, …, never one already on the sheet', () => {
    expect(newNoblePhantasm([]).id).toBe('np1');
    const one = newNoblePhantasm([]);
    expect(newNoblePhantasm([one]).id).toBe('np2');
    // The search starts at the count plus one: with np1 removed and np2 kept, np2 is taken, so np3.
    expect(newNoblePhantasm([{ ...one, id: 'np2' }]).id).toBe('np3');
    expect(newNoblePhantasm([{ ...one, id: 'np2' }, { ...one, id: 'np5' }]).id).toBe('np3');
  });

  test('every list the form offers is the protocol list, in its order (the page carries no zod)', () => {
    expect([ITEM_IDS, CONSUMABLE_IDS, NP_TYPES, NP_MODES, BONUS_KINDS, LINEAGES, SPECIALIZATIONS]).toEqual([
      gwItemId.options, gwConsumableId.options, gwNoblePhantasm.shape.npType.options, gwNoblePhantasm.shape.mode.options,
      gwBonusKind.options, gwServantSheet.shape.lineage.unwrap().options, gwMasterSheet.shape.specializations.element.options,
    ]);
  });

  test('a sheet the form finds no problem in is one the protocol takes', () => {
    for (const sheet of [named(), { ...blankMaster(), name: 'Rin' }]) expect([sheetProblems(sheet), gwSheet.safeParse(sheet).success]).toEqual([[], true]);
  });

  test.each([
    ['a blank servant asks for its names first', () => blankServant(), ['alias', 'trueName']],
    ['named, the blank servant is valid', () => named(), []],
    ['a blank HP is named', () => ({ ...named(), hp: { current: null as unknown as number, max: 60 } }), ['hp']],
    ['a master with XP out of range, and no name yet', () => ({ ...blankMaster(), xp: 100000 }), ['name', 'xp']],
    ['an unnamed 보구 names the list', () => ({ ...named(), noblePhantasms: [newNoblePhantasm([])] }), ['noblePhantasms']],
  ] as const)('%s', (_name, sheet, problems) => {
    expect(sheetProblems(sheet())).toEqual(problems);
  });
});
