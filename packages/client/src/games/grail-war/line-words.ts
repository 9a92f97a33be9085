import type { GwView } from '@veiltable/protocol/games/grail-war';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import { hasKey, type Params } from '../../shell/i18n/translate.ts';
import type { SeenEvent } from '../../ui/timeline/line-kinds.ts';

type T = (key: MessageKey, params?: Params) => string;

/** What a Grail War sentence is written with: the translator, the viewer's names for characters, its view. */
export type Words = {
  t: T;
  /** A character under the name this viewer knows it by; never its id. */
  who: (id: string) => string;
  /** A word of a closed set (`gw.reason` + 'sideDown'), or the value as written when the dictionary has none. */
  word: (prefix: string, id: string) => string;
  view: GwView | null;
};

/**
 * The words for one line. A character is named as the viewer's view names it (a servant by its alias, GW-HIDE-F01);
 * a battle's start lists its participants' public names itself, which serve before the view holds them.
 */
export function wordsFor(t: T, view: GwView | null, seen: SeenEvent): Words {
  const listed = seen.type === 'battle.started' && Array.isArray(seen.participants) ? (seen.participants as { id: string; name: string }[]) : [];
  const who = (id: string) => view?.characters.find((c) => c.id === id)?.name || listed.find((p) => p.id === id)?.name || t('gw.line.someone');
  const word = (prefix: string, id: string) => {
    const key = `${prefix}.${id}`;
    return hasKey(key) ? t(key) : id;
  };
  return { t, who, word, view };
}

/** A signed amount as a table writes it: +2, −3, 0. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
