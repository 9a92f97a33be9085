import type { RegionData } from './region-map.ts';
import { GM, run } from './test-support.ts';
import type { GrailWarState } from './state.ts';

/** Region data for tests: REGION-02's example 번화가 (population 6, recovery 1 per scene), concealment 10 Day and Night. */
export function regionData(over: Partial<RegionData> = {}): RegionData {
  return {
    features: ['sceneFunds'],
    restBonus: 0,
    population: { day: 6, night: 6 },
    recovery: { day: 1, night: 1, per: 'scene' },
    concealment: { day: 10, night: 10 },
    special: [],
    ...over,
  };
}

/** Links regions in a chain, each pair one 칸 apart (CORE-08). */
export function chain(s: GrailWarState, ...ids: string[]): GrailWarState {
  for (let i = 1; i < ids.length; i++) s = run(s, GM, { type: 'region.link', a: ids[i - 1]!, b: ids[i]!, linked: true }).state;
  return s;
}

/** The GM sets a region's data. */
export const withData = (s: GrailWarState, region: string, over: Partial<RegionData> = {}): GrailWarState =>
  run(s, GM, { type: 'region.set', region, data: regionData(over) }).state;
