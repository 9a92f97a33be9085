import { plain } from '../../kernel/draft.ts';
import type { Result } from '../../kernel/result.ts';
import type { Judgment } from './commands.ts';
import type { Ctx } from './context.ts';
import { armyDefenseLoss } from './army.ts';
import { done, standing } from './context.ts';
import { damage } from './damage-input.ts';
import { emit } from './events.ts';
import { checkEnd, endBattle, openBatch } from './flow.ts';
import type { Resolved } from './judgment-values.ts';
import { resolveJudgment } from './judgment-values.ts';
import { resolvePairing } from './matchup.ts';
import { magecraftGrade } from './pool.ts';
import { isBerserkerSingle, slotDemand, slotJudgments } from './plan-check.ts';
import type { SupportOffer } from './support.ts';
import { passToMasters } from './trust-pass.ts';
import { shieldMasters } from './trust-shield.ts';
import { supportBonus } from './support.ts';
import type { Battle, GrailWarState, Hit, Participant, SlotRecord } from './state.ts';
import { SLOTS, characterOf, globalSlot, participantOf } from './state.ts';

/** The `resolve` step: slots 1 → 5 of the revealed batch, then the battle ends or the next batch opens (GW-BATTLE-12). */
export function enterResolve(ctx: Ctx): Result<void> {
  const battle = ctx.state.battle!;
  for (let s = 1; s <= SLOTS; s++) {
    const leaving = battle.participants.find((p) => standing(p) && battle.plans[p.id]?.slots[s - 1]?.type === 'withdraw');
    if (leaving) {
      battle.withdrawnSides.push(leaving.side);
      emit(ctx, { type: 'battle.withdrawn', side: leaving.side, by: leaving.id });
      endBattle(ctx, battle, 'withdrawal');
      return done;
    }
    resolveSlot(ctx, battle, s);
    battle.slotsPlayed += 1;
    if (checkEnd(ctx, battle)) return done;
  }
  if (battle.batch >= battle.batches) endBattle(ctx, battle, 'batchesDone');
  else openBatch(ctx, battle, battle.batch + 1);
  return done;
}

const WAIT: Judgment = { card: 'wait' };

