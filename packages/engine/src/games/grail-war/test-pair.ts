import type { Knowledge, PrebattleDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet, ServantSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { master, prepareAll, room, servant, start } from './test-support.ts';

export const knows = (knower: string, target: string, over: Partial<Knowledge> = {}): Knowledge => ({
  knower,
  target,
  total: 0,
  believed: 0,
  classKnown: true,
  failedGuess: false,
  trueNameKnown: false,
  ...over,
});

export type Setup = {
  a?: Partial<ServantSheet>;
  b?: Partial<ServantSheet>;
  ma?: Partial<MasterSheet>;
  /** The master of a takes part (back row unless said otherwise). */
  maIn?: 'front' | 'back';
  options?: Partial<GrailWarOptions>;
  knowledge?: Knowledge[];
  regions?: Record<string, string>;
  decls?: Record<string, Partial<PrebattleDecl>>;
};

/** Servant a (s1) with master ma (s3) against servant b (s2); a and b know each other's class with equal info. */
export function pair(x: Setup = {}): GrailWarState {
  let s = room(
    {
      a: { seat: 's1', sheet: servant(x.a) },
      ma: { seat: 's3', partner: 'a', sheet: master(x.ma) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer', ...x.b }) },
    },
    x.options ?? {},
  );
  const participants = [
    { character: 'a', side: 'A' },
    ...(x.maIn ? [{ character: 'ma', side: 'A', row: x.maIn }] : []),
    { character: 'b', side: 'B' },
  ];
  s = start(s, participants, { knowledge: x.knowledge ?? [knows('a', 'b'), knows('b', 'a'), knows('ma', 'b')], regions: x.regions ?? { a: 'r1', ma: 'r1', b: 'r1' } });
  return prepareAll(s, x.decls ?? {});
}

export const hpOf = (s: GrailWarState, id: string) => s.characters[id]!.sheet.hp.current;
export const mpOf = (s: GrailWarState, id: string) => s.characters[id]!.sheet.mp.current;
export const poolOf = (s: GrailWarState, id: string) => s.battle!.participants.find((p) => p.id === id)!.pool;
