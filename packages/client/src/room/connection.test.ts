import { PROTOCOL_VERSION, WIRE_EVENT, type HandshakeAuth, type LogLine } from '@veiltable/protocol';
import { freeTableView, type FreeTableView } from '@veiltable/protocol/games/free-table';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Connection, type AuthProvider, type WireSocket } from './connection.svelte.ts';
import { protocolCheck } from './protocol-check.ts';

/** A socket double: records what the connection emits and lets the test fire socket events. */
class FakeSocket implements WireSocket {
  active = true;
  sent: unknown[] = [];
  connects = 0;
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  emit(event: string, payload: string) {
    if (event === WIRE_EVENT) this.sent.push(JSON.parse(payload));
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.active = false;
  }
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

function view(over: Partial<FreeTableView> = {}): FreeTableView {
  return {
    game: 'free-table',
    viewer: { role: 'player', seat: 's1' },
    seats: [{ id: 's1', name: 'Aki', handCount: 0 }],
    diceSystem: 'DiceBot',
    cast: [{ id: 's1.c1', owner: { role: 'player', seat: 's1' }, name: 'Aki', color: '#d9480f', palette: [] }],
    notes: null,
    deck: { drawCount: 0, discard: [] },
    hands: { s1: [] },
    table: [],
    declarations: [],
    released: false,
    ...over,
  };
}

const welcome = (seq: number, v = view(), lines: LogLine[] = [], more = false) => ({
  type: 'welcome',
  protocol: PROTOCOL_VERSION,
  room: { id: 'r1', game: 'free-table', title: 'Night at the inn', rng: { alg: 'sha256-drbg/1', hash: 'cd'.repeat(32) } },
  viewer: { role: 'player', seat: 's1' },
  seq,
  now: 0,
  view: v,
  lines,
  more,
});

let socket: FakeSocket;
let auth: AuthProvider;
let attempt: (n: number) => void;
let conn: Connection<FreeTableView>;

function handshake(): HandshakeAuth {
  let out: HandshakeAuth | undefined;
  auth((a) => (out = a));
  if (!out) throw new Error('auth callback not called');
  return out;
}

beforeEach(() => {
  socket = new FakeSocket();
  conn = new Connection<FreeTableView>(
    TOKEN,
    (a, onAttempt) => {
      auth = a;
      attempt = onAttempt;
      return socket;
    },
    // The page trusts its server; the tests hold every frame to the protocol, as the end-to-end tests do.
    protocolCheck(freeTableView),
  );
  conn.start();
});

describe('handshake and welcome', () => {
  test('the first handshake carries token and protocol but no seq', () => {
    expect(handshake()).toEqual({ token: TOKEN, protocol: PROTOCOL_VERSION });
    expect(conn.status).toBe('connecting');
  });

  test('a welcome brings the view, viewer and seq, and makes us online', () => {
    socket.fire('connect');
    socket.fire(WIRE_EVENT, welcome(7));
    expect(conn.status).toBe('online');
    expect(conn.lastSeq).toBe(7);
    expect(conn.roomTitle).toBe('Night at the inn');
    expect(conn.viewer).toEqual({ role: 'player', seat: 's1' });
    expect(conn.view?.seats[0]?.name).toBe('Aki');
  });

  test('every reconnect handshake sends the newest seq seen', () => {
    socket.fire(WIRE_EVENT, welcome(7));
    socket.fire(WIRE_EVENT, { type: 'update', seq: 9, events: [] });
    expect(handshake()).toEqual({ token: TOKEN, protocol: PROTOCOL_VERSION, lastSeq: 9 });
  });
});

describe('the server clock', () => {
  afterEach(() => vi.useRealTimers());

  test('a welcome sets the offset at once, then a ping’s pong measures it over the round trip', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // The server's clock runs 5 minutes ahead of this device's.
    socket.fire(WIRE_EVENT, { ...welcome(1), now: 1_000_000 + 300_000 });
    expect(conn.clock.offset).toBe(300_000);
    const ping = socket.sent.at(-1) as { type: string; ref: string };
    expect(ping.type).toBe('ping');
    vi.setSystemTime(1_000_400);
    // The welcome had taken 150 ms to arrive; the pong's time was read 200 ms into a 400 ms round trip.
    socket.fire(WIRE_EVENT, { type: 'pong', ref: ping.ref, seq: 1, now: 1_000_200 + 300_150 });
    expect(conn.clock.offset).toBe(300_150);
    expect(conn.clock.now()).toBe(1_000_400 + 300_150);
  });

  test('a pong for another ping leaves the offset alone', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    socket.fire(WIRE_EVENT, { ...welcome(1), now: 1_060_000 });
    socket.fire(WIRE_EVENT, { type: 'pong', ref: 'other', seq: 1, now: 5 });
    expect(conn.clock.offset).toBe(60_000);
  });
});

