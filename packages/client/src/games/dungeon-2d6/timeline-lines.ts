import type { LineRenderer } from '../../ui/timeline/line-renderers.ts';

/**
 * The table's sentences (line-sentences.ts), once its page has them. Every game's renderer ships with the shared
 * timeline on every page, so this one only forwards: the sentences load with the table and its strings, which they
 * need anyway, and the table hands them over (table.svelte) before any of its timeline lines is drawn.
 */
let sentences: LineRenderer | null = null;

/** Hands the table's sentences to the timeline. */
export function provideSentences(renderer: LineRenderer): void {
  sentences = renderer;
}

/** A dungeon-2d6 event as a sentence, or null (the generic line) before the table has loaded. */
const d6Lines: LineRenderer = (seen, ctx) => sentences?.(seen, ctx) ?? null;

export default d6Lines;
