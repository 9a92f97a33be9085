import type { PhaseTable } from '../../kernel/define-game.ts';
import { ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { beginEventPhase, continueEvents } from './event-phase.ts';
import type { CotPhase } from './flow.ts';
import { endCycle, startCycle } from './flow.ts';
import { beginInvestigation, startInvestigation } from './investigation.ts';
import type { CotState } from './state.ts';
import { beginTimePhase } from './time-phase.ts';

const entry = (enter: (ctx: Ctx) => void) => ({ enter: (ctx: Ctx) => (enter(ctx), ok(undefined)) });

/**
 * The flow of the cycle (COT-FLOW-01) as the game's phase table: the one place that knows every phase module. A
 * module that ends its phase names the next one (flow.ts `moveOn`) and the kernel enters it here.
 */
export const phases = {
  cycle: entry(startCycle),
  investigation: entry(beginInvestigation),
  declare: entry(startInvestigation),
  time: entry(beginTimePhase),
  event: entry(beginEventPhase),
  'event.next': entry(continueEvents),
  cycleEnd: entry(endCycle),
} satisfies Record<CotPhase, unknown> & PhaseTable<CotState>;
