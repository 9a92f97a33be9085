import type { GwSheet } from '@veiltable/protocol/games/grail-war';

type Servant = Extract<GwSheet, { kind: 'servant' }>;
type Master = Extract<GwSheet, { kind: 'master' }>;
/** The fields the sheet form shows as inputs; everything else is edited as JSON. */
export type SheetCore =
  | Pick<Servant, 'kind' | 'alias' | 'trueName' | 'className' | 'stats' | 'hp' | 'mp'>
  | Pick<Master, 'kind' | 'name' | 'stats' | 'hp' | 'mp'>;

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

/** Schema issues as short lines naming the field ("stats.str: Invalid string"), at most eight. */
export function sheetIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.slice(0, 8).map((i) => `${i.path.map(String).join('.') || '(sheet)'}: ${i.message}`);
}
