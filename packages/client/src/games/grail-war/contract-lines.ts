import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Words } from './line-words.ts';

type ContractType = 'summon.drawn' | 'summon.catalyst' | 'contract.cancelled' | 'contract.formed' | 'info.updated';
type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;

/**
 * One sentence per summoning, contract and information-ledger event (GW-SUMMON, GW-CONTRACT, GW-INFO): each is sent
 * only to whom it concerns (HIDE-F20/F24, HIDE-00, F11), so the sentence says what that viewer was told, no more.
 */
export const contractLines: { [K in ContractType]: (e: Of<K>, w: Words) => string } = {
  'summon.drawn': (e, { t, view }) =>
    t('gw.line.classesDrawn', {
      list: e.classes.map((c) => `${view?.seats.find((s) => s.id === c.seat)?.name ?? t('gw.line.someone')} ${t(`gw.class.${c.className}`)}`).join(', '),
    }),
  'summon.catalyst': (e, { t, who }) => (e.servant ? t('gw.line.catalystFor', { servant: who(e.servant), description: e.description }) : t('gw.line.catalyst', { description: e.description })),
  'contract.cancelled': (e, { t, who }) => t('gw.line.contractCancelled', { master: who(e.master), servant: who(e.character) }),
  'contract.formed': (e, { t, who }) => t('gw.line.contractFormed', { master: who(e.master), servant: who(e.character) }),
  'info.updated': (e, { t, who }) => t('gw.line.infoUpdated', { knower: who(e.entry.knower), target: who(e.entry.target) }),
};
