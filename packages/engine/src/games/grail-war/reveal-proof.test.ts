import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { verifyCommitment } from '../../kernel/commitment.ts';
import { grailWar } from './index.ts';
import type { GrailWarState } from './state.ts';
import { GM, judgment as j, master, planVs, prepareAll, room, seat, servant, start, submit } from './test-support.ts';

type Entry = { character: string; declared: boolean; commitment?: string; answer?: unknown; salt?: string };
const entriesOf = (s: GrailWarState, v: Viewer): Entry[] => grailWar.view(s, v).battle?.submission?.entries ?? [];

/** a (s1) and its master ma (s3) against b (s2) and mb (s4), batch 1 open. */
const fighting = () =>
  prepareAll(
    start(
      room(
        {
          a: { seat: 's1', sheet: servant() },
          ma: { seat: 's3', partner: 'a', sheet: master() },
          b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
          mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
        },
      ),
      [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' }, { character: 'b', side: 'B' }, { character: 'mb', side: 'B', row: 'back' }],
    ),
  );

describe('GW-HIDE-F27/F28: a revealed batch carries every salt, so each viewer checks the commitments it was shown sealed', () => {
  test('before the reveal the other side holds only commitments; after it, every answer verifies against them', () => {
    let s = fighting();
    s = submit(s, 'a', planVs('b', [j('smash'), j('rush')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('counter')])).state;
    const sealedForB = entriesOf(s, seat('s2'));
    expect(sealedForB.find((e) => e.character === 'a')).toMatchObject({ declared: true, commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sealedForB.find((e) => e.character === 'a')?.answer).toBeUndefined();
    expect(sealedForB.some((e) => e.salt !== undefined)).toBe(false);
    const seenSealed = new Map(sealedForB.filter((e) => e.commitment).map((e) => [e.character, e.commitment!]));

    s = submit(s, 'mb', planVs('', [])).state;
    // The sealed steps are the battle's members' (F27); the GM mirrors them.
    for (const v of [GM, seat('s1'), seat('s2'), seat('s3'), seat('s4')]) {
      const revealed = entriesOf(s, v).filter((e) => e.declared);
      expect(revealed.length, JSON.stringify(v)).toBe(4);
      for (const e of revealed) expect(verifyCommitment(e.answer, e.salt!, e.commitment!), `${JSON.stringify(v)} ${e.character}`).toBe(true);
    }
    for (const e of entriesOf(s, seat('s2'))) if (seenSealed.has(e.character)) expect(e.commitment).toBe(seenSealed.get(e.character));
  });
});
