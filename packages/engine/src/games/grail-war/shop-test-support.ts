import type { GrailWarCommand } from './commands.ts';
import type { SceneDecl } from './scene-actions.ts';
import { begun, declareAll, resolveTo } from './scene-test-support.ts';
import type { ShopItemId } from './shop-catalogue.ts';
import type { GrailWarState } from './state.ts';
import { GM, run } from './test-support.ts';

/** The GM's commands, run in order. */
export function gmDoes(s: GrailWarState, ...commands: GrailWarCommand[]): GrailWarState {
  for (const command of commands) s = run(s, GM, command).state;
  return s;
}

/**
 * A scene at its first half (FLOW-03 S3 step 2) in a room whose places the GM has mapped: p1's shop stocks `stock`,
 * every named character has `funds`, and each declared as given (the rest are locked out as not declared).
 */
export function shopping(s: GrailWarState, decls: Record<string, SceneDecl>, stock: ShopItemId[], funds: Record<string, number> = {}): GrailWarState {
  s = begun(s);
  s = gmDoes(s, { type: 'shop.stock', place: 'p1', items: stock }, ...Object.entries(funds).map(([character, amount]) => ({ type: 'funds.grant' as const, character, amount })));
  s = declareAll(s, decls);
  if (s.campaign.step === 'declare') s = run(s, GM, { type: 'scene.reveal' }).state;
  return resolveTo(s, 1);
}
