import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter } from './context.ts';

/** TRUST-01 "하루 변화량 최대 2": trust moves by at most this much a day. */
export const TRUST_STEP = 2;

/**
 * Servant (trust trial): scores its trust in its master "매일 밤 행동 이후" (TRUST-01), during the Night scenes, as often
 * as it likes until the day ends. The score is sealed with the servant and the GM (HIDE-D8); a trust SEAL-09 locked
 * cannot be scored (TRUST-04).
 */
export function trustScore(ctx: Ctx, c: Cmd<'trust.score'>): Result<void> {
  if (!ctx.state.options.trustRule) return err('RULE_OFF', 'GW-TRUST-01');
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const servant = me.value;
  if (servant.sheet.kind !== 'servant' || !servant.partner) return err('NOT_A_SERVANT', 'GW-TRUST-01');
  if (ctx.state.campaign.half !== 'night') return err('NOT_NIGHT', 'GW-TRUST-01');
  if (servant.trustLockDays > 0) return err('TRUST_LOCKED', 'GW-TRUST-04');
  servant.trustScore = c.trust;
  return done;
}

/**
 * FLOW-04 step 1, the day end's trust scoring: each servant's score moves its trust toward it by at most 2 (TV-TRUST-02:
 * t = 3, wants 6 → 5). A lock set after the score (SEAL-09 that night) keeps the locked value. No event: the new trust
 * shows on the servant's status to those who may see it (HIDE-F17), and the partner sees its sheet effects.
 */
export function applyTrustScores(ctx: Ctx): void {
  for (const ch of Object.values(ctx.state.characters)) {
    const wanted = ch.trustScore;
    if (wanted === null) continue;
    ch.trustScore = null;
    if (ch.trustLockDays > 0 || ch.dead) continue;
    ch.trust = Math.max(ch.trust - TRUST_STEP, Math.min(ch.trust + TRUST_STEP, wanted));
  }
}
