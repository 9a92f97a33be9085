import type { RecordEntry, SessionRecord, Viewer } from '@veiltable/protocol';
import { RECORD_FORMAT, sessionRecord } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { setupInput } from '../games/call-of-t/test-support.ts';
import { games } from '../games/index.ts';
import { rngCommitment } from '../kernel/rng.ts';
import type { RecordFailure } from './verify-record.ts';
import { changeAnswer, changeDie, changeSalt, tampered } from './tampering.ts';
import { verifyRecord } from './verify-record.ts';

const GM: Viewer = { role: 'gm' };
const P1: Viewer = { role: 'player', seat: 's1' };
const P2: Viewer = { role: 'player', seat: 's2' };
const SEED = '5eed'.repeat(16);
const T0 = Date.UTC(2026, 0, 1, 19, 0, 0);

type Step = [Viewer, unknown];

const seats = (...names: string[]): Step[] => names.map((name) => [GM, { type: 'seat.add', name }]);
const rolls: Step[] = [
  [P1, { type: 'roll', expr: '2d6' }],
  [GM, { type: 'roll', expr: '1d100', visibility: 'gm' }],
  [P2, { type: 'chat.send', to: { kind: 'all' }, text: '1d20 for the door' }],
];

/** A short session of each rule set that draws from the RNG: dice, a shuffle, salts, opaque ids. */
const SESSIONS: [string, Step[]][] = [
  [
    'free-table',
    [
      ...seats('Ann', 'Bo'),
      ...rolls,
      [GM, { type: 'decl.open', prompt: 'Where?', kind: 'text' }],
      [P1, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } }],
      [P2, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'south' } }],
      [GM, { type: 'deck.create', deck: { kind: 'standard' } }],
      [GM, { type: 'deck.shuffle' }],
      [GM, { type: 'deck.deal', seat: 's1', count: 3 }],
    ],
  ],
  ['dungeon-2d6', [...seats('Ann', 'Bo'), ...rolls]],
  ['call-of-t', [...seats('Ann', 'Bo', 'Cy', 'Di'), [GM, { type: 'cot.setup', setup: setupInput() }], ...rolls]],
  ['grail-war', [...seats('Ann', 'Bo'), ...rolls]],
];

/** The record a room running `game` from SEED would hold after these steps (each one a minute after the last). */
function recordOf(game: string, steps: Step[], seed = SEED): SessionRecord {
  const rules = games[game]!;
  let state: unknown = rules.setup(seed);
  const entries: RecordEntry[] = steps.map(([actor, raw], i) => {
    const command = rules.parseCommand(raw);
    if (!command.ok) throw new Error(`fixture step ${i + 1} does not parse: ${command.error.code}`);
    const at = T0 + i * 60_000;
    const applied = rules.apply(state, command.value, actor, at);
    if (!applied.ok) throw new Error(`fixture step ${i + 1} refused: ${applied.error.code}`);
    state = applied.value.state;
    return { seq: i + 1, actor, command: command.value, at: new Date(at).toISOString(), events: applied.value.events };
  });
  return { format: RECORD_FORMAT, game, seed, commitment: rngCommitment(seed), entries };
}

const failureOf = (record: SessionRecord): RecordFailure => {
  const verdict = verifyRecord(record, games);
  if (verdict.ok) throw new Error('expected the record to fail');
  return verdict.failure;
};

// Indexes into the free-table session above.
const ROLL = 3;
const ANSWER = 7;
const SHUFFLE = 10;

