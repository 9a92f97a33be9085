import type { Viewer } from '@veiltable/protocol';
import type { GwMapView, GwRegionInfo } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { mirrors, seesKnowledge, seesPrivate } from './access.ts';
import { regionInfo } from './region-map.ts';
import type { GrailWarState } from './state.ts';

/**
 * The region map as one viewer knows it. The regions' names (the campaign's places), links and closures are
 * everyone's: a move is declared among them (FLOW-01 step 2, F32). Region data is the GM's, and a player's for the
 * regions its masters reconnoitred (HIDE-F21); current regions and bases are their character's pair's (F19, F22).
 */
export function mapFor(state: GrailWarState, acl: Acl, v: Viewer): GwMapView {
  const map = state.regions;
  const known: Record<string, GwRegionInfo> = {};
  for (const region of Object.keys(map.data)) {
    const learned = (map.knowers[region] ?? []).some((k) => seesKnowledge(acl, { knower: k }, v));
    const info = mirrors(acl, v) || learned ? regionInfo(map, region) : null;
    if (info) known[region] = info;
  }
  return {
    links: map.links.map(([a, b]) => [a, b]),
    closed: [...map.closed],
    known,
    at: Object.fromEntries(Object.entries(map.at).filter(([id]) => seesPrivate(acl, id, v))),
    bases: map.bases.filter((b) => seesPrivate(acl, b.master, v)).map((b) => ({ ...b })),
  };
}
