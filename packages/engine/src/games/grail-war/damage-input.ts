import type { DamageInput, Term } from './damage.ts';
import { classPenalty, computeDamage, infoBonus } from './damage.ts';
import { rankValue } from './grades.ts';
import type { Resolved } from './judgment-values.ts';
import { itemsOf } from './judgment-values.ts';
import type { PairingHit } from './matchup.ts';
import { chantResistance, convictionDamage, convictionReduction } from './conviction.ts';
import { relationshipBonus } from './relations.ts';
import type { Battle, GrailWarState, Hit, Participant } from './state.ts';
import { SLOTS, characterOf } from './state.ts';

/** T(knower about target) from the ledger snapshot; a new ledger is −3 (INFO-04). */
function knowledge(battle: Battle, knower: string, target: string | null) {
  const k = target ? battle.knowledge.find((x) => x.knower === knower && x.target === target) : undefined;
  return k ?? { total: -3, classKnown: false, failedGuess: false };
}

/** The servant standing for a character's side in INFO-15: itself, or a master's contracted servant. */
function sideServant(state: GrailWarState, id: string): string | null {
  const c = characterOf(state, id)!;
  if (c.sheet.kind === 'servant') return id;
  return c.partner;
}

/** Whether the defender is chanting a spell in this slot: a 마술 card against the attacker, or a magic support. */
function chanting(battle: Battle, defender: string, attacker: string, g: number): boolean {
  const slot = battle.plans[defender]?.slots[g - (battle.batch - 1) * SLOTS - 1];
  if (!slot) return false;
  if (slot.type === 'support') return slot.mode === 'magic';
  return slot.type === 'play' && slot.vs[attacker]?.card === 'magecraft';
}

