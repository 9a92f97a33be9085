import type { PhaseTable } from '../../kernel/define-game.ts';
import { enterSubmit } from './batch.ts';
import { enterEnded } from './end.ts';
import type { BattlePhase } from './flow.ts';
import { enterResolve } from './resolve.ts';
import type { GrailWarState } from './state.ts';
import { enterWindow } from './window.ts';

/**
 * The battle's flow as a table (GW-BATTLE-08..12, 20..22): after the pre-battle reveal a batch opens for sealed plans
 * (`submit`); its reveal opens the seal `window`; then slots `resolve`, and the next batch opens or the battle has
 * `ended`. Each phase module moves on by entering the next one here (flow.ts), never by calling it.
 */
export const phases: PhaseTable<GrailWarState> & Record<BattlePhase, unknown> = {
  submit: { enter: enterSubmit },
  window: { enter: enterWindow },
  resolve: { enter: enterResolve },
  ended: { enter: enterEnded },
};
