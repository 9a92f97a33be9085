import type { Viewer } from '@veiltable/protocol';
import type { GwShopsView } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { mirrors } from './access.ts';
import { placeOf } from './shop.ts';
import type { GrailWarState } from './state.ts';

/**
 * The shops a viewer sees (GW-ITEM-01, HIDE-F21): the GM every stocked place; a player the shop of each place its own
 * characters stand at this scene (INFERRED: who stands in a shop sees what it sells); spectators none.
 */
export function shopsFor(state: GrailWarState, acl: Acl, v: Viewer): GwShopsView {
  const places = mirrors(acl, v)
    ? Object.keys(state.stock)
    : v.role === 'player'
      ? Object.values(state.characters).flatMap((c) => (c.seat === v.seat ? [placeOf(state, c.id)] : []))
      : [];
  return [...new Set(places)].flatMap((place) => (place !== null && Object.hasOwn(state.stock, place) ? [{ place, items: [...state.stock[place]!] }] : []));
}
