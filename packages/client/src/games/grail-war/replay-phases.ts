import type { GwView } from '@veiltable/protocol/games/grail-war';
import type { PhaseNamer } from '../../replay/phases.ts';

/** A Grail War view's phase for "jump to phase": the battle, its batch and its step; none between battles. */
export const replayPhase: PhaseNamer<GwView> = (view, t) => {
  const { battle } = view;
  if (!battle) return null;
  return `${t('gw.battle.title', { n: battle.id, batch: battle.batch, batches: battle.batches })} · ${t(`gw.phase.${battle.phase}`)}`;
};
