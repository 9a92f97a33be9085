import type { Component } from 'svelte';
import { i18n } from '../shell/i18n/i18n.svelte.ts';
import { loadLineRenderer } from '../ui/timeline/line-renderers.ts';

/**
 * Each game's table, found by its place in the tree: `games/<id>/table.svelte`. Only the table of the room's game is
 * fetched, with that game's strings in the reader's language and its timeline sentences.
 */
const tables = import.meta.glob<Component>('../games/*/table.svelte', { import: 'default' });

/** The room runs a game this page has no table for (a newer server, or a mistyped id). */
export class UnknownGame extends Error {
  constructor(readonly game: string) {
    super(`no table for the game ${game}`);
    this.name = 'UnknownGame';
  }
}

const loading = new Map<string, Promise<Component>>();

/**
 * The table of a game, once its code, strings and sentences have arrived, so a table never renders a bare key. A failed
 * fetch is forgotten, so a later mount tries again.
 */
export function loadTable(game: string): Promise<Component> {
  let pending = loading.get(game);
  if (!pending) {
    const load = tables[`../games/${game}/table.svelte`];
    if (!load) return Promise.reject(new UnknownGame(game));
    pending = Promise.all([load(), i18n.loadGame(game), loadLineRenderer(game)]).then(
      ([table]) => table,
      (error: unknown) => {
        loading.delete(game);
        throw error;
      },
    );
    loading.set(game, pending);
  }
  return pending;
}
