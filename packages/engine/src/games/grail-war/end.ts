import type { Result } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, standing } from './context.ts';
import { emit } from './events.ts';
import { chargeConcealment } from './concealment.ts';
import { applyInfoGains } from './info-gain.ts';
import { flagZeroMasters } from './master-zero.ts';
import type { Battle, GrailWarState, Reward } from './state.ts';
import { characterOf } from './state.ts';

/**
 * The `ended` phase (flow.ts endBattle): closes the battle for the reason it holds, decides the winner (BATTLE-21),
 * then runs the post-battle hooks in order (BATTLE-22).
 */
export function enterEnded(ctx: Ctx): Result<void> {
  const battle = ctx.state.battle!;
  const reason = battle.endReason!;
  battle.phase = 'ended';
  battle.submission = null;
  battle.window = null;
  battle.deadline = null;
  battle.winner = ctx.state.options.battleWinnerRule === 'gm' ? null : decideWinner(ctx.state, battle);
  emit(ctx, { type: 'battle.ended', reason, winner: battle.winner, slotsPlayed: battle.slotsPlayed });
  battle.rewards = computeRewards(ctx.state, battle);
  for (const r of battle.rewards) {
    const sheet = characterOf(ctx.state, r.character)!.sheet;
    sheet.xp += r.xp;
    sheet.merit += r.merit;
  }
  emit(ctx, { type: 'battle.rewards', rewards: battle.rewards });
  applyInfoGains(ctx, battle);
  chargeConcealment(ctx, battle);
  flagZeroMasters(ctx, battle);
  return done;
}

/** BATTLE-21 default: last side standing; else the side that did not withdraw; else more damage dealt; tie → none. */
export function decideWinner(state: GrailWarState, battle: Battle): string | null {
  const sides = [...new Set(battle.participants.map((p) => p.side))];
  const up = sides.filter((s) => battle.participants.some((p) => p.side === s && standing(p)));
  if (up.length === 1) return up[0]!;
  if (state.options.withdrawalConcedes && battle.withdrawnSides.length > 0) {
    const stayed = up.filter((s) => !battle.withdrawnSides.includes(s));
    if (stayed.length === 1) return stayed[0]!;
  }
  const dealt = (side: string) =>
    battle.participants.filter((p) => p.side === side).reduce((n, p) => n + Object.values(p.dealt).reduce((a, b) => a + b, 0), 0);
  const ranked = up.map((s) => ({ s, d: dealt(s) })).sort((a, b) => b.d - a.d);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[0]!.d === ranked[1]!.d)) return null;
  return ranked[0]!.s;
}

/**
 * BATTLE-22 steps 1–3 and 6: info gains (INFO-06/08), XP (XP-02..05, XP-08), merit (MERIT-07) and the
 * front-row battle mark for CLASS-02 counters. Region concealment (step 4) belongs to the scene flow; SAN (step 5)
 * is charged by concealment.ts.
 */
export function computeRewards(state: GrailWarState, battle: Battle): Reward[] {
  const o = state.options;
  const front = (side: string) => battle.participants.filter((p) => p.side === side && p.row === 'front').length;
  const sides = [...new Set(battle.participants.map((p) => p.side))];
  // MERIT-07 000 "상대가 동맹중이며, 아군보다 숫자가 많을 경우": only opponents allied with each other (one side,
  // BATTLE-02) count together, so each opposing side adds what its front row outnumbers ours by.
  const alliedBonus = (own: string) => sides.filter((s) => s !== own).reduce((n, s) => n + Math.max(0, front(s) - front(own)), 0);
  const defeated = battle.participants.filter((p) => p.status !== 'standing');
  const out: Reward[] = [];
  for (const p of battle.participants) {
    const me = characterOf(state, p.id)!;
    const foes = battle.participants.filter((q) => q.side !== p.side);
    const foeSides = sides.filter((s) => s !== p.side);
    const multi =
      o.multiOpponentXp === 'fixedAllied'
        ? foeSides.reduce((n, s) => n + Math.max(0, front(s) - front(p.side)), 0)
        : Math.max(0, foes.filter((q) => q.row === 'front').length - front(p.side));
    const notes: string[] = [];
    let xp = (o.multiOpponentXp === 'perHead' ? foes.length : 1) + multi;
    const isFront = p.row === 'front';
    if (isFront) {
      xp += 1;
      if (me.sheet.kind === 'master') {
        xp += foes.filter((q) => q.row === 'front' && characterOf(state, q.id)!.sheet.kind === 'servant').length;
      }
    }
    const won = battle.winner === p.side;
    if (won) xp += 2 + (isFront ? multi : 0);
    let kills = 0;
    for (const d of defeated.filter((x) => x.side !== p.side)) {
      const dealt = battle.participants.map((x) => x.dealt[d.id] ?? 0);
      const top = Math.max(...dealt);
      const mine = p.dealt[d.id] ?? 0;
      if (top > 0 && mine === top) {
        const tied = dealt.filter((x) => x === top).length > 1;
        if (!tied || o.mostDamageTie === 'allTied') kills += 1;
        else notes.push(`defeat:${d.id}:gm`);
      }
    }
    xp += 3 * kills;
    let merit = 0;
    if (o.meritAcquisition === '000') {
      // 000 "승리할 경우": the ×2 is for a master who fought a servant in the front row and won.
      const beatServant = won && me.sheet.kind === 'master' && isFront && foes.some((q) => q.row === 'front' && characterOf(state, q.id)!.sheet.kind === 'servant');
      let m = (won && isFront ? 1 + alliedBonus(p.side) : 0) + kills;
      if (beatServant) m *= 2;
      merit = m;
    } else {
      merit = (won && isFront ? 1 : 0) + (p.arcaneUsed ? 1 : 0);
    }
    const info: Reward['info'] = [];
    if (battle.slotsPlayed >= 5) {
      for (const q of foes) {
        if (characterOf(state, q.id)!.sheet.kind !== 'servant') continue;
        let points = 1 + (battle.npUsers.includes(q.id) ? 1 : 0);
        const k = battle.knowledge.find((x) => x.knower === p.id && x.target === q.id);
        if (o.infoDoubleForKnown && k?.trueNameKnown) points *= 2;
        // INFO-18: after the true name is known, info about it becomes XP.
        if (k?.trueNameKnown) xp += points;
        else info.push({ target: q.id, type: 'combat', points });
      }
    }
    if (isFront) notes.push('frontRowBattle');
    out.push({ character: p.id, xp, merit, info, notes });
  }
  return out;
}
