import type { DictionaryGame } from '../shell/i18n/dictionaries.ts';
import { i18n } from '../shell/i18n/i18n.svelte.ts';

/**
 * Fetches a table's code together with its game's strings, once, and resolves to the component only when both have
 * arrived, so a table never renders a bare key. A failed fetch is forgotten so a later mount tries again.
 */
function lazyTable<T>(load: () => Promise<{ default: T }>, words?: DictionaryGame): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= Promise.all([load(), words ? i18n.loadGame(words) : null]).then(
      ([module]) => module.default,
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}

/** One loader per game: a room downloads only the table of its own game. */
export const tableLoaders = {
  'free-table': lazyTable(() => import('../games/free-table/table.svelte')),
  'dungeon-2d6': lazyTable(() => import('../games/dungeon-2d6/table.svelte'), 'dungeon-2d6'),
  'call-of-t': lazyTable(() => import('../games/call-of-t/table.svelte'), 'call-of-t'),
  'grail-war': lazyTable(() => import('../games/grail-war/table.svelte'), 'grail-war'),
};
