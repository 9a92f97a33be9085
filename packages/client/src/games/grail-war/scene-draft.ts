import type { GwCampaignView, GwSceneAction, GwSceneDecl } from '@veiltable/protocol/games/grail-war';
import { SCENE_ACTIONS } from '@veiltable/engine/games/grail-war';
import type { Words } from './line-words.ts';

export type SceneLength = GwSceneDecl['plan']['length'];

/**
 * The actions a character may pick for a half ('short') or the whole scene ('long'), in the catalogue's order
 * (GW-FLOW-05: who may take each, 거점 생성 a short action, 계약 해지 the whole scene; MASTER-01 (a): rest only).
 */
export function actionsFor(kind: 'master' | 'servant', length: SceneLength, restOnly: boolean): GwSceneAction[] {
  return (Object.keys(SCENE_ACTIONS) as GwSceneAction[]).filter((a) => {
    const entry = SCENE_ACTIONS[a];
    if (restOnly && a !== 'rest') return false;
    if (entry.who !== 'all' && entry.who !== kind) return false;
    return length === 'short' ? entry.length !== 'long' : entry.length !== 'short';
  });
}

/** A declaration from the form's fields; a half left on an action the other length lacks falls back to the first. */
export function draftDecl(place: string, length: SceneLength, first: GwSceneAction, second: GwSceneAction, allowed: GwSceneAction[]): GwSceneDecl {
  const fit = (a: GwSceneAction) => (allowed.includes(a) ? a : allowed[0]!);
  return length === 'short' ? { place, plan: { length, first: fit(first), second: fit(second) } } : { place, plan: { length, action: fit(first) } };
}

/** A declaration in words: "church: 정찰 Recon, then 휴식 Rest". */
export function declText(d: GwSceneDecl, places: GwCampaignView['places'], w: Pick<Words, 't'>): string {
  const place = places.find((p) => p.id === d.place)?.name ?? d.place;
  if (d.plan.length === 'long') return w.t('gw.declare.summary.long', { place, action: w.t(`gw.act.${d.plan.action}`) });
  return w.t('gw.declare.summary.short', { place, first: w.t(`gw.act.${d.plan.first}`), second: w.t(`gw.act.${d.plan.second}`) });
}
