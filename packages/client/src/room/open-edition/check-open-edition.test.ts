import { commitment } from '@veiltable/engine/commitment';
import { games } from '@veiltable/engine/games';
import { rngCommitment } from '@veiltable/engine';
import type { RecordEntry, SessionRecord, Viewer } from '@veiltable/protocol';
import { RECORD_FORMAT } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import freeTableSealed from '../../games/free-table/sealed-answers.ts';
import type { Sealed } from '../ledger/sealed-answers.ts';
import { checkOpenEdition, passes } from './check-open-edition.ts';

// Issue 14, item 4: "Each client then checks it: every commitment matches what that client saw while sealed, and
// [...] the revealed seed, whose hash was published when the room was created." What a page checks by itself.

const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };
const SEED = '7e'.repeat(32);
const T0 = Date.UTC(2026, 0, 1, 19);

const STEPS: [Viewer, unknown][] = [
  [GM, { type: 'seat.add', name: 'Ann' }],
  [GM, { type: 'seat.add', name: 'Bo' }],
  [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text' }],
  [S1, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }],
  [S2, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'south' } }],
  [GM, { type: 'record.release' }],
];
/** The seq whose entry reveals d1 (the second answer completes it). */
const REVEAL = 5;

/** The record of STEPS, and what seat s2's page saw sealed along the way (s1's answer, before s2 answered). */
function played(): { record: SessionRecord; witnessed: Sealed[] } {
  const game = games['free-table']!;
  let state: unknown = game.setup(SEED);
  const witnessed: Sealed[] = [];
  const entries: RecordEntry[] = STEPS.map(([actor, raw], i) => {
    const command = game.parseCommand(raw);
    if (!command.ok) throw new Error(`step ${i + 1} does not parse`);
    const at = T0 + i * 60_000;
    const applied = game.apply(state, command.value, actor, at);
    if (!applied.ok) throw new Error(`step ${i + 1} refused: ${applied.error.code}`);
    state = applied.value.state;
    witnessed.push(...freeTableSealed.inView(game.view(state, S2)).sealed);
    return { seq: i + 1, actor, command: command.value, at: new Date(at).toISOString(), events: applied.value.events };
  });
  return { record: { format: RECORD_FORMAT, game: 'free-table', seed: SEED, commitment: rngCommitment(SEED), entries }, witnessed };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the forgeries reach into logged events as JSON */
/** The reveal forged as a cheating server would: s1's answer and salt replaced, with a commitment of their own. */
function forgedReveal(record: SessionRecord): SessionRecord {
  const copy = structuredClone(record);
  for (const event of copy.entries[REVEAL - 1]!.events as any[]) {
    for (const part of event.parts) {
      const row = part.seen.decl?.answers?.find((a: any) => a.seat === 's1');
      if (!row) continue;
      row.answer = { kind: 'text', text: 'east' };
      row.salt = 'ab'.repeat(16);
      row.commitment = commitment(row.answer, row.salt);
    }
  }
  return copy;
}

describe('the open edition as a page checks it', () => {
  test('the true record: the seed hashes to the welcome\'s commitment, and s1\'s sealed answer is what s2 saw', () => {
    const { record, witnessed } = played();
    const check = checkOpenEdition(record, rngCommitment(SEED), witnessed, freeTableSealed);
    expect(check).toEqual({ seed: { ok: true, expected: rngCommitment(SEED).hash, actual: rngCommitment(SEED).hash }, commitments: { checked: 1, mismatched: [], unrevealed: 0 } });
    expect(passes(check)).toBe(true);
  });

  test('a forged seed with a commitment of its own fails against the hash the welcome carried', () => {
    const { record, witnessed } = played();
    const forged = { ...record, seed: 'f0'.repeat(32), commitment: rngCommitment('f0'.repeat(32)) };
    const check = checkOpenEdition(forged, rngCommitment(SEED), witnessed, freeTableSealed);
    expect(check.seed).toEqual({ ok: false, expected: rngCommitment(SEED).hash, actual: rngCommitment('f0'.repeat(32)).hash });
    expect(passes(check)).toBe(false);
  });

  test('a forged reveal (another answer and salt, with their own commitment) fails at its seq', () => {
    const { record, witnessed } = played();
    const check = checkOpenEdition(forgedReveal(record), rngCommitment(SEED), witnessed, freeTableSealed);
    expect(check.commitments.mismatched).toEqual([{ round: 'd1', who: 's1', seq: REVEAL }]);
    expect(passes(check)).toBe(false);
  });

  test('a device that saw nothing sealed checks only the seed', () => {
    const { record } = played();
    expect(checkOpenEdition(forgedReveal(record), rngCommitment(SEED), [], freeTableSealed).commitments).toEqual({ checked: 0, mismatched: [], unrevealed: 0 });
  });

  test('an answer it saw sealed and the record never reveals is counted, not passed over', () => {
    const { record, witnessed } = played();
    const check = checkOpenEdition(record, rngCommitment(SEED), [...witnessed, { round: 'd9', who: 's1', commitment: 'c'.repeat(64) }], freeTableSealed);
    expect(check.commitments).toMatchObject({ checked: 1, unrevealed: 1 });
  });
});