/** One slot: every pairing at once, damage applied at the end of the slot, then defeats (BATTLE-12/20). */
export function resolveSlot(ctx: Ctx, battle: Battle, s: number): void {
  const state = ctx.state;
  const o = state.options;
  const g = globalSlot(battle.batch, s);
  const up = battle.participants.filter(standing);
  const record: SlotRecord = { batch: battle.batch, slot: s, plays: [], supports: [], hits: [], npCosts: [], defeated: [] };
  const judgmentOf = (p: Participant, q: string): Judgment => {
    const slot = battle.plans[p.id]?.slots[s - 1];
    return slot && slot.type === 'play' ? (slot.vs[q] ?? WAIT) : WAIT;
  };
  // Support offers first, keyed by the supported (ally, opponent) judgment (GW-SUP-01).
  const offers = new Map<string, SupportOffer[]>();
  for (const p of up) {
    const slot = battle.plans[p.id]?.slots[s - 1];
    if (!slot || slot.type !== 'support') continue;
    const me = characterOf(state, p.id)!;
    const spellGrade = me.sheet.kind === 'master' ? me.sheet.spells?.grade : (magecraftGrade(me.sheet) ?? undefined);
    // SPEC-02: the magic specialization raises every spell the master knows by one grade.
    const raise = me.sheet.kind === 'master' && me.sheet.specializations.includes('magic') ? 1 : 0;
    const offer: SupportOffer = {
      supporter: p.id,
      role: me.sheet.kind,
      mode: slot.mode,
      aspect: slot.mode === 'physical' ? (slot.aspect ?? (slot.card === 'normal' ? null : (slot.card ?? null))) : null,
      spell: slot.mode === 'magic' && spellGrade && me.sheet.magicSupport ? { grade: spellGrade, raise, table: me.sheet.magicSupport } : null,
      ownServant: me.partner === slot.ally,
    };
    const key = `${slot.ally}>${slot.opponent}`;
    offers.set(key, [...(offers.get(key) ?? []), offer]);
  }
  const accepted = new Set<string>();
  const supportFor = (ally: Participant, opponent: string, r: Resolved): number => {
    const list = offers.get(`${ally.id}>${opponent}`) ?? [];
    if (list.length === 0) return 0;
    const out = supportBonus(list, r.judgment.aspect ?? r.judgment.card, o);
    for (const id of out.accepted) accepted.add(id);
    return out.bonus;
  };
  const hits: Hit[] = [];
  // Pairing hits whose damage form is <일반>, for the Assassin's splash (CLASS-03 (1)); SEAL-07 makes a basic card 특수.
  const normalHits = new Set<Hit>();
  const land = (hit: Hit, r: Resolved) => {
    hits.push(hit);
    if (r.form === 'normal') normalHits.add(hit);
  };
  const seen = new Set<string>();
  for (const p of up) {
    for (const qid of battle.engaged[p.id] ?? []) {
      const q = participantOf(battle, qid)!;
      if (!standing(q) || seen.has(`${qid}|${p.id}`)) continue;
      seen.add(`${p.id}|${qid}`);
      const jp = judgmentOf(p, qid);
      const jq = judgmentOf(q, p.id);
      record.plays.push({ character: p.id, opponent: qid, judgment: plain(jp) }, { character: qid, opponent: p.id, judgment: plain(jq) });
      const rp = resolveJudgment(state, battle, p, jp, qid, s);
      const rq = resolveJudgment(state, battle, q, jq, p.id, s);
      const res = resolvePairing(play(state, p, rp, q), play(state, q, rq, p), o);
      // A support is played whether or not the judgment it backs wins (BATTLE-07): its card is spent either way.
      const bonusP = supportFor(p, qid, rp);
      const bonusQ = supportFor(q, p.id, rq);
      if (res.a.hits) land(damage(state, battle, p, rp, q, res.a, g, bonusP), rp);
      if (res.b.hits) land(damage(state, battle, q, rq, p, res.b, g, bonusQ), rq);
      for (const [x, r] of [[p, rp], [q, rq]] as const) {
        if (r.match !== 'wait' && r.match !== 'defense' && characterOf(state, x === p ? qid : p.id)!.sheet.kind === 'servant') x.firstAttackDone = true;
      }
    }
  }
  for (const [key, list] of offers) {
    const [ally, opponent] = key.split('>') as [string, string];
    for (const offer of list) record.supports.push({ supporter: offer.supporter, ally, opponent, mode: offer.mode, accepted: accepted.has(offer.supporter) });
  }
  hits.push(...splashAndArcane(state, battle, up, hits, normalHits, s, g));
  hits.push(...passToMasters(state, hits, (servant, opponent) => judgmentOf(participantOf(battle, servant)!, opponent)));
  hits.push(...shieldMasters(state, battle, hits));
  // Costs and consumption of what was actually played this slot (BATTLE-07). A judgment aimed at someone who
  // fell in an earlier slot is never played, so it costs nothing (BATTLE-12, INFERRED).
  const alive = new Set(up.map((p) => p.id));
  for (const p of up) {
    const planned = battle.plans[p.id]?.slots[s - 1];
    if (!planned) continue;
    const slot = planned.type === 'play' ? { type: 'play' as const, vs: Object.fromEntries(Object.entries(planned.vs).filter(([q]) => alive.has(q))) } : planned;
    const c = characterOf(state, p.id)!;
    p.used += slot.type === 'support' ? (accepted.has(p.id) ? 1 : 0) : slotJudgments(slot);
    if (slot.type === 'play') {
      for (const j of Object.values(slot.vs)) {
        if (j.card !== 'np' || c.sheet.kind !== 'servant') continue;
        if (!battle.npUsers.includes(p.id)) battle.npUsers.push(p.id);
        const cost = j.boost ? 0 : (c.sheet.noblePhantasms.find((n) => n.id === j.np)?.mpCost ?? 0);
        if (cost > 0) {
          c.sheet.mp.current -= cost;
          record.npCosts.push({ character: p.id, mp: cost });
        }
      }
    }
    if (p.noConsume) continue;
    let spent = slot;
    if (slot.type === 'support' && !accepted.has(p.id)) continue;
    if (slot.type === 'play') {
      // SEAL-07: forced judgments keep their cards (001: not 치명 or 보구, which still count among the three).
      const vs: Record<string, Judgment> = {};
      for (const [q, j] of Object.entries(slot.vs)) {
        const f000 = o.sealRules === '000' && p.forcedPairs.some((f) => f.slot === g && f.opponent === q);
        const f001 = o.sealRules === '001' && p.forcedSlots.includes(g) && j.card !== 'critical' && j.card !== 'np';
        if (!f000 && !f001) vs[q] = j;
      }
      spent = { type: 'play', vs };
    }
    for (const [k, n] of Object.entries(slotDemand(spent, isBerserkerSingle(state, p.id)))) {
      p.pool[k] = (p.pool[k] ?? 0) - n;
      if (p.pool[k]! < 0) throw new Error(`pool ${k} of ${p.id} went negative`);
    }
  }
  armyDefenseLoss(state, battle, s, g);
  for (const h of hits) {
    const target = characterOf(state, h.target)!.sheet;
    target.hp.current -= h.hp;
    target.mp.current -= h.mp;
    const a = participantOf(battle, h.attacker)!;
    a.dealt[h.target] = (a.dealt[h.target] ?? 0) + h.hp + h.mp;
    // A character outside the battle can be hit only through trust: a master by TRUST-05, a servant by TRUST-03.
    const t = participantOf(battle, h.target);
    if (t) {
      t.taken.hp += h.hp;
      t.taken.mp += h.mp;
    }
  }
  record.hits = hits;
  for (const p of up) {
    if (characterOf(state, p.id)!.sheet.hp.current <= 0) {
      p.status = 'defeated';
      record.defeated.push(p.id);
    }
  }
  battle.history.push(record);
  emit(ctx, { type: 'slot.resolved', record });
}

