import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Words } from './line-words.ts';

type RegionType = 'region.linked' | 'region.set' | 'region.placed' | 'region.learned' | 'region.eaten' | 'region.concealment' | 'region.closed' | 'base.created' | 'base.destroyed' | 'battle.observed';
type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;

/** A region by the name the viewer's map gives it. */
const where = (w: Words, id: string): string => w.view?.campaign.places.find((p) => p.id === id)?.name ?? w.t('gw.line.someone');

/** One sentence per map event (GW-CORE-08, §8), as this viewer was told it. */
export const regionLines: { [K in RegionType]: (e: Of<K>, w: Words) => string } = {
  'region.linked': (e, w) => w.t(e.linked ? 'gw.line.regionLinked' : 'gw.line.regionUnlinked', { a: where(w, e.a), b: where(w, e.b) }),
  'region.set': (e, w) => w.t('gw.line.regionSet', { region: where(w, e.region) }),
  'region.placed': (e, w) => w.t('gw.line.regionPlaced', { name: w.who(e.character), region: where(w, e.region) }),
  'region.learned': (e, w) => w.t('gw.line.regionLearned', { name: w.who(e.knower), region: where(w, e.region) }),
  'region.eaten': (e, w) => w.t('gw.line.regionEaten', { name: w.who(e.character), region: where(w, e.region), n: e.count }),
  'region.concealment': (e, w) => w.t('gw.line.regionConcealment', { region: where(w, e.region), loss: e.loss, value: e.value }),
  'region.closed': (e, w) => w.t('gw.line.regionClosed', { region: where(w, e.region) }),
  'base.created': (e, w) => w.t('gw.line.baseCreated', { name: w.who(e.master), region: where(w, e.region) }),
  'base.destroyed': (e, w) => w.t('gw.line.baseDestroyed', { name: w.who(e.master), region: where(w, e.region) }),
  'battle.observed': (e, w) => w.t('gw.line.battleObserved', { servant: w.who(e.servant), region: where(w, e.region) }),
};