/* eslint-disable @typescript-eslint/no-explicit-any -- the edits reach into logged events as JSON */
describe('verifyRecord', () => {
  test.each(SESSIONS)('a scripted %s session replays from its seed, every draw and event as logged', (game, steps) => {
    const record = recordOf(game, steps);
    expect(sessionRecord.safeParse(JSON.parse(JSON.stringify(record))).success).toBe(true);
    const verdict = verifyRecord(record, games);
    expect(verdict).toMatchObject({ ok: true, entries: steps.length, lastSeq: steps.length });
    expect(verdict.ok && verdict.draws).toBeGreaterThan(0);
  });

  test('entries may come one at a time, from any iterable', () => {
    const record = recordOf('free-table', SESSIONS[0]![1]);
    const lazy = { ...record, entries: (function* () { yield* record.entries; })() };
    expect(verifyRecord(lazy, games).ok).toBe(true);
  });

  test.each<[string, (r: SessionRecord) => SessionRecord, Partial<RecordFailure>]>([
    ['a die changed', (r) => tampered(r, ROLL, changeDie), { kind: 'events', seq: ROLL, event: 'roll', path: '[0].parts[0].seen.item.result.dice[0].values[0]' }],
    ['a salt changed in the reveal', (r) => tampered(r, ANSWER + 1, changeSalt), { kind: 'events', seq: ANSWER + 1, event: 'decl.revealed', path: '[1].parts[0].seen.decl.answers[0].salt' }],
    ['an answer changed in the reveal', (r) => tampered(r, ANSWER + 1, changeAnswer), { kind: 'events', seq: ANSWER + 1, event: 'decl.revealed', path: '[1].parts[0].seen.decl.answers[0].answer.text' }],
    ['an answer changed in the command: its commitment no longer follows', (r) => tampered(r, ANSWER, (e: any) => void (e.command.answer.text = 'east')), { kind: 'events', seq: ANSWER, event: 'decl.answered', path: '[0].parts[0].seen.commitment' }],
    ['the deck ordered by hand: the deal shows it', (r) => tampered(r, SHUFFLE + 1, (e: any) => void e.events[0].parts[0].seen.cards.reverse()), { kind: 'events', seq: SHUFFLE + 1, event: 'cards.drawn' }],
    ['an entry dropped', (r) => ({ ...r, entries: r.entries.filter((e) => e.seq !== ROLL) }), { kind: 'sequence', seq: ROLL + 1, expected: ROLL }],
    ['a command the rules refuse', (r) => tampered(r, 1, (e: any) => void (e.actor = P1)), { kind: 'refused', seq: 1 }],
    ['a command of another game', (r) => tampered(r, 1, (e: any) => void (e.command = { type: 'cot.setup' })), { kind: 'command', seq: 1 }],
  ])('a record with %s fails at that entry', (_, tamper, expected) => {
    const record = recordOf('free-table', SESSIONS[0]![1]);
    expect(failureOf(tamper(record))).toMatchObject(expected);
  });

  test('a failure shows the value logged and the value replayed', () => {
    const record = recordOf('free-table', SESSIONS[0]![1]);
    const failure = failureOf(tampered(record, ANSWER + 1, (e: any) => void (e.events[1].parts[0].seen.decl.answers[0].answer.text = 'east')));
    expect(failure).toMatchObject({ logged: 'east', replayed: 'north' });
  });

  test.each<[string, (r: SessionRecord) => SessionRecord, Partial<RecordFailure>]>([
    ['another seed than the one committed to', (r) => ({ ...r, seed: 'f'.repeat(64) }), { kind: 'commitment', expected: rngCommitment(SEED).hash }],
    ['a commitment to another seed', (r) => ({ ...r, commitment: rngCommitment('0'.repeat(64)) }), { kind: 'commitment', actual: rngCommitment(SEED).hash }],
    ['another DRBG', (r) => ({ ...r, commitment: { ...r.commitment, alg: 'sha256-drbg/0' } }), { kind: 'alg', alg: 'sha256-drbg/0' }],
    ['an unknown game', (r) => ({ ...r, game: 'chess' }), { kind: 'game', game: 'chess' }],
  ])('a record with %s fails before any replay', (_, tamper, expected) => {
    expect(failureOf(tamper(recordOf('dungeon-2d6', SESSIONS[1]![1])))).toMatchObject(expected);
  });

  test('a log replayed under a wrong seed with a matching commitment fails at the first draw', () => {
    const record = recordOf('dungeon-2d6', SESSIONS[1]![1]);
    const other = 'ab'.repeat(32);
    expect(failureOf({ ...record, seed: other, commitment: rngCommitment(other) })).toMatchObject({ kind: 'events', seq: 3, event: 'roll' });
  });
});
