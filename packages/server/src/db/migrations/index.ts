import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-command-refs.ts';
import * as m0003 from './0003-sealed-links.ts';
import * as m0004 from './0004-room-images.ts';
import * as m0005 from './0005-spectator-delay.ts';
import * as m0006 from './0006-spectator-phase-delay.ts';

/**
 * Every migration, listed statically so the server needs no directory scan at start-up.
 * Numbered and append-only: never edit or reorder a migration that has shipped; add the next number.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-command-refs': m0002,
  '0003-sealed-links': m0003,
  '0004-room-images': m0004,
  '0005-spectator-delay': m0005,
  '0006-spectator-phase-delay': m0006,
};
