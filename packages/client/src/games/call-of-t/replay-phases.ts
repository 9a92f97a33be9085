import type { CotView } from '@veiltable/protocol/games/call-of-t';
import type { PhaseNamer } from '../../replay/phases.ts';
import { label } from './line-words.ts';

/** A Call of <T> view's phase for "jump to phase": the cycle and its phase (setup has no cycle yet). */
export const replayPhase: PhaseNamer<CotView> = (view, t) => {
  const phase = label(t, `cot.phase.${view.phase.kind}`, view.phase.kind);
  return view.phase.kind === 'setup' ? phase : `${t('replay.phase.cycle', { n: view.cycle })} · ${phase}`;
};
