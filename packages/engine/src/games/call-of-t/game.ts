import type { Viewer } from '@veiltable/protocol';
import type { CotCommand, CotView, CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { commandParser } from '@veiltable/protocol';
import { cotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Game } from '../../kernel/game.ts';
import type { Result } from '../../kernel/result.ts';
import { gameCommandParser } from '../../kernel/command-parser.ts';
import { err, ok } from '../../kernel/result.ts';
import { Rng } from '../../kernel/rng.ts';
import { applySetup } from './apply-setup.ts';
import { clonePlain } from './clone.ts';
import type { Ctx } from './context.ts';
import { applyConfirm, applyNext, applyPass } from './cycle-end.ts';
import { applyEncounterOutcome, applyEncounterRoll, applySense } from './encounter.ts';
import type { CotEvent } from './events.ts';
import { applyGmAdjust } from './gm-adjust.ts';
import { recordHistory } from './history.ts';
import { applyInteractionOutcome } from './interaction.ts';
import { applyDeclare, applyForce, applyLock } from './investigation.ts';
import { applyShare } from './ledger.ts';
import { applyAttempt, applyObstacleDiamond, applyObstacleDone, applyObstacleHeart, applyObstacleRule, applyWithdraw } from './obstacle.ts';
import { applyObstacleAntidote, applyObstacleBonus, applyObstacleDust } from './obstacle-aids.ts';
import { applyObstacleBoat, applyObstacleValue, applyThornsPay, applyThornsPush } from './obstacle-rows.ts';
import { applyPursuerChoice } from './pursuer.ts';
import { applyAccept as applyTearAccept, applyRemains, applySpiritOutcome, applySummon } from './spirits.ts';
import type { CotState } from './state.ts';
import { setup } from './state.ts';
import { applySeatAdd } from './seats.ts';
import { applySleepwalkConfirm } from './sleepwalk.ts';
import { applyAccept, applyActivity, applyOmen, applyPropose, applyRestrain } from './time-phase.ts';
import { applyTreasure } from './treasure.ts';
import { upgrade } from './upgrade.ts';
import { view, viewEvent } from './view.ts';

type Handler<T extends CotCommand['type']> = (ctx: Ctx, command: Extract<CotCommand, { type: T }>) => Result<void>;

const handlers: { [T in CotCommand['type']]: Handler<T> } = {
  'seat.add': applySeatAdd,
  'cot.setup': applySetup,
  'cot.inv.declare': applyDeclare,
  'cot.inv.lock': applyLock,
  'cot.inv.force': applyForce,
  'cot.knowledge.share': applyShare,
  'cot.omen.confirm': applyOmen,
  'cot.sleepwalk.confirm': applySleepwalkConfirm,
  'cot.time.restrain': applyRestrain,
  'cot.time.activity': applyActivity,
  'cot.time.propose': applyPropose,
  'cot.time.accept': applyAccept,
  'cot.pursuer.choose': applyPursuerChoice,
  'cot.enc.sense': applySense,
  'cot.enc.roll': applyEncounterRoll,
  'cot.enc.outcome': applyEncounterOutcome,
  'cot.treasure.resolve': applyTreasure,
  'cot.remains.search': applyRemains,
  'cot.tsp.accept': applyTearAccept,
  'cot.tsp.summon': applySummon,
  'cot.tsp.outcome': applySpiritOutcome,
  'cot.obs.attempt': applyAttempt,
  'cot.obs.heart': applyObstacleHeart,
  'cot.obs.withdraw': applyWithdraw,
  'cot.obs.rule': applyObstacleRule,
  'cot.obs.diamond': applyObstacleDiamond,
  'cot.obs.done': applyObstacleDone,
  'cot.obs.value': applyObstacleValue,
  'cot.obs.bonus': applyObstacleBonus,
  'cot.obs.dust': applyObstacleDust,
  'cot.obs.antidote': applyObstacleAntidote,
  'cot.obs.thornsPay': applyThornsPay,
  'cot.obs.thornsPush': applyThornsPush,
  'cot.obs.boat': applyObstacleBoat,
  'cot.int.outcome': applyInteractionOutcome,
  'cot.end.confirm': applyConfirm,
  'cot.end.pass': applyPass,
  'cot.end.next': applyNext,
  'cot.gm.adjust': applyGmAdjust,
};

/** Runs a command on a deep copy of the state; the input is never touched, whatever the outcome. */
export function apply(state: CotState, command: CotCommand, actor: Viewer): Result<{ state: CotState; events: CotEvent[] }> {
  return applyWithRng(state, command, actor, (s) => new Rng(s));
}

/** apply with the RNG made by `makeRng` from the copied state's RNG state; tests use it to script dice. */
export function applyWithRng(
  state: CotState,
  command: CotCommand,
  actor: Viewer,
  makeRng: (rngState: CotState['rng']) => Rng,
): Result<{ state: CotState; events: CotEvent[] }> {
  if (actor.role === 'spectator') return err('SPECTATOR_READ_ONLY');
  // The state is plain JSON (rooms store it as such), so a plain walk copies it; see clone.ts. Kept history
  // entries are never changed once recorded, so the copy shares them and only the list itself is new.
  const { log, ...rest } = state;
  const next: CotState = { ...clonePlain(rest), log: [...(log ?? [])] };
  const ctx: Ctx = { state: next, rng: makeRng(next.rng), actor, events: [] };
  const handler = handlers[command.type] as Handler<CotCommand['type']> | undefined;
  if (!handler) return err('UNKNOWN_COMMAND');
  const outcome = handler(ctx, command);
  if (!outcome.ok) return outcome;
  recordHistory(next, ctx.events);
  return ok({ state: next, events: ctx.events });
}

/** Same verdict as apply, nothing kept. */
export function validate(state: CotState, command: CotCommand, actor: Viewer): Result<void> {
  const outcome = apply(state, command, actor);
  return outcome.ok ? ok(undefined) : outcome;
}


/** Call of <T>, exploration cycle (rules: call-of-t.md). */
export const callOfT: Game<CotState, CotCommand, CotEvent, CotView, CotViewEvent> = {
  id: 'call-of-t',
  setup,
  validate,
  apply,
  view,
  viewEvent,
  parseCommand: gameCommandParser(commandParser(cotCommand)),
  upgrade,
};
