import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { ReleaseCommand } from '../../capabilities/release/release.ts';
import type { ChatCommand } from '../../capabilities/chat/chat.ts';
import type { DiceCommand } from '../../capabilities/dice/roll.ts';
import { characters } from '../../capabilities/characters/characters.ts';
import { release } from '../../capabilities/release/release.ts';
import { chat } from '../../capabilities/chat/chat.ts';
import { dice } from '../../capabilities/dice/roll.ts';
import type { CotCommand, CotView } from '@veiltable/protocol/games/call-of-t';
import { cotCommand, cotView } from '@veiltable/protocol/games/call-of-t';
import type { Handlers } from '../../kernel/define-game.ts';
import { defineGame } from '../../kernel/define-game.ts';
import { applySetup } from './apply-setup.ts';
import { applyCharacterAdd } from './character-add.ts';
import { applyConfirm, applyNext, applyPass } from './cycle-end.ts';
import { applyEncounterOutcome, applyEncounterRoll, applySense } from './encounter.ts';
import { applyGmAdjust } from './gm-adjust.ts';
import { applyInteractionOutcome } from './interaction.ts';
import { applyDeclare, applyForce, applyLock } from './investigation.ts';
import { applyShare } from './ledger.ts';
import { applyAttempt, applyObstacleDiamond, applyObstacleDone, applyObstacleHeart, applyObstacleRule, applyWithdraw } from './obstacle.ts';
import { applyObstacleAntidote, applyObstacleBonus, applyObstacleDust } from './obstacle-aids.ts';
import { applyObstacleBoat, applyObstacleValue, applyThornsPay, applyThornsPush } from './obstacle-rows.ts';
import { phases } from './phases.ts';
import { applyPursuerChoice } from './pursuer.ts';
import { applySeatAdd, seats } from './seats.ts';
import { applySleepwalkConfirm } from './sleepwalk.ts';
import { applyAccept as applyTearAccept, applyRemains, applySpiritOutcome, applySummon } from './spirits.ts';
import type { CotState } from './state.ts';
import { setup } from './state.ts';
import { applyAccept, applyActivity, applyOmen, applyPropose, applyRestrain } from './time-phase.ts';
import { applyTreasure } from './treasure.ts';
import { upgrade } from './upgrade.ts';
import { view } from './view.ts';

/** One handler per command of the game's own (the table's chat and dice bring theirs): the game's whole dispatch. */
const handlers: Handlers<CotState, Exclude<CotCommand, ChatCommand | DiceCommand | CharacterCommand | ReleaseCommand>> = {
  'seat.add': applySeatAdd,
  'cot.setup': applySetup,
  'cot.character.add': applyCharacterAdd,
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

/** Call of <T>, exploration cycle (rules: call-of-t.md). */
export const callOfT = defineGame<CotState, CotCommand, CotView>({
  id: 'call-of-t',
  schemas: { command: cotCommand, view: cotView },
  setup,
  handlers,
  capabilities: [chat, dice, characters, release],
  view,
  seats,
  phases,
  upgrade,
  // A cycle's phases (COT-FLOW): a new cycle's investigation is a new phase even though the kind repeats.
  phaseKey: (state) => `${state.cycle}:${state.phase.kind}`,
});
