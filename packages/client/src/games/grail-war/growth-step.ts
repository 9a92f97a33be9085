import { masterExtras, stepCost } from '@veiltable/engine/games/grail-war';
import type { GwView } from '@veiltable/protocol/games/grail-war';

type Sheet = NonNullable<GwView['characters'][number]['sheet']>;
export type MasterStat = 'combat' | 'magic' | 'conviction' | 'fate';
export const MASTER_STATS: readonly MasterStat[] = ['combat', 'magic', 'conviction', 'fate'];

/** The next grade-up as the owner sees it (GW-XP-10/11): its cost, what it brings, and why it cannot be bought now. */
export type GrowthStep = {
  grade: number;
  cost: number;
  strategyPoint: boolean;
  /** The master names a stat to raise (grades 6, 11, 16 …). */
  stat: boolean;
  /** The stats it may specialize now (grades 11, 21 …); empty when none is due. */
  specializable: MasterStat[];
  problem: 'xp' | 'battle' | null;
};

/** The step from the sheet's grade to the next one; `fighting` when the character is in a running battle. */
export function growthStep(sheet: Sheet, fighting: boolean): GrowthStep {
  const grade = sheet.grade + 1;
  const cost = stepCost(sheet.kind, sheet.grade);
  const extras = sheet.kind === 'master' ? masterExtras(grade) : { strategyPoint: false, stat: false, specialization: false };
  const specializable = sheet.kind === 'master' && extras.specialization ? MASTER_STATS.filter((s) => !sheet.specializations.includes(s)) : [];
  return { grade, cost, strategyPoint: extras.strategyPoint, stat: extras.stat, specializable, problem: fighting ? 'battle' : sheet.xp < cost ? 'xp' : null };
}
