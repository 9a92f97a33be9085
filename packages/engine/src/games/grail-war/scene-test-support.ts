import type { GrailWarState } from './state.ts';
import type { SceneAction, SceneDecl } from './scene-actions.ts';
import { GM, run, seat } from './test-support.ts';

/** The places the scene tests use: p1 church, p2 harbour, p3 school. */
export const PLACES = ['church', 'harbour', 'school'];

/** A room with the GM's places defined (FLOW-01 step 2). */
export function mapped(s: GrailWarState): GrailWarState {
  for (const name of PLACES) s = run(s, GM, { type: 'place.add', name }).state;
  return s;
}

/** A mapped room whose current scene has begun: S2 declarations open. */
export const begun = (s: GrailWarState): GrailWarState => run(mapped(s), GM, { type: 'scene.begin' }).state;

/** Two short actions at a place. */
export const short = (place: string, first: SceneAction, second: SceneAction = first): SceneDecl => ({ place, plan: { length: 'short', first, second } });
/** One long action at a place. */
export const long = (place: string, action: SceneAction): SceneDecl => ({ place, plan: { length: 'long', action } });

/** Every named character declares through its own seat. */
export function declareAll(s: GrailWarState, decls: Record<string, SceneDecl>): GrailWarState {
  for (const [id, decl] of Object.entries(decls)) s = run(s, seat(s.characters[id]!.seat), { type: 'scene.declare', decl }).state;
  return s;
}

/** The GM resolves S3 steps without notes until `count` are done. */
export function resolveTo(s: GrailWarState, count: number): GrailWarState {
  while (s.campaign.resolved < count) s = run(s, GM, { type: 'scene.resolve' }).state;
  return s;
}