describe('updates', () => {
  beforeEach(() => socket.fire(WIRE_EVENT, welcome(3)));

  test('an update with a view replaces the view; without one only the seq moves', () => {
    socket.fire(WIRE_EVENT, { type: 'update', seq: 4, events: [], view: view({ seats: [] }) });
    expect(conn.view?.seats).toEqual([]);
    socket.fire(WIRE_EVENT, { type: 'update', seq: 5, events: [] });
    expect(conn.lastSeq).toBe(5);
    expect(conn.view?.seats).toEqual([]);
  });

  test('an update older than what we hold is ignored', () => {
    socket.fire(WIRE_EVENT, { type: 'update', seq: 2, events: [], view: view({ seats: [] }) });
    expect(conn.lastSeq).toBe(3);
    expect(conn.view?.seats).toHaveLength(1);
  });

  test.each([
    ['a message sent as JSON text rather than an object', JSON.stringify({ type: 'update', seq: 9, events: [] })],
    ['a message of unknown type', { type: 'boom', seq: 9 }],
    ['an update whose view breaks the schema', { type: 'update', seq: 9, events: [], view: { game: 'chess' } }],
  ])('drops %s', (_name, frame) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.fire(WIRE_EVENT, frame);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(conn.lastSeq).toBe(3);
    expect(conn.view?.seats).toHaveLength(1);
  });
});

describe('view patches', () => {

  beforeEach(() => socket.fire(WIRE_EVENT, welcome(3)));
  const patch = (seq: number, base: number, ops: unknown[]) => ({ type: 'update', seq, events: [], patch: { base, ops } });
  const resyncs = () => socket.sent.filter((m) => (m as { type: string }).type === 'resync').length;

  test('one update per batch of commits may jump several seqs: its patch’s base decides, no resync', () => {
    socket.fire(WIRE_EVENT, patch(9, 3, [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }]));
    expect(conn.view?.seats[0]?.name).toBe('Ari');
    expect(conn.lastSeq).toBe(9);
    expect(resyncs()).toBe(0);
  });

  test('a patch against the view held updates it; an update without one leaves the view as it was', () => {
    const before = conn.view;
    socket.fire(WIRE_EVENT, patch(4, 3, [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }]));
    socket.fire(WIRE_EVENT, { type: 'update', seq: 5, events: [] });
    socket.fire(WIRE_EVENT, patch(6, 5, [{ op: 'splice', path: ['seats'], at: 1, remove: 0, items: [{ id: 's2', name: 'Bora', handCount: 0 }] }]));
    expect(conn.view).toEqual({
      ...before,
      seats: [
        { id: 's1', name: 'Ari', handCount: 0 },
        { id: 's2', name: 'Bora', handCount: 0 },
      ],
    });
    expect(conn.lastSeq).toBe(6);
    expect(resyncs()).toBe(0);
  });

  test.each([
    ['a patch for a view we do not hold', patch(4, 2, [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }])],
    ['a patch that does not apply', patch(4, 3, [{ op: 'set', path: ['seats', 5, 'name'], value: 'Ari' }])],
    ['a patch whose result breaks the schema', patch(4, 3, [{ op: 'set', path: ['game'], value: 'chess' }])],
  ])('%s asks once for a resync; the welcome puts the view right', (_name, frame) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.fire(WIRE_EVENT, frame);
    socket.fire(WIRE_EVENT, patch(7, 4, [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }]));
    warn.mockRestore();
    expect(conn.view?.seats[0]?.name).toBe('Aki');
    expect(resyncs()).toBe(1);
    socket.fire(WIRE_EVENT, welcome(7, view({ seats: [{ id: 's1', name: 'Ari', handCount: 1 }] })));
    socket.fire(WIRE_EVENT, patch(8, 7, [{ op: 'set', path: ['seats', 0, 'handCount'], value: 2 }]));
    expect(conn.view?.seats[0]).toEqual({ id: 's1', name: 'Ari', handCount: 2 });
    expect(resyncs()).toBe(1);
  });
});

