import type { Viewer } from '@veiltable/protocol';
import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { mirrors, seesPrivate } from './access.ts';

type Told<T extends GwViewEvent['type']> = Extract<GwViewEvent, { type: T }>;

/** The scene flow's events as handlers tell them; a note carries who may read it (FLOW-03 S3, the GM's choice). */
export type SceneHappening =
  | Told<'place.added' | 'scene.begun' | 'scene.declared' | 'scene.rewritten' | 'scene.revealed' | 'scene.ended' | 'day.ended'>
  | (Omit<Told<'scene.resolved'>, 'note'> & { note: string | null; audience: 'public' | 'gm' });

export const SCENE_EVENTS: readonly SceneHappening['type'][] = ['place.added', 'scene.begun', 'scene.declared', 'scene.rewritten', 'scene.revealed', 'scene.resolved', 'scene.ended', 'day.ended'];

export const isSceneEvent = (e: { type: string }): e is SceneHappening => (SCENE_EVENTS as readonly string[]).includes(e.type);

/** A player at the table, or a mirror: who may learn that a character has declared (GW-HIDE-F19: spectators none). */
const atTable = (acl: Acl, v: Viewer): boolean => v.role === 'player' || mirrors(acl, v);

/**
 * What one viewer reads of a scene event (§17). Declarations say only "X has declared" and its commitment outside
 * the character's pair and the GM (HIDE-D1); a SEAL-10 (a) rewrite reads to everyone else as a fresh declaration,
 * so neither the seal nor the change shows (HIDE-D2, F10). The reveal names who declared, never what.
 */
export function readSceneEvent(event: SceneHappening, acl: Acl, v: Viewer): GwViewEvent | null {
  switch (event.type) {
    case 'place.added':
    case 'scene.begun':
    case 'scene.ended':
    case 'day.ended':
      return event;
    case 'scene.resolved': {
      const { audience, ...told } = event;
      return audience === 'public' || mirrors(acl, v) ? told : { ...told, note: null };
    }
    case 'scene.declared':
    case 'scene.revealed':
      return atTable(acl, v) ? event : null;
    case 'scene.rewritten':
      if (seesPrivate(acl, event.servant, v)) return event;
      return atTable(acl, v) ? { type: 'scene.declared', character: event.servant, commitment: event.commitment } : null;
  }
}
