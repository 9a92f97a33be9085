import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import type { PhaseNamer } from '../../replay/phases.ts';

/** A 2d6 view's phase for "jump to phase": exploring, or each turn of a combat. */
export const replayPhase: PhaseNamer<D6View> = (view, t) => (view.mode === 'combat' ? t('d6.mode.combat', { n: view.turn }) : t('d6.mode.travel'));