describe('commands', () => {
  beforeEach(() => socket.fire(WIRE_EVENT, welcome(1)));
  /** What was sent apart from the clock ping every welcome brings. */
  const commands = () => socket.sent.filter((m) => (m as { type: string }).type === 'command');

  test('a command is sent with a ref and resolves on its ack', async () => {
    const outcome = conn.send({ type: 'note.add', text: 'x' });
    const sent = commands()[0] as { type: string; ref: string; command: unknown };
    expect(sent).toMatchObject({ type: 'command', command: { type: 'note.add', text: 'x' } });
    expect(conn.pending).toEqual([sent.ref]);
    socket.fire(WIRE_EVENT, { type: 'ack', ref: sent.ref, seq: 2 });
    await expect(outcome).resolves.toEqual({ ok: true, seq: 2 });
    expect(conn.pending).toEqual([]);
  });

  test('a refusal resolves the command and is listed for display with its rule', async () => {
    const outcome = conn.send({ type: 'decl.reveal', decl: 'd1' });
    const { ref } = commands()[0] as { ref: string };
    socket.fire(WIRE_EVENT, { type: 'rejected', ref, code: 'NOT_GM', rule: 'FT-DECL-03', seq: 0 });
    await expect(outcome).resolves.toEqual({ ok: false, code: 'NOT_GM', rule: 'FT-DECL-03' });
    expect(conn.rejections.map((r) => [r.code, r.rule])).toEqual([['NOT_GM', 'FT-DECL-03']]);
    conn.dismiss(conn.rejections[0]!.id);
    expect(conn.rejections).toEqual([]);
  });

  test('refs are unique per command', () => {
    conn.send({ type: 'deck.shuffle' });
    conn.send({ type: 'deck.shuffle' });
    const refs = (commands() as { ref: string }[]).map((m) => m.ref);
    expect(new Set(refs).size).toBe(2);
  });

  test('a command unanswered when the socket drops is sent again under its ref once the room welcomes us back', async () => {
    const outcome = conn.send({ type: 'deck.shuffle' });
    const [first] = commands() as { ref: string }[];
    socket.fire('disconnect', 'transport close');
    expect(conn.status).toBe('offline');
    expect(conn.pending).toEqual([first!.ref]);
    socket.fire(WIRE_EVENT, welcome(4));
    // The second send says it is a retry, so the room also looks for the ref in its log.
    expect(commands()).toEqual([first, { ...first, retry: true }]);
    // The server answers a ref it had already committed with its first outcome.
    socket.fire(WIRE_EVENT, { type: 'ack', ref: first!.ref, seq: 2 });
    await expect(outcome).resolves.toEqual({ ok: true, seq: 2 });
    expect(conn.pending).toEqual([]);
  });

  test('closing the page settles what is unanswered as unconfirmed, said once', async () => {
    const outcomes = [conn.send({ type: 'deck.shuffle' }), conn.send({ type: 'deck.shuffle' })];
    conn.stop();
    await expect(Promise.all(outcomes)).resolves.toEqual([
      { ok: false, code: 'UNCONFIRMED' },
      { ok: false, code: 'UNCONFIRMED' },
    ]);
    expect(conn.rejections.map((r) => r.code)).toEqual(['UNCONFIRMED']);
  });

  test('an update settles the commands it committed, after its patch is shown', async () => {
    const outcome = conn.send({ type: 'note.add', text: 'x' });
    const { ref } = commands()[0] as { ref: string };
    let seen: string | undefined;
    void outcome.then(() => (seen = conn.view?.seats[0]?.name));
    socket.fire(WIRE_EVENT, { type: 'update', seq: 5, acks: [{ ref, seq: 5 }], patch: { base: 1, ops: [{ op: 'set', path: ['seats', 0, 'name'], value: 'Ari' }] } });
    await expect(outcome).resolves.toEqual({ ok: true, seq: 5 });
    expect(seen).toBe('Ari');
  });

  test('a rate-limit refusal names its command, which then ends', async () => {
    const outcome = conn.send({ type: 'deck.shuffle' });
    const { ref } = commands()[0] as { ref: string };
    socket.fire(WIRE_EVENT, { type: 'rejected', ref, code: 'RATE_LIMITED', seq: 1 });
    await expect(outcome).resolves.toEqual({ ok: false, code: 'RATE_LIMITED' });
  });

  test('refs differ between pages of the same seat: the server keeps them per actor', () => {
    const other = new Connection(TOKEN, () => new FakeSocket());
    conn.send({ type: 'deck.shuffle' });
    const mine = (commands()[0] as { ref: string }).ref;
    expect(other.commands.ref()).not.toBe(mine);
    expect(mine.length).toBeLessThanOrEqual(64);
  });

  test('nothing is sent while offline', async () => {
    socket.fire('disconnect', 'transport close');
    await expect(conn.send({ type: 'deck.shuffle' })).resolves.toEqual({ ok: false, code: 'OFFLINE' });
    expect(commands()).toEqual([]);
  });
});

