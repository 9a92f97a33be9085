import { standing } from './context.ts';
import { isBerserkerSingle, slotDemand } from './plan-check.ts';
import type { Battle, GrailWarState } from './state.ts';
import { SLOTS, characterOf, participantOf } from './state.ts';

/**
 * GW-BATTLE-19: an army (군세) attack takes 방어 cards from its target (GAP DEFAULT 1, `armyDefenseLoss`); 000 Absolute
 * Defense spares the count (SEAL-08). An army attack is a 보구 judgment of an NP of type 군세, played whatever its
 * outcome. Cards the target already committed to the rest of its sealed batch are played as planned; the loss comes
 * off what is left (INFERRED). Familiars would cost 방어 the same way, but no familiar takes part in a battle: their
 * rules are a GAP (ITEM-B5).
 */
export function armyDefenseLoss(state: GrailWarState, battle: Battle, s: number, g: number): void {
  const o = state.options;
  for (const p of battle.participants.filter(standing)) {
    const sheet = characterOf(state, p.id)!.sheet;
    const slot = battle.plans[p.id]?.slots[s - 1];
    if (sheet.kind !== 'servant' || slot?.type !== 'play') continue;
    for (const [qid, j] of Object.entries(slot.vs)) {
      const np = j.card === 'np' ? sheet.noblePhantasms.find((n) => n.id === j.np) : undefined;
      const q = participantOf(battle, qid);
      if (np?.npType !== 'army' || !q || !standing(q)) continue;
      if (o.sealRules === '000' && q.absoluteSlots.includes(g)) continue;
      let committed = 0;
      for (const later of battle.plans[q.id]?.slots.slice(s, SLOTS) ?? []) committed += slotDemand(later, isBerserkerSingle(state, q.id)).defense ?? 0;
      // Under SEAL-03 001 nothing is consumed, so one card covers every planned 방어.
      const kept = q.noConsume ? Math.min(1, committed) : committed;
      // The loss is not logged in the slot record: the count it leaves is the target's private pool (HIDE-F26).
      const cut = Math.min(o.armyDefenseLoss, Math.max(0, (q.pool.defense ?? 0) - kept));
      if (cut > 0) q.pool.defense! -= cut;
    }
  }
}
