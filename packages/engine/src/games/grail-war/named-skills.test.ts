import { expect, test } from 'vitest';
import { gwServantSheet } from '@veiltable/protocol/games/grail-war';
import { cancelledUpkeep, independentActionGrade } from './contract.ts';
import { LINEAGES, NAMED_SKILLS, holdsSkill, validateServantSheet } from './sheets.ts';
import { room, servant } from './test-support.ts';

test('GW-CORE-05 "Skill and trait names the rules refer to": 괴력, 단독 행동, 대마력, 천리안, 진지, 용살, 대신, and the lineages 수호자, 용종, 신성', () => {
  expect(NAMED_SKILLS).toEqual(['monstrousStrength', 'independentAction', 'magicResistance', 'clairvoyance', 'territory', 'dragonSlaying', 'antiDivine']);
  expect(LINEAGES).toEqual(['guardian', 'dragon', 'divine']);
});

test.each<[string, Parameters<typeof servant>[0], boolean]>([
  ['GW-CORE-05 용살 held without a grade', { namedSkills: { dragonSlaying: null } }, true],
  ['GW-CORE-05 a sheet without named skills holds none', {}, false],
])('%s', (_, over, holds) => {
  const sheet = servant(over);
  expect(gwServantSheet.safeParse(sheet).success).toBe(true);
  expect(validateServantSheet(sheet).ok).toBe(true);
  expect(holdsSkill(sheet, 'dragonSlaying')).toBe(holds);
});

test('GW-CORE-05 "Independent Action 단독 행동 (graded)": the grade CONTRACT-02 reads, "+" marks adding nothing', () => {
  const s = room({ a: { seat: 's1', sheet: servant() } });
  expect(independentActionGrade(s, servant({ namedSkills: { independentAction: 'B+' } }))).toBe(4);
  expect(cancelledUpkeep(s, servant({ namedSkills: { independentAction: 'B+' } }))).toBe(10 + 100 - 80);
  expect(gwServantSheet.safeParse(servant({ namedSkills: { clairvoyance: 'F' } })).success).toBe(false);
});
