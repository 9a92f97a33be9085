/// <reference types="node" />
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadTable, UnknownGame } from '../room/tables.ts';
import { GAMES } from './games.ts';
import { LANGS } from './i18n/translate.ts';

// The page keeps no list of games: each game's folder (games/<id>/) is found by its files. These hold every folder
// to the same shape, and the folders to the engine's games, so a game the server runs always has a table here.

const folders = (url: URL) =>
  readdirSync(fileURLToPath(url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const CLIENT_GAMES = new URL('../games/', import.meta.url);
const ENGINE_GAMES = new URL('../../../engine/src/games/', import.meta.url);

describe('each game folder', () => {
  test('the home page lists every game folder once, by its folder name, in order', () => {
    expect(GAMES.map((g) => g.id).sort()).toEqual(folders(CLIENT_GAMES));
    expect(GAMES.map((g) => g.order)).toEqual([...GAMES.map((g) => g.order)].sort((a, b) => a - b));
  });

  test('there is a folder here for every game of the engine', () => {
    expect(folders(CLIENT_GAMES)).toEqual(folders(ENGINE_GAMES));
  });

  test.each(GAMES.map((g) => [g.id, g] as const))('%s has a table, its strings in every language, a name in each', (id, meta) => {
    expect(existsSync(fileURLToPath(new URL(`${id}/table.svelte`, CLIENT_GAMES)))).toBe(true);
    for (const lang of LANGS) {
      expect(existsSync(fileURLToPath(new URL(`${id}/i18n/${lang}.ts`, CLIENT_GAMES))), `${id} ${lang}`).toBe(true);
      expect(meta.name[lang].trim()).not.toBe('');
    }
  });

  test('a room of a game this page has no table for says so instead of loading', async () => {
    await expect(loadTable('no-such-game')).rejects.toBeInstanceOf(UnknownGame);
  });
});
