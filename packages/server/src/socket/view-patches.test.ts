import type { GameView, ServerMessage } from '@veiltable/protocol';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { applyPatch, PROTOCOL_VERSION } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { PatchCache, SocketViews } from './view-patches.ts';

function view(names: string[], feed: string[] = []): FreeTableView {
  return {
    game: 'free-table',
    viewer: { role: 'spectator' },
    seats: names.map((name, i) => ({ id: `s${i + 1}`, name, handCount: 0 })),
    feed: feed.map((text, i) => ({ kind: 'chat', id: `f${i}`, from: { role: 'gm' }, to: { kind: 'all' }, text })),
    notes: null,
    deck: { drawCount: 0, discard: [] },
    hands: {},
    table: [],
    declarations: [],
  };
}

const welcome = (seq: number, v: GameView): ServerMessage => ({
  type: 'welcome',
  protocol: PROTOCOL_VERSION,
  room: { id: 'r1', game: 'free-table', title: 'T' },
  viewer: { role: 'spectator' },
  seq,
  now: 0,
  view: v,
});
const update = (seq: number, v?: GameView): ServerMessage => ({ type: 'update', seq, events: [], ...(v ? { view: v } : {}) });

/** Plays what a client does with the messages one socket was sent: the view it ends up holding. */
function clientView(sent: ServerMessage[]): unknown {
  let held: unknown;
  let heldSeq = -1;
  for (const m of JSON.parse(JSON.stringify(sent)) as ServerMessage[]) {
    if (m.type === 'welcome' || (m.type === 'update' && m.view)) {
      held = m.view;
      heldSeq = m.seq;
    } else if (m.type === 'update' && m.patch) {
      expect(m.patch.base).toBe(heldSeq);
      held = applyPatch(held, m.patch.ops);
      heldSeq = m.seq;
    }
  }
  return held;
}

describe('SocketViews', () => {
  test('after the welcome, an update carries a patch against the last view sent, and the client rebuilds the view', () => {
    const socket = new SocketViews(new PatchCache());
    const v1 = view(['Aki']);
    const v3 = view(['Aki', 'Bora'], ['hello']);
    const sent = [welcome(1, v1), update(2), update(3, v3)].map((m) => socket.outgoing(m));
    expect(sent[0]).toMatchObject({ type: 'welcome', view: v1 });
    expect(sent[1]).toEqual({ type: 'update', seq: 2, events: [] });
    expect(sent[2]).toEqual({
      type: 'update',
      seq: 3,
      events: [],
      patch: {
        base: 1,
        ops: [
          { op: 'splice', path: ['seats'], at: 1, remove: 0, items: [v3.seats[1]] },
          { op: 'splice', path: ['feed'], at: 0, remove: 0, items: v3.feed },
        ],
      },
    });
    expect(clientView(sent)).toEqual(JSON.parse(JSON.stringify(v3)));
  });

  test('an update with a view before any welcome goes out whole: there is no base to patch', () => {
    const socket = new SocketViews(new PatchCache());
    const v = view(['Aki']);
    expect(socket.outgoing(update(4, v))).toEqual(update(4, v));
    expect(socket.outgoing(update(5, view(['Ari'])))).toMatchObject({ patch: { base: 4, ops: [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }] } });
  });

  test('a fresh welcome (a resync) becomes the new base', () => {
    const socket = new SocketViews(new PatchCache());
    socket.outgoing(welcome(1, view(['Aki'])));
    socket.outgoing(welcome(7, view(['Ari'])));
    expect(socket.outgoing(update(8, view(['Ari', 'Bora'])))).toMatchObject({ patch: { base: 7 } });
  });

  test('sockets holding the same base share one patched message; a socket on another base gets its own', () => {
    const cache = new PatchCache();
    const [tab1, tab2, late] = [new SocketViews(cache), new SocketViews(cache), new SocketViews(cache)];
    const v1 = view(['Aki']);
    const v2 = view(['Aki', 'Bora']);
    const v3 = view(['Aki', 'Bora', 'Chen']);
    const u2 = update(2, v2);
    const u3 = update(3, v3);
    tab1.outgoing(welcome(1, v1));
    tab2.outgoing(welcome(1, v1));
    expect(tab1.outgoing(u2)).toBe(tab2.outgoing(u2));
    late.outgoing(welcome(2, view(['Aki', 'Bora'])));
    const forTabs = tab1.outgoing(u3);
    expect(tab2.outgoing(u3)).toBe(forTabs);
    expect(late.outgoing(u3)).not.toBe(forTabs);
  });

  test('the sharing lasts one turn: a socket reaching the same base later gets its own equal message', async () => {
    const cache = new PatchCache();
    const [tab1, tab2] = [new SocketViews(cache), new SocketViews(cache)];
    const v1 = view(['Aki']);
    const u2 = update(2, view(['Aki', 'Bora']));
    tab1.outgoing(welcome(1, v1));
    tab2.outgoing(welcome(1, v1));
    const first = tab1.outgoing(u2);
    await Promise.resolve();
    const second = tab2.outgoing(u2);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  test('messages without a view pass through unchanged', () => {
    const socket = new SocketViews(new PatchCache());
    const ack: ServerMessage = { type: 'ack', ref: 'c1', seq: 3 };
    expect(socket.outgoing(ack)).toBe(ack);
  });
});
