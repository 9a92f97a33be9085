import type { Viewer } from '@veiltable/protocol';
import type { GwSummonView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { mirrors } from './access.ts';
import type { ClassId } from './sheets.ts';
import type { GrailWarState } from './state.ts';

/**
 * Who reads what of summoning (GW-HIDE-F20, F24), one rule for the view and the events: the GM everything, a seat its
 * own drawn class, a servant's player whose catalyst is its own; everyone at the table the catalysts' descriptions.
 */
type Told<T extends GwViewEvent['type']> = Extract<GwViewEvent, { type: T }>;
export type SummonHappening = { type: 'summon.drawn'; classes: Record<string, ClassId> } | Told<'summon.catalyst'> & { servant: string };

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
