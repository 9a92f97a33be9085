import type { GwView } from '@veiltable/protocol/games/grail-war';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import { hasKey, type Params } from '../../shell/i18n/translate.ts';

type T = (key: MessageKey, params?: Params) => string;
const CARDS = new Set(['wait', 'smash', 'counter', 'rush', 'critical', 'np', 'magecraft', 'skill', 'defense', 'normal', 'oneHitKill', 'arcane']);

/** A card's name in the reader's language, the Korean term kept ('magecraft' → '마술 Magecraft'). */
export function cardName(t: T, card: string): string {
  return CARDS.has(card) ? t(`gw.card.${card}` as MessageKey) : card;
}

/** A pool key or picker choice as a label: 'magecraft:rush' → '마술 as 맹공', 'np:x' → '보구 · <NP name>' (never its id). */
export function choiceLabel(t: T, me: GwView['characters'][number] | undefined, choice: string): string {
  if (choice.startsWith('np:')) {
    const id = choice.slice(3);
    const np = me?.sheet?.kind === 'servant' ? me.sheet.noblePhantasms.find((n) => n.id === id) : undefined;
    return np ? `${cardName(t, 'np')} · ${np.name}` : cardName(t, 'np');
  }
  const [card, aspect] = choice.split(':') as [string, string | undefined];
  return aspect ? t('gw.aspect', { card: cardName(t, card), aspect: cardName(t, aspect) }) : cardName(t, card);
}

/** A judgment as played, for the reveal; a 보구 by its name when this viewer reads it (`npName`), never by its id. */
export function judgmentLabel(t: T, j: { card: string; aspect?: string | undefined; np?: string | undefined }, npName?: string | null): string {
  const base = j.card === 'np' && npName ? `${cardName(t, 'np')} · ${npName}` : cardName(t, j.card);
  return j.aspect ? t('gw.aspect', { card: base, aspect: cardName(t, j.aspect) }) : base;
}

/** The name of a character's 보구 as this viewer reads it: from the sheet it may see, else none. */
export function npNameOf(view: GwView, character: string, np: string | undefined): string | null {
  const sheet = view.characters.find((c) => c.id === character)?.sheet;
  return (np && sheet?.kind === 'servant' && sheet.noblePhantasms.find((n) => n.id === np)?.name) || null;
}

/**
 * What a damage step came from, in words ('classUnknown' → 'Class unknown', 'str' → '근력 STR'). A source with no
 * words of ours is the sheet's own text (an attack bonus's skill name) and shows as written.
 */
export function sourceLabel(t: T, source: string): string {
  const key = `gw.src.${source}`;
  return hasKey(key) ? t(key) : source;
}

/** A servant class in the reader's language. */
export function className(t: T, id: string): string {
  const key = `gw.class.${id}`;
  return hasKey(key) ? t(key) : id;
}
