import type { GwRegionData, GwRegionInfo } from '@veiltable/protocol/games/grail-war';

/** The GM's form for a region's data (REGION-01/02/03/07): what it knows, or an empty region to fill. */
export function regionDraft(info: GwRegionInfo | null): GwRegionData {
  if (!info) return { features: [], restBonus: 0, population: { day: 0, night: 0 }, recovery: { day: 0, night: 0, per: 'scene' }, concealment: { day: 10, night: 10 }, special: [] };
  const { people: _people, ...data } = info;
  return structuredClone(data);
}

/** Special situations typed one a line (REGION-07), blank lines dropped. */
export const specialLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(0, 10);
