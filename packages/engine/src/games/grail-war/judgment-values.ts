import type { Judgment } from './commands.ts';
import type { DamageForm } from './damage.ts';
import { letterValue, rankPlus, rankValue, raiseRank } from './grades.ts';
import type { PairingPlay } from './matchup.ts';
import { STAT_OF } from './plan-check.ts';
import { combatValue, magecraftGrade, magicValue } from './pool.ts';
import type { Battle, Character, GrailWarState, Participant } from './state.ts';
import { characterOf, globalSlot } from './state.ts';

/** A judgment as resolution sees it in one slot: its match kind, form, base, grade and whether + is on. */
export type Resolved = {
  judgment: Judgment;
  match: PairingPlay['match'];
  form: DamageForm;
  base: number;
  baseSource: string;
  grade: number;
  plus: boolean;
  /** SEAL-07 000 with + already active: +5 instead (DMG-01 step 3). */
  forcedPlusFive: boolean;
};

/** Where a 비전 마술 slot sits in its run of three: 0, 1 or 2 (BATTLE-16: it resolves in the last). */
export function arcanePosition(battle: Battle, id: string, slot: number): number {
  const plan = battle.plans[id]!;
  let pos = 0;
  for (let s = slot - 1; s >= 1; s--) {
    const prev = plan.slots[s - 1]!;
    if (prev.type === 'play' && Object.values(prev.vs).some((j) => j.card === 'arcane')) pos++;
    else break;
  }
  return pos;
}

/** The stat text behind a servant card, with Mystic Code grade raises (DMG-01 step 1; ITEM-B3). */
function servantStat(c: Character, stat: 'str' | 'end' | 'agi' | 'luk' | 'mag', items: string[]): string {
  if (c.sheet.kind !== 'servant') throw new Error('not a servant');
  const text = c.sheet.stats[stat];
  return stat === 'mag' && items.includes('magusCloak') ? raiseRank(text, 1) : text;
}

export function itemsOf(state: GrailWarState, c: Character): string[] {
  const partner = c.partner ? characterOf(state, c.partner) : undefined;
  return [...c.sheet.items, ...(partner?.sheet.items ?? [])];
}

/** Resolves one judgment of participant p against opponent q in a slot (GW-BATTLE-04, DMG-01 step 1–2). */
export function resolveJudgment(state: GrailWarState, battle: Battle, p: Participant, j: Judgment, q: string, slot: number): Resolved {
  const o = state.options;
  const c = characterOf(state, p.id)!;
  const g = globalSlot(battle.batch, slot);
  const items = itemsOf(state, c);
  const forced000 = o.sealRules === '000' && p.forcedPairs.some((f) => f.slot === g && f.opponent === q);
  const forced001 = o.sealRules === '001' && p.forcedSlots.includes(g);
  const ambush = p.ambushBatches.includes(battle.batch);
  const out: Resolved = { judgment: j, match: 'wait', form: 'normal', base: 0, baseSource: 'wait', grade: 0, plus: false, forcedPlusFive: false };
  const statCard = (stat: 'str' | 'end' | 'agi' | 'luk' | 'mag') => {
    const text = servantStat(c, stat, items);
    const active = Boolean(j.plus) || p.plus.includes(stat) || ambush;
    out.base = rankValue(text, o.exGradeValue);
    out.baseSource = stat;
    out.plus = active;
    out.grade = out.base + (active && o.plusCountsAsGrade ? Math.max(1, rankPlus(text)) : 0);
  };
  switch (j.card) {
    case 'wait':
      return out;
    case 'defense':
      return { ...out, match: 'defense', baseSource: 'defense' };
    case 'smash':
    case 'counter':
    case 'rush':
    case 'critical':
      statCard(STAT_OF[j.card]);
      out.match = j.card;
      out.form = j.card === 'critical' ? 'special' : 'normal';
      break;
    case 'magecraft': {
      out.match = j.aspect!;
      out.form = 'magic';
      if (c.sheet.kind === 'servant') {
        const grade = magecraftGrade(c.sheet) ?? 'E';
        out.base = rankValue(grade, o.exGradeValue);
        out.grade = out.base;
        out.plus = p.plus.includes('mag') || ambush || Boolean(j.plus);
      } else {
        out.base = letterValue(c.sheet.spells?.grade ?? 'E') + (c.sheet.specializations.includes('magic') ? 1 : 0);
        out.grade = out.base;
      }
      out.baseSource = 'magecraft';
      break;
    }
    case 'skill':
      out.match = j.aspect!;
      out.form = 'skill';
      out.base = c.sheet.kind === 'servant' ? rankValue(c.sheet.skill?.grade ?? 'E', o.exGradeValue) : 0;
      out.grade = out.base;
      out.baseSource = 'skill';
      out.plus = ambush;
      break;
    case 'normal':
      if (c.sheet.kind !== 'master') break;
      out.base = combatValue(c.sheet, c.sheet.items);
      out.grade = out.base;
      out.baseSource = 'combat';
      // SPEC-04: a 명운 judgment becomes 치명.
      out.match = j.fate ? 'critical' : j.aspect!;
      out.form = j.fate ? 'special' : 'normal';
      break;
    case 'np': {
      const np = c.sheet.kind === 'servant' ? c.sheet.noblePhantasms.find((n) => n.id === j.np) : undefined;
      out.match = 'np';
      out.form = 'np';
      out.base = np?.hpDamage ?? 0;
      out.baseSource = 'np';
      out.grade = c.sheet.kind === 'servant' ? rankValue(c.sheet.stats.np, o.exGradeValue) : 0;
      return out;
    }
    case 'oneHitKill':
      if (c.sheet.kind !== 'master') break;
      out.match = 'oneHitKill';
      out.form = 'special';
      out.base = combatValue(c.sheet, c.sheet.items) * 5;
      out.grade = combatValue(c.sheet, c.sheet.items);
      out.baseSource = 'oneHitKill';
      return out;
    case 'arcane': {
      if (c.sheet.kind !== 'master') break;
      const last = arcanePosition(battle, p.id, slot) === 2;
      out.match = last ? 'arcane' : 'wait';
      out.form = o.specialJudgmentRule === '001' ? 'grand' : 'magic';
      out.base = magicValue(c.sheet) * 2;
      out.grade = magicValue(c.sheet);
      out.baseSource = 'arcane';
      return out;
    }
  }
  if (forced000 && out.match !== 'wait' && out.match !== 'defense') {
    // SEAL-07 000: becomes <치명: 특수>; + applies, or +5 when + is already active.
    out.forcedPlusFive = out.plus;
    out.plus = true;
    out.match = 'critical';
    out.form = 'special';
  } else if (forced001 && (out.form === 'normal' || out.form === 'skill')) {
    out.form = 'special';
  }
  return out;
}
