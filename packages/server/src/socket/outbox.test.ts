import type { ServerMessage } from '@veiltable/protocol';
import { describe, expect, test, vi } from 'vitest';
import { Outbox } from './outbox.ts';

const pong = (ref: string): ServerMessage => ({ type: 'pong', ref, seq: 0, now: 0 });

type Emit = { ids: string[]; msg: ServerMessage };

function recorded(): { outbox: Outbox; emits: Emit[] } {
  const emits: Emit[] = [];
  const outbox = new Outbox((ids, msg) => emits.push({ ids: [...ids], msg }));
  return { outbox, emits };
}

/** Lets the outbox's end-of-turn flush run. */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What each socket received, in order, from the emits made. */
function perSocket(emits: readonly Emit[]): Map<string, ServerMessage[]> {
  const out = new Map<string, ServerMessage[]>();
  for (const { ids, msg } of emits) for (const id of ids) out.set(id, [...(out.get(id) ?? []), msg]);
  return out;
}

describe('one emit per distinct message', () => {
  test('a message sent to several sockets in one turn is emitted once, to exactly those sockets', async () => {
    const { outbox, emits } = recorded();
    const a = pong('a');
    const b = pong('b');
    outbox.send('s1', a);
    outbox.send('s2', b);
    outbox.send('s3', a);
    expect(emits).toEqual([]);
    await endOfTurn();
    expect(emits).toEqual([
      { ids: ['s1', 's3'], msg: a },
      { ids: ['s2'], msg: b },
    ]);
  });

  test('equal but distinct objects are separate messages', async () => {
    const { outbox, emits } = recorded();
    outbox.send('s1', pong('x'));
    outbox.send('s2', pong('x'));
    await endOfTurn();
    expect(emits.map((e) => e.ids)).toEqual([['s1'], ['s2']]);
  });

  test('sends made a few promise steps later in the same turn (the ack after its update) go in the same flush', async () => {
    const { outbox, emits } = recorded();
    const update = pong('update');
    const ack = pong('ack');
    outbox.send('s1', update);
    outbox.send('s2', update);
    await Promise.resolve().then(() => Promise.resolve());
    outbox.send('s1', ack);
    expect(emits).toEqual([]);
    await endOfTurn();
    expect(emits).toEqual([
      { ids: ['s1', 's2'], msg: update },
      { ids: ['s1'], msg: ack },
    ]);
  });

  test('a later turn starts afresh', async () => {
    const { outbox, emits } = recorded();
    const a = pong('a');
    outbox.send('s1', a);
    await endOfTurn();
    outbox.send('s2', a);
    await endOfTurn();
    expect(emits.map((e) => e.ids)).toEqual([['s1'], ['s2']]);
  });
});

describe('held writes', () => {
  test('the sockets sent several messages in a flush are held from before the first emit until after the last', () => {
    const log: string[] = [];
    const outbox = new Outbox(
      (ids, msg) => log.push(`emit ${msg.type === 'pong' ? msg.ref : msg.type} to ${ids.join(',')}`),
      (ids) => {
        log.push(`hold ${ids.join(',')}`);
        return () => log.push('release');
      },
    );
    outbox.send('s1', pong('u'));
    outbox.send('s2', pong('v'));
    outbox.send('s1', pong('ack'));
    outbox.flush();
    expect(log).toEqual(['hold s1', 'emit u to s1', 'emit v to s2', 'emit ack to s1', 'release']);
  });

  test('a failing emit still releases the held sockets', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let released = false;
    const outbox = new Outbox(
      () => {
        throw new Error('socket closed mid-write');
      },
      () => () => (released = true),
    );
    outbox.send('s1', pong('a'));
    outbox.send('s1', pong('b'));
    outbox.flush();
    expect(released).toBe(true);
    error.mockRestore();
  });
});

describe('order and delivery', () => {
  test('sockets that get shared messages in different orders each get their own order', () => {
    const { outbox, emits } = recorded();
    const a = pong('a');
    const b = pong('b');
    outbox.send('s1', a);
    outbox.send('s1', b);
    outbox.send('s2', b);
    outbox.send('s2', a);
    outbox.flush();
    expect(perSocket(emits)).toEqual(
      new Map([
        ['s1', [a, b]],
        ['s2', [b, a]],
      ]),
    );
    expect(emits).toHaveLength(3);
  });

  test('the same message sent twice to one socket arrives twice', () => {
    const { outbox, emits } = recorded();
    const a = pong('a');
    outbox.send('s1', a);
    outbox.send('s1', a);
    outbox.flush();
    expect(perSocket(emits).get('s1')).toEqual([a, a]);
  });

  test('flush writes at once, so a kick queued just before a close goes out first', () => {
    const { outbox, emits } = recorded();
    const kicked: ServerMessage = { type: 'kicked', code: 'TOO_MANY_REJECTIONS', seq: 0 };
    outbox.send('s1', kicked);
    outbox.flush();
    expect(emits).toEqual([{ ids: ['s1'], msg: kicked }]);
  });

  test('an emit that throws does not stop the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const delivered: string[] = [];
    const outbox = new Outbox((ids) => {
      if (ids.includes('broken')) throw new Error('socket closed mid-write');
      delivered.push(...ids);
    });
    outbox.send('broken', pong('a'));
    outbox.send('s2', pong('b'));
    outbox.flush();
    expect(delivered).toEqual(['s2']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

/** A small seeded generator, so a failing run can be replayed from its seed. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('seeded fuzz', () => {
  test.each([1, 2, 3, 42, 2024, 99991])('seed %i: every socket receives exactly what it was sent, in order', (seed) => {
    const random = lcg(seed);
    const { outbox, emits } = recorded();
    const sockets = ['s1', 's2', 's3', 's4', 's5'];
    const messages = Array.from({ length: 6 }, (_, i) => pong(`m${i}`));
    const sent = new Map<string, ServerMessage[]>();
    for (let i = 0; i < 200; i++) {
      const id = sockets[Math.floor(random() * sockets.length)]!;
      const msg = messages[Math.floor(random() * messages.length)]!;
      outbox.send(id, msg);
      sent.set(id, [...(sent.get(id) ?? []), msg]);
      if (random() < 0.05) outbox.flush();
    }
    outbox.flush();
    expect(perSocket(emits)).toEqual(sent);
    expect(emits.length).toBeLessThan(200);
  });
});