function play(state: GrailWarState, p: Participant, r: Resolved, q: Participant) {
  const o = state.options;
  const c = characterOf(state, p.id)!;
  const old = o.assassinTraits === 'old' && c.sheet.kind === 'servant' && c.sheet.className === 'assassin';
  return {
    match: r.match,
    pure: r.plus && r.form !== 'np' ? r.base * 2 : r.base,
    grade: r.grade,
    plus: r.plus,
    ...(old ? { assassinOld: { firstAttack: !p.firstAttackDone, vsServant: characterOf(state, q.id)!.sheet.kind === 'servant' } } : {}),
  };
}

/** CLASS-03 new (1): an Assassin's <일반> hit on a front-row target splashes 2 on that side's back row; 000 BATTLE-16 hits every enemy. */
function splashAndArcane(state: GrailWarState, battle: Battle, up: Participant[], hits: Hit[], normalHits: Set<Hit>, s: number, g: number): Hit[] {
  const o = state.options;
  const out: Hit[] = [];
  if (o.assassinTraits === 'new') {
    for (const h of hits) {
      const a = characterOf(state, h.attacker)!.sheet;
      const target = participantOf(battle, h.target)!;
      if (a.kind !== 'servant' || a.className !== 'assassin' || target.row !== 'front' || !normalHits.has(h)) continue;
      for (const r of up.filter((x) => x.side === target.side && x.row === 'back')) {
        const nullified = o.sealRules === '001' && r.absoluteSlots.includes(g);
        const amount = nullified ? 0 : 2;
        out.push({ attacker: h.attacker, target: r.id, hp: amount, mp: 0, steps: [{ step: 'base', source: 'splash', amount: 2, running: amount }], via: 'splash' });
      }
    }
  }
  if (o.specialJudgmentRule === '000') {
    for (const p of up) {
      const slot = battle.plans[p.id]?.slots[s - 1];
      if (!slot || slot.type !== 'play' || !Object.values(slot.vs).some((j) => j.card === 'arcane')) continue;
      const r = resolveJudgment(state, battle, p, { card: 'arcane' }, '', s);
      if (r.match !== 'arcane') continue;
      for (const q of up.filter((x) => x.side !== p.side)) {
        const hit = damage(state, battle, p, r, q, { hits: true, defended: false, npHalf: false, npHpReduce: 0, npMpReduce: 0 }, g, 0);
        const t = characterOf(state, q.id)!.sheet;
        const resist = t.kind === 'servant' ? Math.min(t.magicResistance, hit.hp + hit.mp) : 0;
        out.push({ ...hit, via: 'arcane', mp: Math.max(0, hit.mp - resist), hp: Math.max(0, hit.hp - Math.max(0, resist - hit.mp)) });
      }
    }
  }
  return out;
}
