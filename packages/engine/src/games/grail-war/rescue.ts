import type { Ctx } from './context.ts';
import { emit } from './events.ts';

/**
 * SEAL-02 001 "다음 장면이 끝나기 전까지 생명력을 0 이상으로 회복시키지 못할 경우 서번트는 소멸합니다": the scene ends a
 * rescue waits for, the rescue's own scene and the next one (FLOW-03 S4 step 7).
 */
export const RESCUE_SCENES = 2;

/**
 * At a scene's end (`scene.end`), counts down every pending rescue: a servant whose HP is back above 0 is saved
 * ("0 이상" read as ≥ 1, since 0 is the state that let the seal be used), one still at HP ≤ 0 when the next scene
 * ends vanishes (소멸), announced to everyone (GW-HIDE-F32).
 */
export function settleRescues(ctx: Ctx): void {
  for (const ch of Object.values(ctx.state.characters)) {
    if (ch.rescueScenesLeft === null) continue;
    if (ch.sheet.hp.current > 0) {
      ch.rescueScenesLeft = null;
      continue;
    }
    ch.rescueScenesLeft -= 1;
    if (ch.rescueScenesLeft > 0) continue;
    ch.rescueScenesLeft = null;
    ch.vanished = true;
    emit(ctx, { type: 'servant.vanished', character: ch.id });
  }
}
