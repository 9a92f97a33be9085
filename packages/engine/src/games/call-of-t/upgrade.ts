import { setupCast } from '../../capabilities/characters/cast.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { CotOptions } from '@veiltable/protocol/games/call-of-t';
import { mapKeeping, withMissing } from '../../kernel/upgrade.ts';
import { firstStage, obstacleRow } from './obstacle.ts';
import { defaultCotOptions } from './options.ts';
import type { Phase } from './phase.ts';
import type { CotState } from './state.ts';
import { COT_DICE_SYSTEM } from './state.ts';

/**
 * Options an earlier version did not have and did not behave by today's default. Every other missing option gets
 * its default, which is what the rules did before the option existed. A room still in setup gets today's defaults
 * anyway: cot.setup lays the GM's choices over them.
 */
const EARLIER_BEHAVIOUR: Partial<CotOptions> = {
  // Q14, COT-MOD-07: an empty deck drew nothing, and running out was the GM's ruling.
  deckExhaustion: 'none',
  // Q11, COT-OBS-04: the trap, the gas, the thorns and the labyrinth were the GM's to rule.
  gmObstacleRows: true,
};

/**
 * Game.upgrade for call-of-t: a room saved before fairy dust, antidotes, limb armour and obstacle stages gets them,
 * with the options it lacks set as it played them; the history it kept in its state is dropped (the room's stored
 * event log is the record). No deadlines: this game keeps no timers.
 */
export function upgrade(saved: unknown): CotState {
  // Rooms saved before the table's chat and dice came to Call of <T> start with an empty feed; rooms saved before
  // BCDice read their dice as RuneQuest checks already; before characters, each seat has its first character only.
  const s = withMissing(withoutHistory(saved as CotState), { ...setupFeed(COT_DICE_SYSTEM), ...setupCast() });
  const options = withMissing(s.options, { ...defaultCotOptions, ...EARLIER_BEHAVIOUR });
  // T-OBS ♣5: no armour on record lowers the thorns' poison, as before the rows were played.
  const characters = mapKeeping(s.characters, (c) => withMissing(c, { limbAp: 0 }));
  const party = withMissing(s.party, { fairyDust: 0, antidoteThorns: 0, antidoteGas: 0 });
  const phase = upgradePhase(s.phase, { ...s, options });
  if (s === saved && options === s.options && characters === s.characters && party === s.party && phase === s.phase) return s;
  return { ...s, options, characters, party, phase };
}

/** A state saved while the game kept its recent events in it: the same state without them. */
function withoutHistory(saved: CotState & { log?: unknown }): CotState {
  if (!('log' in saved)) return saved;
  const copy = { ...saved };
  delete copy.log;
  return copy;
}

/**
 * An obstacle saved before its step had stages starts at the stage its row starts at in this room: the GM's ruling
 * for the rows the earlier version left to the GM, the rolls for the others, with no lore bonus, rope anchor or
 * row detail yet. An obstacle overcome before antidotes leaves no poison for one to cancel.
 */
function upgradePhase(phase: Phase, state: CotState): Phase {
  if (phase.kind !== 'event') return phase;
  if (phase.step?.kind === 'obstacleCleared') {
    const step = withMissing(phase.step, { poisons: [] });
    return step === phase.step ? phase : { ...phase, step };
  }
  if (phase.step?.kind !== 'obstacle') return phase;
  const stage = firstStage(state, obstacleRow(phase.step.strength));
  const step = withMissing(phase.step, { stage, bonus: 0, bonusRolled: [], anchor: null, value: null, trap: null, progress: null, boatTo: null });
  return step === phase.step ? phase : { ...phase, step };
}
