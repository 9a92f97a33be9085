import type { GwView } from '@veiltable/protocol/games/grail-war';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';

type T = (key: MessageKey, params?: Params) => string;
const CARDS = new Set(['wait', 'smash', 'counter', 'rush', 'critical', 'np', 'magecraft', 'skill', 'defense', 'normal', 'oneHitKill', 'arcane']);

/** A card's name in the reader's language, the Korean term kept ('magecraft' → '마술 Magecraft'). */
export function cardName(t: T, card: string): string {
  return CARDS.has(card) ? t(`gw.card.${card}` as MessageKey) : card;
}

/** A pool key or picker choice as a label: 'magecraft:rush' → '마술 as 맹공', 'np:x' → '보구 · <NP name>'. */
export function choiceLabel(t: T, me: GwView['characters'][number] | undefined, choice: string): string {
  if (choice.startsWith('np:')) {
    const id = choice.slice(3);
    const np = me?.sheet?.kind === 'servant' ? me.sheet.noblePhantasms.find((n) => n.id === id) : undefined;
    return `${cardName(t, 'np')} · ${np?.name ?? id}`;
  }
  const [card, aspect] = choice.split(':') as [string, string | undefined];
  return aspect ? t('gw.aspect', { card: cardName(t, card), aspect: cardName(t, aspect) }) : cardName(t, card);
}

/** A judgment as played, for the reveal. */
export function judgmentLabel(t: T, j: { card: string; aspect?: string | undefined; np?: string | undefined }): string {
  const base = j.card === 'np' && j.np ? `${cardName(t, 'np')} (${j.np})` : cardName(t, j.card);
  return j.aspect ? t('gw.aspect', { card: base, aspect: cardName(t, j.aspect) }) : base;
}
