import type { GwSheet } from '@veiltable/protocol/games/grail-war';
import { allOf } from '../../ui/all-of.ts';

type Servant = Extract<GwSheet, { kind: 'servant' }>;
type Master = Extract<GwSheet, { kind: 'master' }>;
/** The fields the sheet form shows as inputs; everything else is edited as JSON. */
export type SheetCore =
  | Pick<Servant, 'kind' | 'alias' | 'trueName' | 'className' | 'stats' | 'hp' | 'mp'>
  | Pick<Master, 'kind' | 'name' | 'stats' | 'hp' | 'mp'>;

/** The servant classes, in the rules' order. */
export const CLASS_IDS = allOf<Servant['className']>()(['saber', 'archer', 'lancer', 'rider', 'caster', 'berserker', 'assassin']);

/** Splits a sheet into its form inputs and the JSON text of the rest. */
export function splitSheet(sheet: GwSheet): { core: SheetCore; rest: string } {
  const copy = structuredClone(sheet);
  if (copy.kind === 'servant') {
    const { kind, alias, trueName, className, stats, hp, mp, ...rest } = copy;
    return { core: { kind, alias, trueName, className, stats, hp, mp }, rest: JSON.stringify(rest, null, 2) };
  }
  const { kind, name, stats, hp, mp, ...rest } = copy;
  return { core: { kind, name, stats, hp, mp }, rest: JSON.stringify(rest, null, 2) };
}
