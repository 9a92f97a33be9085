import { EXPORT_FORMAT, type ExportDocument, type LogLine } from '@veiltable/protocol';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { describe, expect, test } from 'vitest';
import { replayPhase } from '../games/free-table/replay-phases.ts';
import { phaseList, type Translate } from './phases.ts';
import { readExport, watchedAs } from './replay-file.ts';
import { replaySteps } from './replay-steps.ts';
import { Replay, type Schedule } from './replay.svelte.ts';

// Issue 14, item 5: a replay steps through an export's view steps (the whole view, then an update's patch per seq
// where the viewer's view changed) and its lines, as the viewer had them at each step. The export here is made by
// hand in the format the server writes (protocol export.ts `exportViewStep`).

const AT = 1_764_000_000_000;
type View = Pick<FreeTableView, 'declarations'> & { seats: { id: string; name: string }[]; chat: string[] };
const decl = (status: 'open' | 'revealed', answer?: string) => ({
  id: 'd1',
  prompt: 'Which door?',
  kind: 'text' as const,
  seats: ['s1', 's2'],
  status,
  answers: [{ seat: 's2', declared: true, commitment: 'c'.repeat(64), ...(answer ? { answer: { kind: 'text' as const, text: answer }, salt: 'ab' } : {}) }],
});
const start: View = { seats: [{ id: 's1', name: 'Aiko' }, { id: 's2', name: 'Bruno' }], chat: [], declarations: [] };
const chat = (seq: number, text: string): LogLine => ({ seq, at: AT + seq * 1000, i: 0, seen: { type: 'feed', item: { kind: 'chat', id: `m${seq}`, text } } });

/** Seq 2 a chat line, 3 a declaration opened, 5 a line with no change to the view, 6 Bruno's answer revealed. */
function doc(over: Partial<ExportDocument> = {}): ExportDocument {
  return {
    format: EXPORT_FORMAT,
    room: { id: 'r1', game: 'free-table', title: 'Night', rng: { alg: 'sfc32', hash: 'ab'.repeat(32) } },
    viewer: { role: 'player', seat: 's1' },
    exportedAt: new Date(AT + 10_000).toISOString(),
    lang: 'en',
    tz: 'UTC',
    lastSeq: 6,
    lines: [chat(2, 'hello'), chat(5, 'knock'), chat(6, 'revealed')],
    views: [
      { seq: 0, view: start },
      { seq: 2, patch: { base: 0, ops: [{ op: 'splice', path: ['chat'], at: 0, remove: 0, items: ['hello'] }] } },
      { seq: 3, patch: { base: 2, ops: [{ op: 'set', path: ['declarations'], value: [decl('open')] }] } },
      { seq: 6, patch: { base: 3, ops: [{ op: 'set', path: ['declarations', 0], value: decl('revealed', 'THE-RED-DOOR') }] } },
    ],
    ...over,
  };
}

const stepsOf = (d: ExportDocument) => {
  const made = replaySteps(d);
  if (!made.ok) throw new Error(made.code);
  return made;
};

/** A clock the test moves by hand: what is due runs when time passes it. */
function fakeClock(): { schedule: Schedule; pass: (ms: number) => void; pending: () => number } {
  let now = 0;
  let timers: { due: number; run: () => void }[] = [];
  return {
    schedule: (run, ms) => {
      const timer = { due: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
    pass(ms) {
      const until = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.due <= until).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.due;
        next.run();
      }
      now = until;
    },
    pending: () => timers.length,
  };
}

const t: Translate = (key, params) => `${key}${params ? JSON.stringify(params) : ''}`;
/** Bruno's answer as a view shows it, once it may be read. */
const answerOf = (view: unknown) => {
  const answer = (view as View).declarations[0]?.answers[0]?.answer;
  return answer?.kind === 'text' ? answer.text : undefined;
};

describe('replaySteps: the table at each step', () => {
  test('a step per seq where the view changed or a line came, each with the view and lines of then', () => {
    const { steps } = stepsOf(doc());
    expect(steps.map((s) => ({ seq: s.seq, lines: s.lines, at: s.at, chat: (s.view as View).chat.length, decls: (s.view as View).declarations.length }))).toEqual([
      { seq: 0, lines: 0, at: null, chat: 0, decls: 0 },
      { seq: 2, lines: 1, at: AT + 2000, chat: 1, decls: 0 },
      { seq: 3, lines: 1, at: AT + 2000, chat: 1, decls: 1 },
      { seq: 5, lines: 2, at: AT + 5000, chat: 1, decls: 1 },
      { seq: 6, lines: 3, at: AT + 6000, chat: 1, decls: 1 },
    ]);
  });

  test('an answer revealed at seq 6 is absent from every step before it and present from it on', () => {
    const { steps } = stepsOf(doc());
    expect(steps.map((s) => answerOf(s.view) ?? null)).toEqual([null, null, null, null, 'THE-RED-DOOR']);
    expect(JSON.stringify(steps.slice(0, 4).map((s) => s.view))).not.toContain('THE-RED-DOOR');
  });

  test.each([
    ['an export with no step at all', { views: [] }, 'NO_STEPS'],
    ['steps that open with a patch, not a whole view', { views: [{ seq: 2, patch: { base: 0, ops: [] } }] }, 'NO_STEPS'],
    ['a patch for another base than the step before', { views: [{ seq: 0, view: start }, { seq: 3, patch: { base: 2, ops: [] } }] }, 'BAD_STEPS'],
    ['a patch that does not fit its view', { views: [{ seq: 0, view: start }, { seq: 2, patch: { base: 0, ops: [{ op: 'del' as const, path: ['nope', 'x'] }] } }] }, 'BAD_STEPS'],
  ])('%s is refused', (_name, over, code) => {
    expect(replaySteps(doc(over as Partial<ExportDocument>))).toEqual({ ok: false, code });
  });
});

