import type { Viewer } from '@veiltable/protocol';
import type { GwSummonView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Acl } from './access.ts';
import { mirrors } from './access.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { ClassId } from './sheets.ts';
import { CLASS_IDS } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

export type Catalyst = { id: string; description: string; servant: string };

/**
 * GW-SUMMON-01: the classes drawn for the participants' seats, the catalysts 성유물 the GM gave servants, and
 * CONTRACT-02's cancelled servants with the scene they were cut in (`day:half:index`).
 */
export type Summon = { classes: Record<string, ClassId>; catalysts: Catalyst[]; cancelled: Record<string, string> };

export const newSummon = (): Summon => ({ classes: {}, catalysts: [], cancelled: {} });

type Told<T extends GwViewEvent['type']> = Extract<GwViewEvent, { type: T }>;
export type SummonHappening = { type: 'summon.drawn'; classes: Record<string, ClassId> } | Told<'summon.catalyst'> & { servant: string };

/**
 * GM: SUMMON-01 ① step 1 (② step 3 alike): the seven classes shuffled with the room's seeded RNG, one to each listed
 * seat in order. A draw replaces an earlier one (the GM redraws before sheets are written).
 */
export function summonDraw(ctx: Ctx, cmd: { seats: string[] }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (new Set(cmd.seats).size !== cmd.seats.length) return err('DUPLICATE_SEAT', 'GW-SUMMON-01');
  if (cmd.seats.some((s) => !ctx.seats().some((x) => x.id === s))) return err('NO_SUCH_SEAT', 'GW-SUMMON-01');
  const pool = [...CLASS_IDS];
  // Fisher–Yates: every class at most once (CORE-01 "one per participant").
  for (let i = pool.length - 1; i > 0; i--) {
    const j = ctx.rng.below(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const classes: Record<string, ClassId> = {};
  cmd.seats.forEach((s, i) => (classes[s] = pool[i]!));
  ctx.state.summon.classes = classes;
  emit(ctx, { type: 'summon.drawn', classes });
  return done;
}

/** GM: SUMMON-01 ① step 3, a catalyst for a servant without one; its description is what masters choose by. */
export function summonCatalyst(ctx: Ctx, cmd: { servant: string; description: string }): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const s = characterOf(ctx.state, cmd.servant);
  if (!s) return err('NO_SUCH_CHARACTER');
  if (s.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-SUMMON-01');
  const list = ctx.state.summon.catalysts;
  if (list.some((k) => k.servant === s.id)) return err('HAS_CATALYST', 'GW-SUMMON-01');
  const catalyst = { id: `k${list.length + 1}`, description: cmd.description, servant: s.id };
  list.push(catalyst);
  emit(ctx, { type: 'summon.catalyst', ...catalyst });
  return done;
}

/** Whether this viewer may read whose a catalyst is: the GM, or that servant's own player (HIDE-F24). */
const seesWhose = (acl: Acl, servant: string, v: Viewer): boolean => mirrors(acl, v) || (v.role === 'player' && acl.ownerOf[servant] === v.seat);

/** Classes a viewer may read: all for the GM, its own seat's for a player (HIDE-F20); the seed never. */
function classesFor(acl: Acl, classes: Record<string, ClassId>, v: Viewer) {
  return Object.entries(classes)
    .filter(([seat]) => mirrors(acl, v) || (v.role === 'player' && v.seat === seat))
    .map(([seat, className]) => ({ seat, className }));
}

/** The summoning part of a view (HIDE-F20, F24); spectators see none of it. */
export function summonFor(state: GrailWarState, acl: Acl, v: Viewer): GwSummonView | null {
  if (v.role === 'spectator' && !mirrors(acl, v)) return null;
  const s = state.summon;
  return {
    classes: classesFor(acl, s.classes, v),
    catalysts: s.catalysts.map((k) => ({ id: k.id, description: k.description, servant: seesWhose(acl, k.servant, v) ? k.servant : null })),
  };
}

export const isSummonEvent = (e: { type: string }): e is SummonHappening => e.type === 'summon.drawn' || e.type === 'summon.catalyst';

/** What one viewer reads of a summoning event: the same rules as the view. */
export function readSummonEvent(e: SummonHappening, acl: Acl, v: Viewer): GwViewEvent | null {
  if (v.role === 'spectator' && !mirrors(acl, v)) return null;
  if (e.type === 'summon.drawn') {
    const classes = classesFor(acl, e.classes, v);
    return classes.length ? { type: 'summon.drawn', classes } : null;
  }
  return { ...e, servant: seesWhose(acl, e.servant, v) ? e.servant : null };
}
