import type { GwView } from '@veiltable/protocol/games/grail-war';

type Me = GwView['characters'][number];

/** TRUST-01: the scores a servant may give, −10..+10. */
export const TRUST_SCORES: readonly number[] = Array.from({ length: 21 }, (_, i) => i - 10);

/**
 * SEAL-11: a servant at trust −10 that has not resisted yet may resist a seal whose effect lasts: this scene's
 * SEAL-10 (a) rewrite of its declaration while the declarations are open, or its Binding Order.
 */
export function canResist(view: GwView, me: Me): boolean {
  const s = me.status;
  if (!view.options.trustRule || me.kind !== 'servant' || !s || s.trust !== -10 || s.sealResisted) return false;
  const rewritten = view.campaign.step === 'declare' && view.campaign.declarations?.entries.some((e) => e.character === me.id && e.rewritten);
  return Boolean(rewritten) || s.binding !== null;
}

/** TRUST-01: a servant scores its trust in a Night scene, unless SEAL-09 locked it (TRUST-04). */
export const canScoreTrust = (view: GwView, me: Me): boolean =>
  view.options.trustRule && me.kind === 'servant' && view.campaign.half === 'night' && (me.status?.trustLockDays ?? 0) === 0;
