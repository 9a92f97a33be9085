import type { Viewer } from '@veiltable/protocol';
import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { mirrors, seesKnowledge, seesPrivate } from './access.ts';

export const REGION_EVENTS = [
  'region.linked',
  'region.set',
  'region.placed',
  'region.learned',
  'region.eaten',
  'region.concealment',
  'region.closed',
  'base.created',
  'base.destroyed',
  'battle.observed',
] as const;
export type RegionHappening = Extract<GwViewEvent, { type: (typeof REGION_EVENTS)[number] }>;

export const isRegionEvent = (e: { type: string }): e is RegionHappening => (REGION_EVENTS as readonly string[]).includes(e.type);

/**
 * What one viewer reads of a map event (§17): links and closures are public (F32); region data and concealment the
 * GM's (F21); a learned region its knower's (F21, like its ledger); current regions, meals and bases the character's
 * pair's (F19, F22); an observed battle its observer's, or everyone's for a 대계 (F30).
 */
export function readRegionEvent(event: RegionHappening, acl: Acl, v: Viewer): GwViewEvent | null {
  switch (event.type) {
    case 'region.linked':
    case 'region.closed':
      return event;
    case 'region.set':
    case 'region.concealment':
      return mirrors(acl, v) ? event : null;
    case 'region.learned':
      return seesKnowledge(acl, { knower: event.knower }, v) ? event : null;
    case 'battle.observed':
      return event.observer === null || seesKnowledge(acl, { knower: event.observer }, v) ? event : null;
    case 'region.placed':
    case 'region.eaten':
      return seesPrivate(acl, event.character, v) ? event : null;
    case 'base.created':
    case 'base.destroyed':
      return seesPrivate(acl, event.master, v) ? event : null;
  }
}
