import type { GwMasterStat } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter } from './context.ts';
import { emit } from './events.ts';
import { raiseRank, rankPlus } from './grades.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet, Sheet } from './sheets.ts';

/** Sheets cap the character grade here (protocol sheets.ts). */
const GRADE_CAP = 999;

/** XP the step from `grade` to `grade + 1` costs: master 5 → 7 → 9 …, servant 10 → 15 → 20 … (GW-XP-10/11). */
export function stepCost(kind: Sheet['kind'], grade: number): number {
  return kind === 'master' ? 5 + 2 * (grade - 1) : 10 + 5 * (grade - 1);
}

/** XP spent in all from grade 1 to `grade`: master (g−1)(g+3), servant 10(g−1) + 5(g−1)(g−2)/2 (§3.2). */
export function cumulativeXp(kind: Sheet['kind'], grade: number): number {
  const g = grade;
  return kind === 'master' ? (g - 1) * (g + 3) : 10 * (g - 1) + (5 * (g - 1) * (g - 2)) / 2;
}

/** What reaching `grade` gives a master besides +5 HP or MP (GW-XP-10): a strategy point, a stat, a specialization. */
export function masterExtras(grade: number): { strategyPoint: boolean; stat: boolean; specialization: boolean } {
  return {
    strategyPoint: grade >= 3 && grade % 2 === 1,
    // "5등급 오를 때마다 … (6등급, 11등급, 16등급 ...)": every 5 grades gained from grade 1.
    stat: grade > 1 && (grade - 1) % 5 === 0,
    // "10등급 오를 때마다": every 10 grades gained, so 11, 21 … (INFERRED from the 5-grade example).
    specialization: grade > 1 && (grade - 1) % 10 === 0,
  };
}

/** A servant's 강화 opens at grade 5 (GW-XP-11; the enhancement rule itself is missing, D1). */
export const enhancementUnlocked = (sheet: Sheet): boolean => sheet.kind === 'servant' && sheet.grade >= 5;

/**
 * What specializing a stat adds to the sheet (GW-SPEC-01..05): +10 max HP (전투력), +10 max MP (마력), max 신념 +1
 * under 000 and +2 under 001, max 명운 +1. The stat's own +1 is read from `specializations` where it counts (pool.ts).
 * The current value rises with its maximum (INFERRED).
 */
export function specialize(m: MasterSheet, stat: GwMasterStat, rule: GrailWarOptions['convictionRule']): void {
  m.specializations.push(stat);
  if (stat === 'combat') raiseMax(m.hp, 10);
  else if (stat === 'magic') raiseMax(m.mp, 10);
  else if (stat === 'conviction') raiseMax(m.conviction, rule === '000' ? 1 : 2);
  else raiseMax(m.fate, 1);
}

const raiseMax = (meter: { current: number; max: number }, n: number): void => {
  meter.max += n;
  meter.current += n;
};

/**
 * Player: one grade-up bought with XP (GW-XP-10/11), outside a battle the character is in. +5 max HP or MP; a master
 * also gets what its new grade brings (masterExtras), and must name the stat or specialization it is due, no other.
 */
export function xpSpend(ctx: Ctx, c: Cmd<'xp.spend'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const ch = me.value;
  const sheet = ch.sheet;
  const battle = ctx.state.battle;
  if (battle && battle.phase !== 'ended' && battle.participants.some((p) => p.id === ch.id)) return err('IN_BATTLE', 'GW-XP-10');
  if (sheet.grade >= GRADE_CAP) return err('MAX_GRADE', sheet.kind === 'master' ? 'GW-XP-10' : 'GW-XP-11');
  const cost = stepCost(sheet.kind, sheet.grade);
  if (sheet.xp < cost) return err('NOT_ENOUGH_XP', sheet.kind === 'master' ? 'GW-XP-10' : 'GW-XP-11', `${cost}`);
  const next = sheet.grade + 1;
  if (sheet.kind === 'servant') {
    if (c.stat !== undefined || c.specialize !== undefined) return err('WRONG_KIND', 'GW-XP-11');
  } else {
    const due = masterExtras(next);
    if (due.stat !== (c.stat !== undefined)) return err(due.stat ? 'STAT_NEEDED' : 'NO_STAT_DUE', 'GW-XP-10');
    if (c.stat !== undefined && rankPlus(sheet.stats[c.stat]) >= 3 && sheet.stats[c.stat]!.startsWith('A')) return err('MAX_GRADE', 'GW-XP-10', c.stat);
    const canSpecialize = due.specialization && sheet.specializations.length < 4;
    if (canSpecialize !== (c.specialize !== undefined)) return err(canSpecialize ? 'SPECIALIZATION_NEEDED' : 'NO_SPECIALIZATION_DUE', 'GW-XP-10');
    if (c.specialize !== undefined && sheet.specializations.includes(c.specialize)) return err('ALREADY_SPECIALIZED', 'GW-SPEC-01', c.specialize);
  }
  sheet.xp -= cost;
  sheet.grade = next;
  raiseMax(c.raise === 'hp' ? sheet.hp : sheet.mp, 5);
  let strategyPoint = false;
  if (sheet.kind === 'master') {
    strategyPoint = masterExtras(next).strategyPoint;
    if (strategyPoint) sheet.strategyPoints = (sheet.strategyPoints ?? 0) + 1;
    if (c.stat !== undefined) sheet.stats[c.stat] = raiseRank(sheet.stats[c.stat], 1);
    if (c.specialize !== undefined) specialize(sheet, c.specialize, ctx.state.options.convictionRule);
  }
  emit(ctx, {
    type: 'xp.spent',
    character: ch.id,
    grade: next,
    cost,
    raise: c.raise,
    stat: c.stat ?? null,
    specialization: c.specialize ?? null,
    strategyPoint,
  });
  return done;
}
