import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import type { PhaseNamer } from '../../replay/phases.ts';

/**
 * A free table's phase for "jump to phase": its rounds of declarations, the newest one opened and then revealed;
 * a table that never opened one has no phases.
 */
export const replayPhase: PhaseNamer<FreeTableView> = (view, t) => {
  const round = view.declarations.at(-1);
  if (!round) return null;
  const n = view.declarations.length;
  return round.status === 'open' ? t('replay.phase.declOpen', { n }) : t('replay.phase.declRevealed', { n });
};
