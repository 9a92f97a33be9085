import { characters } from '../../capabilities/characters/characters.ts';
import { release } from '../../capabilities/release/release.ts';
import { chat } from '../../capabilities/chat/chat.ts';
import { dice } from '../../capabilities/dice/roll.ts';
import { gwCommand, gwView } from '@veiltable/protocol/games/grail-war';
import { defineGame } from '../../kernel/define-game.ts';
import type { GameTimer, SeatInfo } from '../../kernel/game.ts';
import type { GrailWarCommand } from './commands.ts';
import { handlers } from './handlers.ts';
import { phases } from './phases.ts';
import type { GrailWarState } from './state.ts';
import { setup } from './state.ts';
import { upgrade } from './upgrade.ts';
import { view } from './view.ts';

export type { GrailWarCommand } from './commands.ts';
export type { GrailWarEvent } from './events.ts';
export type { GrailWarState } from './state.ts';
export type { GrailWarView, GrailWarViewEvent } from './view.ts';
export { defaultGrailWarOptions } from './options.ts';
export { recoveryCost } from './pool-recovery.ts';
export { masterExtras, stepCost } from './growth.ts';
export { SCENE_ACTIONS } from './scene-actions.ts';
export { AUTOMATON_MP, CATALOGUE } from './shop-catalogue.ts';
export type { CatalogueEntry, ShopItemId } from './shop-catalogue.ts';
export type { GrailWarOptions } from './options.ts';

/** The rule set as declared, for defineGame. */
export const grailWarDefinition = {
  id: 'grail-war',
  schemas: { command: gwCommand, view: gwView },
  setup,
  handlers,
  capabilities: [chat, dice, characters, release],
  phases,
  view,
  seats,
  timers,
  upgrade,
  phaseKey,
};

/** Grail War battles: sealed pre-battle step, sealed batches of five, seal window, per-viewer projections. */
export const grailWar = defineGame(grailWarDefinition);

/**
 * The scene between battles, or a battle's step: its pre-battle declarations, each batch's submission and seal
 * window (FLOW-03), its end. A battle's batches count as phases, so "one phase behind" trails by one sealed step.
 */
export function phaseKey(state: GrailWarState): string {
  const b = state.battle;
  if (!b) return `scene:${state.battleCount}`;
  return b.phase === 'prebattle' || b.phase === 'ended' ? `battle:${b.id}:${b.phase}` : `battle:${b.id}:${b.batch}:${b.phase}`;
}

/** The room's player seats, in the order the GM made them (`seat.add`). */
export function seats(state: GrailWarState): SeatInfo[] {
  return state.seats.map((s) => ({ id: s.id, name: s.name }));
}

/**
 * GW-HIDE-04: while a sealed step is open and the room set a timer when it opened, the server forces it at its
 * deadline: a battle's step by battle.force, a scene's declarations by scene.reveal (an unsubmitted D1 is "no
 * action"). A batch reopened (a betrayal, a GM correction) keeps its key and gets a new deadline.
 */
export function timers(state: GrailWarState): GameTimer<GrailWarCommand>[] {
  const out: GameTimer<GrailWarCommand>[] = [];
  const c = state.campaign;
  if (c.step === 'declare' && c.deadline !== null) out.push({ key: `gw-scene-${c.day}-${c.half}-${c.index}`, deadline: c.deadline, command: { type: 'scene.reveal' } });
  const b = state.battle;
  if (b && b.deadline !== null && b.phase !== 'ended') out.push({ key: `gw-${b.id}-${b.phase}-${b.batch}`, deadline: b.deadline, command: { type: 'battle.force' } });
  return out;
}
