import { defineGame, EVERYONE, newRngState, ok } from '@veiltable/engine';
import { z } from 'zod';

/**
 * A scripted game with phases, for the "one phase behind" feed: `reveal` puts a public line on the table (what the
 * current phase shows everyone), `next` begins the next phase. Its phase key is the phase's number.
 */
const phasedCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reveal'), text: z.string().max(200) }),
  z.object({ type: z.literal('next') }),
]);
const phasedView = z.object({ game: z.literal('phased'), phase: z.number().int(), shown: z.array(z.string()) });
export type PhasedState = { rng: ReturnType<typeof newRngState>; phase: number; shown: string[] };
export type PhasedView = z.infer<typeof phasedView>;

export const phasedGame = defineGame({
  id: 'phased',
  schemas: { command: phasedCommand, view: phasedView },
  setup: (seed): PhasedState => ({ rng: newRngState(seed), phase: 1, shown: [] }),
  handlers: {
    reveal: (ctx, command) => {
      ctx.state.shown.push(command.text);
      ctx.emit({ type: 'revealed', parts: [{ to: EVERYONE, seen: { type: 'revealed', text: command.text } }] });
      return ok(undefined);
    },
    next: (ctx) => {
      ctx.state.phase += 1;
      ctx.emit({ type: 'phase', parts: [{ to: EVERYONE, seen: { type: 'phase', phase: ctx.state.phase } }] });
      return ok(undefined);
    },
  },
  view: (state): PhasedView => ({ game: 'phased', phase: state.phase, shown: [...state.shown] }),
  seats: () => [],
  phaseKey: (state) => String(state.phase),
});
