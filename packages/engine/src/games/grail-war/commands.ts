import type {
  GwBatchPlan,
  GwCommand,
  GwJudgment,
  GwKnowledge,
  GwPlusStat,
  GwPrebattleDecl,
  GwSlotPlan,
  GwWindowAction,
  GwWindowDecl,
} from '@veiltable/protocol/games/grail-war';
import { gwPlusStat } from '@veiltable/protocol/games/grail-war';

/**
 * The commands and declarations the rules read, as the wire schema (protocol games/grail-war) defines them: one
 * schema, these names for the rules' vocabulary.
 */

/** Every command of the game. */
export type GrailWarCommand = GwCommand;
/** One command type's shape. */
export type Cmd<T extends GrailWarCommand['type']> = Extract<GrailWarCommand, { type: T }>;

/** What a participant plays against one opponent in one slot (GW-BATTLE-10), with its riders (MERIT-06, SPEC-04, SEAL-04, TRUST-05). */
export type Judgment = GwJudgment;
/** One slot of a batch: judgments against each engaged opponent, a support (§15.7), or a withdrawal (MISC-02, HIDE-D6). */
export type SlotPlan = GwSlotPlan;
export type SupportPlan = Extract<SlotPlan, { type: 'support' }>;

export const PLUS_STATS = gwPlusStat.options;
export type PlusStat = GwPlusStat;

/** One batch: five slots, and + activations declared with it (MERIT-01). */
export type BatchPlan = GwBatchPlan;
/** The pre-battle sealed step (GW-BATTLE-08). */
export type PrebattleDecl = GwPrebattleDecl;
/** Post-reveal seals (GW-BATTLE-11); slots are 1..5 within the batch just revealed. */
export type WindowAction = GwWindowAction;
export type WindowDecl = GwWindowDecl;

/** What one knower knows about one servant (INFO-12..15): authoritative T and the knower's believed T apart (INFO-04). */
export type Knowledge = GwKnowledge;

/** One participant of `battle.start`, with the CLASS-02 streak the day flow computed. */
export type ParticipantSpec = Cmd<'battle.start'>['participants'][number];
