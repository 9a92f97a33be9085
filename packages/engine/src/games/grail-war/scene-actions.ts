import type { GwSceneAction, GwSceneDecl } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Character } from './state.ts';

export type SceneAction = GwSceneAction;
export type SceneDecl = GwSceneDecl;

type Who = 'master' | 'servant' | 'all';
/** 'short': a half only (거점 생성 is a short action); 'long': takes the scene (계약 해지 / 재계약); 'any': either. */
type Length = 'short' | 'long' | 'any';

/**
 * GW-FLOW-05, the scene-action catalogue: the Korean name, who may take it and how long it runs. Move 장소 이동 is
 * the declaration's location (the basic action); 도주 / 추적 happen inside encounters and SS 작성 outside scenes, so
 * neither is declared. Amounts the sources leave as GAP are the GM's at resolution.
 */
export const SCENE_ACTIONS: Record<SceneAction, { korean: string; who: Who; length: Length; rule: string }> = {
  recon: { korean: '정찰', who: 'master', length: 'any', rule: 'GW-REGION-06' },
  search: { korean: '탐색', who: 'servant', length: 'any', rule: 'GW-CLASS-05' },
  sweep: { korean: '수색', who: 'master', length: 'any', rule: 'GW-XP-01' },
  rest: { korean: '휴식', who: 'all', length: 'any', rule: 'GW-MASTER-01' },
  // Labor and study are the master's (INFERRED in FLOW-05).
  labor: { korean: '노동', who: 'master', length: 'any', rule: 'GW-REGION-01' },
  study: { korean: '학습', who: 'master', length: 'any', rule: 'GW-REGION-01' },
  cannibalism: { korean: '식인', who: 'servant', length: 'any', rule: 'GW-REGION-05' },
  createBase: { korean: '거점 생성', who: 'master', length: 'short', rule: 'GW-FLOW-05' },
  contract: { korean: '계약 해지 / 재계약', who: 'all', length: 'long', rule: 'GW-CONTRACT-02' },
  buyCraft: { korean: '구매 / 제작', who: 'all', length: 'any', rule: 'GW-ITEM' },
  automaton: { korean: '자동 인형', who: 'master', length: 'any', rule: 'GW-ITEM' },
  special: { korean: '특수 상황', who: 'all', length: 'any', rule: 'GW-REGION-07' },
};

/** The actions of a declaration, one per half (a long action fills both). */
export const halvesOf = (d: SceneDecl): [SceneAction, SceneAction] => (d.plan.length === 'long' ? [d.plan.action, d.plan.action] : [d.plan.first, d.plan.second]);

/**
 * Whether this character may declare this (FLOW-05's "who" and length; MASTER-01 (a): a flagged master may do
 * nothing but rest). Cancelling or re-contracting is the pair's, so either side may declare it.
 */
export function checkDecl(ch: Character, d: SceneDecl, restOnly: boolean): Result<void> {
  for (const action of halvesOf(d)) {
    const entry = SCENE_ACTIONS[action];
    if (entry.who !== 'all' && entry.who !== ch.sheet.kind) return err('ACTION_NOT_YOURS', 'GW-FLOW-05', action);
    if (entry.length === 'short' && d.plan.length === 'long') return err('SHORT_ACTION_ONLY', 'GW-FLOW-05', action);
    if (entry.length === 'long' && d.plan.length === 'short') return err('LONG_ACTION_ONLY', 'GW-FLOW-05', action);
    if (restOnly && action !== 'rest') return err('MASTER_MUST_REST', 'GW-MASTER-01');
  }
  return ok(undefined);
}