/** Assembles DMG-01's input for one winning judgment from sheets, battle effects and knowledge, and computes it. */
export function damage(state: GrailWarState, battle: Battle, p: Participant, r: Resolved, q: Participant, h: PairingHit, g: number, support: number): Hit {
  const o = state.options;
  const a = characterOf(state, p.id)!;
  const t = characterOf(state, q.id)!;
  const flats: Term[] = [];
  const penalties: Term[] = [];
  const defender: Term[] = [];
  const isNp = r.form === 'np';
  const kind = r.judgment.card;
  const items = itemsOf(state, a);
  const servantAttacker = a.sheet.kind === 'servant';
  if (servantAttacker) {
    const itemBonus = { smash: 'giantsBelt', counter: 'thunderboltShield', rush: 'fairyShoes' } as const;
    if ((kind === 'smash' || kind === 'counter' || kind === 'rush') && items.includes(itemBonus[kind])) flats.push({ source: itemBonus[kind], amount: 2 });
    for (const b of a.sheet.kind === 'servant' ? a.sheet.attackBonuses : []) {
      if ((b.kinds as string[]).includes(kind)) flats.push({ source: b.source, amount: b.amount });
    }
    if (p.attackStance && !isNp) flats.push({ source: 'attackStance', amount: 2 });
    const bond = isNp ? 0 : relationshipBonus(state, battle, p);
    if (bond) flats.push({ source: 'relationship', amount: bond });
  } else if (a.sheet.kind === 'master') {
    const specialized = a.sheet.specializations.includes('conviction');
    const conv = convictionDamage(specialized, p.convictionSpent, o);
    if (conv) flats.push({ source: 'conviction', amount: conv });
    if (kind === 'normal' && a.sheet.specializations.includes('combat')) flats.push({ source: 'combatSpecialization', amount: 2 });
    if (r.judgment.fate) flats.push({ source: 'fate', amount: a.sheet.fate.max });
  }
  if (p.berserkerPotion && r.form === 'normal') flats.push({ source: 'berserkerPotion', amount: 1 });
  if (p.guardian && o.guardianLineage === 'plus5') flats.push({ source: 'guardian', amount: 5 });
  if (p.streak > 0 && a.sheet.kind === 'servant' && a.sheet.className === o.unnamedClassTraitTarget) flats.push({ source: 'streak', amount: p.streak });
  if (support) flats.push({ source: 'support', amount: support });
  if (r.forcedPlusFive) flats.push({ source: 'forcedAttack', amount: 5 });
  const bothFront = p.row === 'front' && q.row === 'front';
  const masterVsServant = o.masterVsServant && bothFront;
  if (t.sheet.kind === 'servant' && !isNp) {
    const k = knowledge(battle, p.id, q.id);
    const pen = classPenalty(k.classKnown, k.failedGuess, o);
    if (pen) penalties.push({ source: 'classUnknown', amount: pen });
  }
  if (masterVsServant && a.sheet.kind === 'master' && t.sheet.kind === 'servant' && a.sheet.grade < 5) penalties.push({ source: 'masterVsServant', amount: 2 });
  const aAbsolute000 = o.sealRules === '000' && q.absoluteSlots.includes(g);
  if (h.defended && (r.form === 'normal' || r.form === 'skill' || aAbsolute000) && t.sheet.kind === 'servant') {
    const value = t.sheet.defense.value ?? rankValue(t.sheet.stats.end, o.exGradeValue);
    defender.push({ source: 'defense', amount: -(value + (aAbsolute000 ? 5 : 0)) });
  }
  if (q.protection && r.form === 'normal') defender.push({ source: 'protectionPotion', amount: -1 });
  if (t.sheet.kind === 'master') {
    const red = convictionReduction(t.sheet.specializations.includes('conviction'), q.convictionSpent, o.convictionRule);
    if (red) defender.push({ source: 'conviction', amount: -red });
    const chant = chanting(battle, q.id, p.id, g) ? chantResistance(t.sheet, o.convictionRule) : 0;
    if (chant) defender.push({ source: 'chant', amount: -chant });
    if (masterVsServant && servantAttacker && t.sheet.grade < 5) defender.push({ source: 'masterHit', amount: 2 });
  }
  const mine = sideServant(state, p.id);
  const theirs = sideServant(state, q.id);
  const d = mine && theirs ? knowledge(battle, p.id, theirs).total - knowledge(battle, q.id, mine).total : 0;
  const np = isNp && a.sheet.kind === 'servant' ? a.sheet.noblePhantasms.find((n) => n.id === r.judgment.np) : undefined;
  // BATTLE-15 000: "[전투력×5]만큼의 고정 피해", fixed damage that no bonus, penalty or reduction moves; under 001 #21 it
  // is a 치명-like judgment and takes them ("특수 피해에 영향을 주는 기술이나 마술에 영향을 받습니다").
  const fixed = r.judgment.card === 'oneHitKill' && o.specialJudgmentRule === '000';
  const input: DamageInput = {
    form: r.form,
    base: { source: r.baseSource, amount: r.base },
    plus: r.plus,
    assassinVsFrontMaster: o.assassinTraits === 'new' && a.sheet.kind === 'servant' && a.sheet.className === 'assassin' && t.sheet.kind === 'master' && q.row === 'front',
    flats: fixed ? [] : flats,
    doubleAfterFlats: !fixed && p.guardian && o.guardianLineage === 'double',
    penalties: fixed ? [] : penalties,
    defender: fixed ? [] : defender,
    info: fixed ? 0 : infoBonus(d, np?.mode === 'trueNameRelease'),
    floor: !fixed && masterVsServant && servantAttacker && t.sheet.kind === 'master' ? 1 : 0,
    npMp: np?.mpDamage ?? 0,
    npHalf: h.npHalf,
    npHpReduce: h.npHpReduce,
    npMpReduce: h.npMpReduce + (aAbsolute000 && isNp && h.defended ? (t.sheet.kind === 'servant' ? (t.sheet.defense.value ?? 0) + 5 : 0) : 0),
    nullified: o.sealRules === '001' && q.absoluteSlots.includes(g),
  };
  const out = computeDamage(input, o);
  return { attacker: p.id, target: q.id, hp: out.hp, mp: out.mp, steps: out.steps, via: 'pairing' };
}
