import { rankValue } from './grades.ts';

/**
 * Who a 탐색 (search) or 정찰 (recon) can reach, for CLASS-05 and CLASS-06. The battle engine keeps no map, so these
 * are pure functions over a region graph the scene flow passes in; a battle starts once they say a meeting happens.
 */

/** Regions and the regions one 칸 away from each (GW-CORE-08). */
export type RegionGraph = Record<string, string[]>;

/** Distance in 칸 from `from` to every reachable region (breadth-first). */
export function distances(graph: RegionGraph, from: string): Map<string, number> {
  const out = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const next of graph[here] ?? []) {
      if (out.has(next)) continue;
      out.set(next, out.get(here)! + 1);
      queue.push(next);
    }
  }
  return out;
}

/** The base search range of a servant, in 칸 (CLASS-05). */
const BASE_RANGE = 2;

/**
 * The regions a servant's search covers. `sure`: always covered. `choose`: when the extra regions run out inside one
 * distance ring, the GM picks `count` of these (CLASS-05: nearest first, the GM breaks ties).
 */
export type SearchRange = { sure: string[]; choose: { from: string[]; count: number } | null };

/** CLASS-05: base 2 칸, plus one extra region per Clairvoyance grade value (E=1 … A=5, EX = `ex`), nearest first. */
export function searchRange(graph: RegionGraph, from: string, clairvoyance: string | null, ruleOn: boolean, ex: number): SearchRange {
  const dist = distances(graph, from);
  const sure = [...dist].filter(([, d]) => d <= BASE_RANGE).map(([r]) => r);
  let extra = ruleOn && clairvoyance !== null ? rankValue(clairvoyance, ex) : 0;
  const rings = new Map<number, string[]>();
  for (const [r, d] of dist) if (d > BASE_RANGE) rings.set(d, [...(rings.get(d) ?? []), r]);
  for (const d of [...rings.keys()].sort((a, b) => a - b)) {
    if (extra === 0) break;
    const ring = rings.get(d)!;
    if (ring.length > extra) return { sure, choose: { from: ring, count: extra } };
    sure.push(...ring);
    extra -= ring.length;
  }
  return { sure, choose: null };
}

/**
 * Whether a search can turn into a meeting with a target `distance` 칸 away. CLASS-05: tracking after a search by a
 * Clairvoyance holder always succeeds; without it, a servant ≥ 2 칸 away that flees cannot be met.
 */
export function canMeet(x: { distance: number; flees: boolean; clairvoyance: boolean; ruleOn: boolean }): boolean {
  if (x.ruleOn && x.clairvoyance) return true;
  return !(x.flees && x.distance >= 2);
}

/** A servant as a search finds it: its class, and whether it stands in its own territory (진지). */
export type SearchTarget = { className: string; inTerritory: boolean };

/**
 * CLASS-06: whether a target in range is found. A Caster inside its territory is never found by 탐색; 정찰 in that
 * region finds it only when no other servant is there. `otherServants`: servants in the region besides the target
 * (the recon's own servant among them, when one is present).
 */
export function isFound(method: 'search' | 'recon', target: SearchTarget, otherServants: number, ruleOn: boolean): boolean {
  if (!ruleOn || target.className !== 'caster' || !target.inTerritory) return true;
  return method === 'recon' && otherServants === 0;
}

/** CLASS-06: the territory itself cannot be found by 탐색 while the rule is on. */
export const territoryFoundBySearch = (ruleOn: boolean): boolean => !ruleOn;
