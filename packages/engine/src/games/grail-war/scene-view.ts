import type { Viewer } from '@veiltable/protocol';
import type { GwCampaignView } from '@veiltable/protocol/games/grail-war';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Acl } from './access.ts';
import { mirrors, seesPrivate } from './access.ts';
import { resolveStepOf } from './campaign.ts';
import type { GrailWarState } from './state.ts';

/**
 * The campaign as one viewer may see it (GW-HIDE-F19). Everyone sees the day, the scene, its step and the places.
 * A declaration is its character's owner's, its partner's (after submission, the only time there is one) and the
 * GM's; other players see "X has declared" and its commitment, before and after the lock alike (HIDE-D1: they learn
 * only through encounters); spectators see none. A SEAL-10 (a) rewrite shows to the servant's side and the GM.
 */
export function campaignFor(state: GrailWarState, acl: Acl, v: Viewer): GwCampaignView {
  const c = state.campaign;
  const sees = (id: string) => seesPrivate(acl, id, v);
  const sealed = c.declarations;
  const declarations =
    sealed && (v.role === 'player' || mirrors(acl, v))
      ? {
          status: sealed.status,
          entries: sealed.seats.map((id) => {
            const e = sealedAnswerOf(sealed, id);
            if (!e) return { character: id, declared: false };
            if (!sees(id)) return { character: id, declared: true, commitment: e.commitment };
            return { character: id, declared: true, commitment: e.commitment, answer: structuredClone(e.answer), rewritten: c.rewritten.includes(id) };
          }),
        }
      : null;
  return {
    day: c.day,
    half: c.half,
    index: c.index,
    step: c.step,
    resolveStep: resolveStepOf(c),
    places: c.places.map((p) => ({ ...p })),
    declarations,
    restOnly: c.restOnly.filter(sees),
    deadline: c.deadline,
    streaks: Object.fromEntries(Object.entries(c.streaks).filter(([id]) => sees(id))),
  };
}
