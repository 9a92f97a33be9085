import type { MessageKey } from '../shell/i18n/keys.ts';
import type { Params } from '../shell/i18n/translate.ts';
import type { ReplayStep } from './replay-steps.ts';

/** How a phase namer reads its words: the page's `i18n.t`. */
export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * Names the phase a game's view is in, in words (`games/<id>/replay-phases.ts`), or null where the game is in none
 * the reader would jump to. Two views in the same phase give the same name.
 */
export type PhaseNamer<View = unknown> = (view: View, t: Translate) => string | null;

/** An entry of "jump to phase": the phase's name and the first step in it. */
export type PhaseEntry = { label: string; step: number };

/** The phase changes of a replay: an entry at each step whose view names another phase than the step before. */
export function phaseList(steps: readonly ReplayStep[], name: (view: unknown) => string | null): PhaseEntry[] {
  const entries: PhaseEntry[] = [];
  let last: string | null = null;
  let lastView: unknown = undefined;
  steps.forEach((step, k) => {
    // Steps share a view where it did not change: its phase is the one named already.
    if (k > 0 && step.view === lastView) return;
    lastView = step.view;
    const label = name(step.view);
    if (label !== null && label !== last) entries.push({ label, step: k });
    last = label;
  });
  return entries;
}

/** The entry of the phase a step is in: the last one starting at or before it, or null before the first. */
export function phaseAt(entries: readonly PhaseEntry[], step: number): PhaseEntry | null {
  let found: PhaseEntry | null = null;
  for (const entry of entries) {
    if (entry.step > step) break;
    found = entry;
  }
  return found;
}

const namers = import.meta.glob<PhaseNamer>('../games/*/replay-phases.ts', { import: 'replayPhase' });

/** A game's phase namer, fetched with the replay; null for a game that names no phases. */
export async function loadPhaseNamer(game: string): Promise<PhaseNamer | null> {
  const load = namers[`../games/${game}/replay-phases.ts`];
  return load ? load() : null;
}
