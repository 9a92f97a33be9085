import { recoveryCost } from '@veiltable/engine/games/grail-war';
import type { GwView } from '@veiltable/protocol/games/grail-war';

type MasterSheet = Extract<NonNullable<GwView['characters'][number]['sheet']>, { kind: 'master' }>;
export type RecoverPool = 'conviction' | 'fate';

/** Why the engine would refuse this recovery, as a message key suffix; null when it would accept. */
export function recoveryProblem(options: GwView['options'], sheet: MasterSheet, pool: RecoverPool, text: string): 'amount' | 'full' | 'merit' | null {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1) return 'amount';
  const n = Number(t);
  if (sheet[pool].current + n > sheet[pool].max) return 'full';
  return n * recoveryCost(options, sheet.specializations, pool) > sheet.merit ? 'merit' : null;
}
