import { describe, expect, test } from 'vitest';
import type { ServerMessage } from './messages.ts';
import { PROTOCOL_VERSION } from './version.ts';
import { ViewReplica } from './view-replica.ts';

const welcome = (seq: number, view: unknown) =>
  ({ type: 'welcome', protocol: PROTOCOL_VERSION, room: { id: 'r', game: 'g', title: 't', rng: { alg: 'sha256-drbg/1', hash: '0'.repeat(64) } }, viewer: { role: 'gm' }, seq, now: 0, view, lines: [], more: false }) as ServerMessage;
const patched = (seq: number, base: number, value: number) =>
  ({ type: 'update', seq, events: [], patch: { base, ops: [{ op: 'set', path: ['n'], value }] } }) as ServerMessage;
const bare = (seq: number) => ({ type: 'update', seq, events: [] }) as ServerMessage;

describe('ViewReplica', () => {
  test('a welcome is held; an update without a view leaves it, as the view at its seq; a patch for that seq applies', () => {
    const replica = new ViewReplica();
    expect(replica.receive(welcome(3, { n: 0 }))).toBe('changed');
    expect(replica.receive(bare(4))).toBe('unchanged');
    expect([replica.view, replica.seq]).toEqual([{ n: 0 }, 4]);
    expect(replica.receive(patched(5, 4, 1))).toBe('changed');
    expect([replica.view, replica.seq]).toEqual([{ n: 1 }, 5]);
  });

  test('after an update without a view, a patch for the seq before it is lost (the server moved its base too)', () => {
    const replica = new ViewReplica();
    replica.receive(welcome(3, { n: 0 }));
    replica.receive(bare(4));
    expect(replica.receive(patched(5, 3, 1))).toBe('lost');
  });

  test.each([
    ['before any view', [] as ServerMessage[], patched(2, 1, 1)],
    ['for another base', [welcome(3, { n: 0 })], patched(5, 4, 1)],
    ['that does not apply', [welcome(3, [])], patched(4, 3, 1)],
  ])('a patch %s is lost, and so is every patch after it until a whole view', (_name, before, patch) => {
    const replica = new ViewReplica();
    for (const m of before) replica.receive(m);
    const held = replica.view;
    expect(replica.receive(patch)).toBe('lost');
    expect(replica.view).toBe(held);
    expect(replica.receive(patched(patch.seq + 1, replica.seq ?? 0, 2))).toBe('lost');
    expect(replica.receive(welcome(9, { n: 9 }))).toBe('changed');
    expect(replica.receive(patched(10, 9, 10))).toBe('changed');
    expect(replica.view).toEqual({ n: 10 });
  });
});
