import { describe, expect, test } from 'vitest';
import { grailWar } from './index.ts';
import type { GrailWarOptions } from './options.ts';
import { master, room, servant, SPECTATOR, start } from './test-support.ts';

/** Saber a and its master ma against Lancer b; c waits outside the battle. */
const battle = (spectatorVisibility: GrailWarOptions['spectatorVisibility']) =>
  start(
    room(
      {
        a: { seat: 's1', sheet: servant() },
        ma: { seat: 's3', partner: 'a', sheet: master({ name: 'Master A' }) },
        b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer', trueName: 'Hidden Name B' }) },
        c: { seat: 's5', sheet: servant({ alias: 'Rider', className: 'rider' }) },
      },
      { spectatorVisibility },
    ),
    [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' }, { character: 'b', side: 'B' }],
  );

describe('GW-HIDE-F28: what a spectator knows of the characters', () => {
  test('following battles, it sees the public side of each participant, and of nobody else', () => {
    const roster = grailWar.view(battle('battlesAfterReveal'), SPECTATOR).characters;
    expect(roster.map((c) => [c.id, c.kind, c.name]).sort()).toEqual([['a', 'servant', servant().alias], ['b', 'servant', 'Lancer'], ['ma', 'master', 'Master A']].sort());
    for (const c of roster) expect([c.seat, c.className, c.trueName, c.sheet, c.status]).toEqual([null, null, null, null, null]);
  });

  test('with the table public only (no battles), it sees no character at all', () => {
    expect(grailWar.view(battle('public'), SPECTATOR).characters).toEqual([]);
  });
});
