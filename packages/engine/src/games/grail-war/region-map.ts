import type { GwRegionData, GwRegionInfo } from '@veiltable/protocol/games/grail-war';
import { plain } from '../../kernel/draft.ts';
import type { GrailWarState } from './state.ts';

export type RegionData = GwRegionData;
export type Half = 'day' | 'night';
/** The k-th consecutive act in a region and the scene it happened in (REGION-04/05). */
export type Streak = { scene: number; k: number };

/**
 * The region map (GW-CORE-08, §8): a region is a place of the campaign (same id). Links are the adjacency the GM
 * draws; `data` holds what the GM set and `eaten` the population eaten and not yet recovered (REGION-02); `knowers`
 * the masters whose 정찰 learned a region (REGION-06, HIDE-F21); `combatHeld` "knower>target" pairs known to hold 전투
 * points (INFO-06 gains and INFO-07/10 전투 gains), which INFO-07's fallback reads.
 */
export type RegionMap = {
  links: [string, string][];
  data: Record<string, RegionData>;
  eaten: Record<string, Record<Half, number>>;
  at: Record<string, string>;
  bases: { master: string; region: string }[];
  knowers: Record<string, string[]>;
  closed: string[];
  battles: Record<string, Streak>;
  meals: Record<string, Streak>;
  combatHeld: string[];
};

export function newRegionMap(): RegionMap {
  return { links: [], data: {}, eaten: {}, at: {}, bases: [], knowers: {}, closed: [], battles: {}, meals: {}, combatHeld: [] };
}

/** GW-CORE-08: distance in 칸 from one region to every region it reaches (shortest path over the links). */
export function distancesFrom(map: RegionMap, from: string): Map<string, number> {
  const seen = new Map([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const [a, b] of map.links) {
      const next = a === here ? b : b === here ? a : null;
      if (next === null || seen.has(next)) continue;
      seen.set(next, seen.get(here)! + 1);
      queue.push(next);
    }
  }
  return seen;
}

/** A region's data with the people left to eat per half (REGION-02), as the GM or a knower sees it. */
export function regionInfo(map: RegionMap, region: string): GwRegionInfo | null {
  const d = map.data[region];
  if (!d) return null;
  const eaten = map.eaten[region] ?? { day: 0, night: 0 };
  // A copy the view may hand out, as context.ts copyOf makes it (context.ts imports state.ts, which imports this module).
  return { ...structuredClone(plain(d)), people: { day: Math.max(0, d.population.day - eaten.day), night: Math.max(0, d.population.night - eaten.night) } };
}

/** The scene's ordinal in the campaign, counting Day and Night scenes of every day (for "consecutive", REGION-04). */
export function sceneOrdinal(state: GrailWarState): number {
  const c = state.campaign;
  const { day, night } = state.options.scenesPerDay;
  return (c.day - 1) * (day + night) + (c.half === 'night' ? day : 0) + c.index;
}

/**
 * The k of this act in a region's streak (REGION-04/05 INFERRED): one more than the last if that was in the previous
 * scene or this one (`consecutiveScenes`) or in this scene (`sameScene`), else 1.
 */
export function nextStreak(prev: Streak | undefined, scene: number, def: GrailWarState['options']['consecutiveDefinition']): Streak {
  const follows = prev !== undefined && (def === 'sameScene' ? prev.scene === scene : scene - prev.scene <= 1);
  return { scene, k: follows ? prev.k + 1 : 1 };
}

/** REGION-04 with REGION-08: −(info + 2(k−1)), 1 less with 프랜 시포 in the battle, never below 0. */
export const battleLoss = (info: number, k: number, fran: boolean): number => Math.max(0, info + 2 * (k - 1) - (fran ? 1 : 0));

/** REGION-05 with REGION-08: −(n + n(k−1)), 2 less for 조지 바스커빌, never below 0. */
export const mealLoss = (n: number, k: number, george: boolean): number => Math.max(0, n * k - (george ? 2 : 0));

/** REGION-08: the NPCs are known by their sheet names. */
export const NPC_FRAN = '프랜 시포';
export const NPC_GEORGE = '조지 바스커빌';
export function isNamed(state: GrailWarState, id: string, name: string): boolean {
  const sheet = state.characters[id]?.sheet;
  if (!sheet) return false;
  return sheet.kind === 'master' ? sheet.name.includes(name) : sheet.trueName.includes(name) || sheet.alias.includes(name);
}
