import type { D6Check } from './model.ts';

type Named = { id: string; name: string };
type Loose = Record<string, unknown> & { id: string };

/** What a 2d6 timeline line may read of the room's view now: only what this viewer's view already holds. */
type ViewParts = {
  characters?: (Named & { equipment?: Named[] })[];
  zones?: Named[];
  checks?: D6Check[];
  attacks?: Loose[];
  barriers?: Loose[];
  windows?: Loose[];
};

/** The names a 2d6 event gives by id, read from the viewer's own view; what it does not hold is `unknown`. */
export type LineNames = {
  character: (id: unknown) => string | null;
  zone: (id: unknown) => string | null;
  check: (id: unknown) => D6Check | null;
  attack: (id: unknown) => Loose | null;
  barrier: (id: unknown) => Loose | null;
  window: (id: unknown) => Loose | null;
  item: (character: unknown, item: unknown) => string | null;
};

const byId = <T extends { id: string }>(list: T[] | undefined, id: unknown): T | null =>
  (typeof id === 'string' && list?.find((x) => x.id === id)) || null;

/** Readers over a view of any shape: a view without the lists (another game, none yet) names nothing. */
export function lineNames(view: unknown): LineNames {
  const v = (typeof view === 'object' && view !== null ? view : {}) as ViewParts;
  return {
    character: (id) => byId(v.characters, id)?.name ?? null,
    zone: (id) => byId(v.zones, id)?.name ?? null,
    check: (id) => byId(v.checks, id),
    attack: (id) => byId(v.attacks, id),
    barrier: (id) => byId(v.barriers, id),
    window: (id) => byId(v.windows, id),
    item: (character, item) => byId(byId(v.characters, character)?.equipment, item)?.name ?? null,
  };
}
