import { describe, expect, test } from 'vitest';
import { WIRE_EVENT } from '@veiltable/protocol';
import { characterOf, cotCharacter, cotSetupFor, gmSettles } from './support/cot-table.ts';
import { createRoom, setSpectatorDelay } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';
import { plantText } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit } from './support/session.ts';

// Issue 14, item 6: a spectator feed "delayed on the server by a GM-set amount (seconds to minutes, or one phase
// behind): the delayed spectator's socket receives nothing before the delay has passed". In a Call of <T> room
// one phase behind, every frame the spectator's socket receives is recorded, and values the current phase reveals
// to everyone (a character's name, chat lines) are searched for in all of them until the next phase begins.

const stack = serverStack({ database: 'postgres' });
const sockets = stack.sockets;

const say = (text: string) => ({ type: 'chat.send', to: { kind: 'all' }, text });

describe('a spectator one phase behind, Call of <T>', () => {
  test('no frame of the delayed spectator carries what the current phase shows; the next phase releases it', async () => {
    const room = await createRoom(stack.url, 'Phase stream', ['Aiko'], 'call-of-t');
    expect(await setSpectatorDelay(stack.url, room, 'phase')).toBe('phase');
    const open = (token: string, label: string) => {
      const c = new RecordingClient(stack.url, token, label);
      sockets.push(c);
      return c;
    };
    const gm = open(room.gmToken, 'gm');
    const player = open(room.seats[0]!.token, 'p1');
    const spec = open(room.spectatorToken, 'spectator');
    await Promise.all([gm, player, spec].map((c) => c.connect()));
    const wire = (c: RecordingClient) => c.frames.map((f) => f.text).join('\n');
    /** Everything the spectator's socket received so far carries none of `texts`. */
    const unseen = (texts: string[]) => expect(texts.filter((t) => wire(spec).includes(t))).toEqual([]);
    let pings = 0;
    /** A ping answered: the socket has received whatever the server sent it before. */
    const drained = async () => {
      const ref = `drain-${++pings}`;
      spec.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'ping', ref }));
      await spec.waitFor(() => wire(spec).includes(`"${ref}"`), `pong ${ref}`);
    };

    // Set-up phase (0:setup): a chat line, then the set-up itself, which begins cycle 1's investigation.
    const SETUP_LINE = plantText('SETUP-LINE');
    const NAME = plantText('NAME');
    const INV_LINE = plantText('INVESTIGATION-LINE');
    const TIME_LINE = plantText('TIME-LINE');
    const chatted = await commit(gm, say(SETUP_LINE));
    await commit(gm, { type: 'cot.setup', setup: cotSetupFor([cotCharacter(NAME, room.seats[0]!.seat)]) });
    await allAt([gm, player], gm.lastSeq!);
    // The set-up phase ended with the chat line: the spectator is shown it, and nothing of the investigation.
    await spec.waitFor(() => spec.lastSeq === chatted.seq, 'the set-up phase released');
    expect(wire(spec)).toContain(SETUP_LINE);
    expect(wire(player)).toContain(NAME);

    // Investigation: the player chats and declares (sealed); nothing of it reaches the stands.
    const id = characterOf(player.currentCot(), room.seats[0]!.seat);
    await commit(player, say(INV_LINE));
    await commit(player, { type: 'cot.inv.declare', character: id, action: { kind: 'prayer' } });
    await allAt([gm, player], gm.lastSeq!);
    expect(gm.currentCot().phase.kind).toBe('investigation');
    await drained();
    expect(spec.lastSeq).toBe(chatted.seq);
    unseen([NAME, INV_LINE]);
    // The check can fail: the player's frames carry both.
    expect(wire(player)).toContain(INV_LINE);

    // The lock reveals and resolves the investigation (a prayer), and the GM settles what waits for it; once the
    // time phase begins the investigation reaches the stands, without the entry that began the time phase.
    const locked = await commit(player, { type: 'cot.inv.lock', character: id });
    await gmSettles(gm);
    await allAt([gm, player], gm.lastSeq!);
    expect(gm.currentCot().phase.kind).toBe('time');
    await spec.waitFor(() => wire(spec).includes(INV_LINE), 'the investigation released');
    expect(wire(spec)).toContain(NAME);
    expect(spec.currentCot().phase.kind).toBe('investigation');
    expect(spec.lastSeq).toBeGreaterThanOrEqual(locked.seq - 1);
    expect(spec.lastSeq).toBeLessThan(gm.lastSeq!);

    // The time phase's own line stays off the spectator's socket while the table is in it.
    const timed = await commit(player, say(TIME_LINE));
    await allAt([gm, player], timed.seq);
    await commit(gm, say('later in the time phase'));
    await allAt([gm, player], gm.lastSeq!);
    expect(gm.currentCot().phase.kind).toBe('time');
    await drained();
    unseen([TIME_LINE]);
    expect(wire(gm)).toContain(TIME_LINE);
  });
});
