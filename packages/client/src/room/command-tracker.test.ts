import { describe, expect, test } from 'vitest';
import { CommandTracker } from './command-tracker.svelte.ts';

describe('CommandTracker', () => {
  test('refs carry a random prefix of their tracker and a counter: no two pages draw the same', () => {
    const a = new CommandTracker();
    const b = new CommandTracker();
    const refs = [a.ref(), a.ref(), b.ref()];
    expect(new Set(refs).size).toBe(3);
    expect(refs[0]!.split('.')[0]).toBe(refs[1]!.split('.')[0]);
    expect(refs[0]!.split('.')[0]).not.toBe(refs[2]!.split('.')[0]);
    for (const ref of refs) expect(ref).toMatch(/^[A-Za-z0-9_-]{12}\.\d+$/);
  });

  test('a command waits until its commit; a second answer for the same ref changes nothing', async () => {
    const tracker = new CommandTracker('p');
    const { message, outcome } = tracker.track({ type: 'deck.shuffle' });
    expect(message).toEqual({ type: 'command', ref: 'p.1', command: { type: 'deck.shuffle' } });
    expect(tracker.pending).toEqual(['p.1']);
    tracker.committed([{ ref: 'p.1', seq: 7 }]);
    tracker.refused('p.1', 'LATE');
    await expect(outcome).resolves.toEqual({ ok: true, seq: 7 });
    expect(tracker.pending).toEqual([]);
    expect(tracker.rejections.map((r) => r.code)).toEqual(['LATE']);
  });

  test('a refusal ends its command and is listed with its rule; one without a ref is only listed', async () => {
    const tracker = new CommandTracker('p');
    const { outcome } = tracker.track({ type: 'decl.reveal', decl: 'd1' });
    tracker.refused('p.1', 'NOT_GM', 'FT-DECL-03');
    tracker.refused(null, 'BAD_JSON');
    await expect(outcome).resolves.toEqual({ ok: false, code: 'NOT_GM', rule: 'FT-DECL-03' });
    expect(tracker.rejections.map((r) => [r.ref, r.code, r.rule])).toEqual([
      ['p.1', 'NOT_GM', 'FT-DECL-03'],
      [null, 'BAD_JSON', undefined],
    ]);
  });

  test('what is unanswered is kept, in the order sent, for a new socket', () => {
    const tracker = new CommandTracker('p');
    tracker.track({ n: 1 });
    tracker.track({ n: 2 });
    tracker.track({ n: 3 });
    tracker.committed([{ ref: 'p.2', seq: 4 }]);
    expect(tracker.unanswered().map((m) => m.type === 'command' && m.ref)).toEqual(['p.1', 'p.3']);
  });

  test('abandoning ends every waiting command with the code, said once; with nothing waiting, nothing is said', async () => {
    const tracker = new CommandTracker('p');
    tracker.abandon('UNCONFIRMED');
    expect(tracker.rejections).toEqual([]);
    const outcomes = [tracker.track({}).outcome, tracker.track({}).outcome];
    tracker.abandon('UNCONFIRMED');
    await expect(Promise.all(outcomes)).resolves.toEqual([
      { ok: false, code: 'UNCONFIRMED' },
      { ok: false, code: 'UNCONFIRMED' },
    ]);
    expect(tracker.rejections.map((r) => r.code)).toEqual(['UNCONFIRMED']);
    expect(tracker.unanswered()).toEqual([]);
  });

  test('a burst of refusals keeps the newest four on screen; one can be dismissed', () => {
    const tracker = new CommandTracker('p');
    for (const code of ['A1', 'A2', 'A3', 'A4', 'A5']) tracker.notify(code);
    expect(tracker.rejections.map((r) => r.code)).toEqual(['A2', 'A3', 'A4', 'A5']);
    tracker.dismiss(tracker.rejections[0]!.id);
    expect(tracker.rejections.map((r) => r.code)).toEqual(['A3', 'A4', 'A5']);
  });
});

test('a refusal’s detail (what a malformed command got wrong) reaches the command’s caller', async () => {
  const tracker = new CommandTracker('p');
  const { outcome } = tracker.track({ type: 'character.update' });
  tracker.refused('p.1', 'BAD_SHAPE', undefined, 'sheet.hp: Expected number');
  await expect(outcome).resolves.toEqual({ ok: false, code: 'BAD_SHAPE', detail: 'sheet.hp: Expected number' });
});
