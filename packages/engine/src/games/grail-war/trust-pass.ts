import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Judgment } from './commands.ts';
import { done } from './context.ts';
import type { GrailWarOptions } from './options.ts';
import type { Character, GrailWarState, Hit } from './state.ts';
import { characterOf } from './state.ts';

/** TRUST-05: a servant may mark a judgment to pass its damage on only under the trust trial, at −10, with a living master. */
export function checkPassToMaster(state: GrailWarState, servant: Character): Result<void> {
  if (!state.options.trustRule) return err('RULE_OFF', 'GW-TRUST-05');
  if (servant.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-TRUST-05');
  if (servant.trust !== -10) return err('TRUST_NOT_MIN', 'GW-TRUST-05');
  const master = servant.partner ? characterOf(state, servant.partner) : undefined;
  if (!master || master.dead) return err('NO_PARTNER', 'GW-TRUST-05');
  return done;
}

/** TRUST-05: the master takes max(½ × the card's damage, 3), the half rounded by `trustHalfRounding` (default floor). */
export function passedDamage(original: number, rounding: GrailWarOptions['trustHalfRounding']): number {
  const half = rounding === 'ceil' ? Math.ceil(original / 2) : Math.floor(original / 2);
  return Math.max(half, 3);
}

/**
 * TRUST-05: every pairing hit on a servant whose own judgment against that attacker carries `toMaster` lands on its
 * master instead. The servant takes 0 (INFERRED); the master takes the share to HP (INFERRED: the card's HP and MP
 * damage together count as "the original damage"). Returns the master's hits; the servant's are zeroed in place.
 */
export function passToMasters(state: GrailWarState, hits: Hit[], judgmentOf: (servant: string, opponent: string) => Judgment): Hit[] {
  const out: Hit[] = [];
  for (const h of hits) {
    if (h.via !== 'pairing' || !judgmentOf(h.target, h.attacker).toMaster) continue;
    const servant = characterOf(state, h.target)!;
    const original = h.hp + h.mp;
    if (original <= 0 || !checkPassToMaster(state, servant).ok) continue;
    h.steps.push({ step: 'passed', source: 'trust', amount: -original, running: 0 });
    h.hp = 0;
    h.mp = 0;
    const amount = passedDamage(original, state.options.trustHalfRounding);
    out.push({ attacker: h.attacker, target: servant.partner!, hp: amount, mp: 0, steps: [{ step: 'base', source: 'trust', amount, running: amount }], via: 'trust' });
  }
  return out;
}