describe('Replay: stepping, seeking and playing', () => {
  function replay() {
    const clock = fakeClock();
    const { steps, lines } = stepsOf(doc());
    return { r: new Replay(steps, lines, (view) => replayPhase(view as FreeTableView, t), clock.schedule), clock };
  }

  test('opens at the first step with no lines; forward and back move one step, never past either end', () => {
    const { r } = replay();
    expect({ index: r.index, lines: r.timeline.lines.length }).toEqual({ index: 0, lines: 0 });
    r.back();
    expect(r.index).toBe(0);
    r.forward();
    r.forward();
    expect({ index: r.index, seq: r.step.seq, lines: r.timeline.lines.map((l) => l.seq) }).toEqual({ index: 2, seq: 3, lines: [2] });
    r.seek(99);
    expect({ index: r.index, lines: r.timeline.lines.map((l) => l.seq) }).toEqual({ index: 4, lines: [2, 5, 6] });
    r.forward();
    expect(r.index).toBe(4);
    r.seek(1);
    expect({ index: r.index, lines: r.timeline.lines.map((l) => l.seq) }).toEqual({ index: 1, lines: [2] });
  });

  test.each([
    [1, 1000],
    [2, 500],
    [4, 250],
    [8, 125],
  ] as const)('at %i× a step lasts %i ms, and playing stops at the last step', (speed, ms) => {
    const { r, clock } = replay();
    r.setSpeed(speed);
    r.play();
    clock.pass(ms - 1);
    expect(r.index).toBe(0);
    clock.pass(1);
    expect(r.index).toBe(1);
    clock.pass(ms * 10);
    expect({ index: r.index, playing: r.playing, timers: clock.pending() }).toEqual({ index: 4, playing: false, timers: 0 });
  });

  test('pause stops the timer; play at the end starts over; a seek while playing waits a whole step again', () => {
    const { r, clock } = replay();
    r.play();
    clock.pass(1000);
    r.pause();
    clock.pass(5000);
    expect({ index: r.index, timers: clock.pending() }).toEqual({ index: 1, timers: 0 });
    r.seek(4);
    r.play();
    expect(r.index).toBe(0);
    clock.pass(600);
    r.seek(2);
    clock.pass(600);
    expect(r.index).toBe(2);
    clock.pass(400);
    expect(r.index).toBe(3);
    r.setSpeed(8);
    clock.pass(125);
    expect(r.index).toBe(4);
    r.dispose();
    expect(clock.pending()).toBe(0);
  });

  test('toggle plays and pauses', () => {
    const { r } = replay();
    r.toggle();
    expect(r.playing).toBe(true);
    r.toggle();
    expect(r.playing).toBe(false);
  });

  test('jump to phase: each declaration round opened and revealed, at its first step; the phase shown follows the step', () => {
    const { r } = replay();
    expect(r.phases).toEqual([
      { label: 'replay.phase.declOpen{"n":1}', step: 2 },
      { label: 'replay.phase.declRevealed{"n":1}', step: 4 },
    ]);
    expect(r.phase).toBe(null);
    r.seek(3);
    expect(r.phase).toEqual(r.phases[0]);
    r.seek(r.phases[1]!.step);
    expect({ index: r.index, answer: answerOf(r.step.view) }).toEqual({ index: 4, answer: 'THE-RED-DOOR' });
  });

  test('a game whose namer names no phase gives an empty list', () => {
    const { steps } = stepsOf(doc());
    expect(phaseList(steps, () => null)).toEqual([]);
  });
});

describe('readExport: a file from the device', () => {
  test.each([
    ['a file that is not JSON', 'hello, world', 'NOT_JSON'],
    ['JSON that is no export', JSON.stringify({ format: 'something-else', lines: [] }), 'NOT_EXPORT'],
    ['an export whose line is malformed', JSON.stringify({ ...doc(), lines: [{ seq: 0 }] }), 'NOT_EXPORT'],
    ['an export whose step is malformed', JSON.stringify({ ...doc(), views: [{ seq: 0, patch: { base: 'x' } }] }), 'NOT_EXPORT'],
    ['an export without the view\'s steps', JSON.stringify({ ...doc(), views: undefined }), 'NOT_EXPORT'],
    ['an export made before exports carried the view\'s steps', JSON.stringify({ ...doc(), format: 'veiltable-export/1', views: undefined }), 'NO_STEPS'],
    ['an export with no step at all', JSON.stringify({ ...doc(), views: [] }), 'NO_STEPS'],
  ])('%s is refused (%s)', (_name, text, code) => {
    expect(readExport(text)).toEqual({ ok: false, code });
  });

  test.each([
    ['a viewer\'s own export is its own table', {}, { role: 'player', seat: 's1' }],
    ['an open export asked for as no one holds the GM\'s', { open: true as const }, { role: 'gm' }],
    ['an open export asked for as a seat holds that seat\'s', { open: true as const, as: { role: 'player' as const, seat: 's2' } }, { role: 'player', seat: 's2' }],
  ])('watchedAs: %s', (_name, over, viewer) => {
    expect(watchedAs(doc(over))).toEqual(viewer);
  });

  test('an export is read as written, its steps replayable', () => {
    const read = readExport(JSON.stringify(doc()));
    expect(read.ok && stepsOf(read.doc).steps.length).toBe(5);
  });
});
