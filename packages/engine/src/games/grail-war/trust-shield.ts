import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import { done } from './context.ts';
import type { Battle, Character, GrailWarState, Hit } from './state.ts';
import { characterOf, participantOf } from './state.ts';

/**
 * TRUST-03: a servant may take its master's damage only under the trust trial, at +10, while its master fights in this
 * battle and it still stands. Where the servant itself is does not matter, as for TRUST-05 the other way round.
 */
export function checkShield(state: GrailWarState, battle: Battle, servant: Character): Result<void> {
  if (!state.options.trustRule) return err('RULE_OFF', 'GW-TRUST-03');
  if (servant.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-TRUST-03');
  if (servant.trust !== 10) return err('TRUST_NOT_MAX', 'GW-TRUST-03');
  if (!servant.partner || !participantOf(battle, servant.partner)) return err('MASTER_NOT_IN_BATTLE', 'GW-TRUST-03');
  const sp = participantOf(battle, servant.id);
  if (servant.sheet.hp.current <= 0 || (sp && sp.status !== 'standing')) return err('NOT_STANDING', 'GW-TRUST-03');
  return done;
}

/** The servant shielding this character in this battle: it said so before the battle and still may (TRUST-03). */
function shieldOf(state: GrailWarState, battle: Battle, id: string): Character | undefined {
  const master = characterOf(state, id);
  if (master?.sheet.kind !== 'master' || !master.partner) return undefined;
  const servant = characterOf(state, master.partner);
  if (!servant || !sealedAnswerOf(battle.prebattle, servant.id)?.answer.shieldMaster) return undefined;
  return checkShield(state, battle, servant).ok ? servant : undefined;
}

/**
 * TRUST-03: every hit on a shielded master, whatever brought it (a pairing, a splash, 000 비전 마술), lands on its
 * servant instead: the same HP and MP, since the servant takes "all" of it. The master's hit keeps its breakdown and
 * ends in a 'shielded' step back to 0; the servant's is a hit of its own. Returns the servant's hits.
 */
export function shieldMasters(state: GrailWarState, battle: Battle, hits: Hit[]): Hit[] {
  const out: Hit[] = [];
  for (const h of hits) {
    const taken = h.hp + h.mp;
    const servant = taken > 0 ? shieldOf(state, battle, h.target) : undefined;
    if (!servant) continue;
    h.steps.push({ step: 'shielded', source: 'trust', amount: -taken, running: 0 });
    out.push({ attacker: h.attacker, target: servant.id, hp: h.hp, mp: h.mp, steps: [{ step: 'base', source: 'shield', amount: taken, running: taken }], via: 'shield' });
    h.hp = 0;
    h.mp = 0;
  }
  return out;
}
