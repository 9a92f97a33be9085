import type { GwRegionInfo, GwView } from '@veiltable/protocol/games/grail-war';

/** One region as a viewer's map lists it: its neighbours, its distance in 칸, who of the known stands there. */
export type RegionRow = {
  id: string;
  name: string;
  closed: boolean;
  neighbours: string[];
  /** From the chosen region; null when unreachable or none is chosen. */
  distance: number | null;
  here: string[];
  bases: string[];
  info: GwRegionInfo | null;
};

/** GW-CORE-08: distance in 칸 over the links, from one region to each it reaches. */
export function distances(links: GwView['map']['links'], from: string): Map<string, number> {
  const seen = new Map([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const [a, b] of links) {
      const next = a === here ? b : b === here ? a : null;
      if (next !== null && !seen.has(next)) {
        seen.set(next, seen.get(here)! + 1);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** The map rows in the GM's order, names in place of ids (what the view lets this viewer know). */
export function regionRows(view: GwView, from: string | null): RegionRow[] {
  const { map, campaign } = view;
  const nameOfPlace = (id: string) => campaign.places.find((p) => p.id === id)?.name ?? '';
  const nameOf = (id: string) => view.characters.find((c) => c.id === id)?.name ?? '';
  const far = from ? distances(map.links, from) : new Map<string, number>();
  return campaign.places.map((p) => ({
    id: p.id,
    name: p.name,
    closed: map.closed.includes(p.id),
    neighbours: map.links.flatMap(([a, b]) => (a === p.id ? [b] : b === p.id ? [a] : [])).map(nameOfPlace),
    distance: far.get(p.id) ?? null,
    here: Object.entries(map.at).filter(([, r]) => r === p.id).map(([c]) => nameOf(c)),
    bases: map.bases.filter((b) => b.region === p.id).map((b) => nameOf(b.master)),
    info: map.known[p.id] ?? null,
  }));
}
