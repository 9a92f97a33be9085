import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import { signed, type Words } from './line-words.ts';

type ShopType = 'item.bought' | 'funds.granted' | 'item.granted' | 'item.equipped' | 'item.used' | 'shop.stocked';
type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;

/** One sentence per funds and shop event (GW-ITEM, GW-CORE-04); only the owner's pair and the GM are sent them (F09). */
export const shopLines: { [K in ShopType]: (e: Of<K>, w: Words) => string } = {
  'item.bought': (e, { t, who }) => t(e.crafted ? 'gw.line.crafted' : 'gw.line.bought', { name: who(e.character), item: t(`gw.item.${e.item}`), price: e.price, funds: e.funds }),
  'funds.granted': (e, { t, who }) => t('gw.line.funds', { name: who(e.character), amount: signed(e.amount), source: t(`gw.gmShop.src.${e.source}`), funds: e.funds }),
  'item.granted': (e, { t, who }) => t('gw.line.itemGranted', { name: who(e.character), item: t(`gw.item.${e.item}`), count: signed(e.count) }),
  'item.equipped': (e, { t, who }) => t(e.equipped ? 'gw.line.equipped' : 'gw.line.unequipped', { name: who(e.character), item: t(`gw.item.${e.item}`) }),
  'item.used': (e, { t, who }) =>
    e.target
      ? t('gw.line.usedOn', { name: who(e.character), item: t(`gw.item.${e.item}`), target: who(e.target) })
      : e.mp
        ? t('gw.line.usedMp', { name: who(e.character), item: t(`gw.item.${e.item}`), mp: e.mp })
        : t('gw.line.used', { name: who(e.character), item: t(`gw.item.${e.item}`) }),
  'shop.stocked': (e, { t, view }) => t('gw.line.stocked', { place: view?.campaign.places.find((p) => p.id === e.place)?.name ?? t('gw.line.someplace'), n: e.items.length }),
};
