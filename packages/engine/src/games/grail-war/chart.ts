/**
 * The chart's open business within a scene (REL-01/03, HIDE-D7/D10): registration offers (from → to), new entries
 * per character this scene, each holder's sealed scoring, and how many genuine points each giver has passed to
 * whom about whom (REL-10), keyed `giver>to>target`.
 */
export type Chart = {
  proposals: { from: string; to: string }[];
  newThisScene: Record<string, number>;
  scores: Record<string, { plus: string | null; minus: string | null }>;
  shared: Record<string, number>;
};

export const newChart = (): Chart => ({ proposals: [], newThisScene: {}, scores: {}, shared: {} });