describe('losing the connection', () => {
  test('reconnect attempts are counted and cleared by the next welcome', () => {
    socket.fire(WIRE_EVENT, welcome(1));
    socket.fire('disconnect', 'transport close');
    attempt(1);
    attempt(2);
    expect(conn.status).toBe('connecting');
    expect(conn.reconnectAttempt).toBe(2);
    socket.fire(WIRE_EVENT, welcome(4));
    expect(conn.status).toBe('online');
    expect(conn.reconnectAttempt).toBe(0);
  });

  test('a handshake refusal is final until the user retries', () => {
    socket.active = false;
    socket.fire('connect_error', new Error('TOKEN_REVOKED'));
    expect(conn.status).toBe('kicked');
    expect(conn.reason).toBe('TOKEN_REVOKED');
    conn.retry();
    expect(socket.connects).toBe(1);
    expect(conn.status).toBe('connecting');
  });

  test('a transient connect error leaves us offline while socket.io retries', () => {
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(conn.status).toBe('offline');
  });

  test('a kick stays a kick when the socket then closes', () => {
    socket.fire(WIRE_EVENT, welcome(1));
    socket.fire(WIRE_EVENT, { type: 'kicked', code: 'TOKEN_REVOKED', seq: 0 });
    socket.fire('disconnect', 'io server disconnect');
    expect(conn.status).toBe('kicked');
    expect(conn.reason).toBe('TOKEN_REVOKED');
    expect(socket.connects).toBe(0);
  });
});

describe('the timeline', () => {
  const chat = (seq: number, text: string, i = 0): LogLine => ({
    seq,
    at: 1_700_000_000_000 + seq,
    i,
    seen: { type: 'feed', item: { kind: 'chat', id: `m${seq}`, from: { role: 'gm' }, to: { kind: 'all' }, channel: 'main', text } },
  });
  const texts = () => conn.timeline.lines.map((l) => (l.read.kind === 'chat' ? l.read.item.text : l.read.kind));

  test('a welcome\'s page, then update lines, then an older page asked for on the link', () => {
    socket.fire(WIRE_EVENT, welcome(7, view(), [chat(6, 'six'), chat(7, 'seven')], true));
    socket.fire(WIRE_EVENT, { type: 'update', seq: 8, lines: [chat(8, 'eight')] });
    expect(texts()).toEqual(['six', 'seven', 'eight']);
    conn.timeline.loadOlder();
    const asked = socket.sent.find((m) => (m as { type: string }).type === 'log') as { ref: string; before: number; limit: number };
    expect(asked).toMatchObject({ type: 'log', before: 6, limit: 100 });
    expect(conn.timeline.loading).toBe(true);
    socket.fire(WIRE_EVENT, { type: 'log', ref: asked.ref, seq: 8, lines: [chat(2, 'two'), chat(5, 'five')], more: false });
    expect(texts()).toEqual(['two', 'five', 'six', 'seven', 'eight']);
    expect(conn.timeline.more).toBe(false);
    expect(conn.timeline.loading).toBe(false);
  });

  test('a refused page request can be asked again, and the refusal is shown', () => {
    socket.fire(WIRE_EVENT, welcome(7, view(), [chat(7, 'seven')], true));
    conn.timeline.loadOlder();
    const asked = socket.sent.find((m) => (m as { type: string }).type === 'log') as { ref: string };
    socket.fire(WIRE_EVENT, { type: 'rejected', ref: asked.ref, code: 'RATE_LIMITED', seq: 7 });
    expect(conn.timeline.loading).toBe(false);
    expect(conn.rejections.map((r) => r.code)).toEqual(['RATE_LIMITED']);
    conn.timeline.loadOlder();
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'log')).toHaveLength(2);
  });

  test('a reconnect\'s welcome replaces the lines held with its page', () => {
    socket.fire(WIRE_EVENT, welcome(7, view(), [chat(7, 'seven')], false));
    socket.fire(WIRE_EVENT, { type: 'update', seq: 8, lines: [chat(8, 'eight')] });
    socket.fire(WIRE_EVENT, welcome(10, view(), [chat(9, 'nine'), chat(10, 'ten')], true));
    expect(texts()).toEqual(['nine', 'ten']);
    expect(conn.timeline.more).toBe(true);
  });

  test('no page is asked for while offline', () => {
    conn.timeline.reset([chat(7, 'seven')], true);
    conn.timeline.loadOlder();
    expect(socket.sent.some((m) => (m as { type: string }).type === 'log')).toBe(false);
    expect(conn.timeline.loading).toBe(false);
  });
});
