import type { CoreKey } from './en.ts';

/**
 * Every key a dictionary holds, as a set of names: the core ones here, and each part that loads on demand (a game's
 * table, the GM's tools) adds its own from its folder (`declare module` in its `i18n/en.ts`), so no list of games
 * is kept here.
 */
export interface Keys extends Record<CoreKey, true> {}

export type MessageKey = keyof Keys;
