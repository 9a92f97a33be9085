import { describe, expect, test } from 'vitest';
import { createRoom } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit, commitmentsSeen, declIn, newestDecl, revealSeqOf, verifyRevealed } from './support/session.ts';

// Requirement 10: an acknowledged command survives a SIGKILL of the server. After a restart on the same database
// and port, clients come back on their own, are welcomed with what they missed, and the session finishes. A command
// in doubt (sent, unanswered when the server died) is sent again under its ref and lands exactly once.

const stack = serverStack({ database: 'postgres' });
const sockets = stack.sockets;

describe('crash safety', () => {
  test('acknowledged sealed answers survive SIGKILL and the session finishes after a restart', async () => {
    const srv = stack.server;
    const room = await createRoom(srv.url, 'Crash', ['Aiko', 'Bruno', 'Chen']);
    const [s1, s2, s3] = room.seats.map((s) => s.seat) as [string, string, string];
    const open = (token: string, label: string) => {
      const c = new RecordingClient(srv.url, token, label);
      sockets.push(c);
      return c;
    };
    const gm = open(room.gmToken, 'gm');
    const p1 = open(room.seats[0]!.token, 'p1');
    const p2 = open(room.seats[1]!.token, 'p2');
    const p3 = open(room.seats[2]!.token, 'p3');
    const all = [gm, p1, p2, p3];
    await Promise.all(all.map((c) => c.connect()));

    await commit(gm, { type: 'decl.open', prompt: 'Attack, parley or flee?', kind: 'text', seats: [s1, s2, s3] });
    const decl = newestDecl(gm).id;
    const texts = { [s1]: 'Attack at dawn', [s2]: 'Parley with the duke', [s3]: 'Flee by the river' };
    const answer = (client: RecordingClient, seat: string) =>
      client.send({ type: 'decl.answer', decl, answer: { kind: 'text', text: texts[seat]! } });

    const a1 = await commit(p1, { type: 'decl.answer', decl, answer: { kind: 'text', text: texts[s1]! } });
    await allAt(all, a1.seq);

    // p3 goes offline: everything from here on reaches it only through its welcome after the restart.
    p3.disconnect();
    const p3SeqBeforeKill = p3.lastSeq!;
    const p3MessagesBeforeKill = p3.messages.length;
    const chatSeq = await gm.run({ type: 'chat.send', to: { kind: 'all' }, text: 'The duke is listening.' });

    // The kill follows the ack at once, so the broadcast of this last answer may or may not have gone out.
    const a2 = await answer(p2, s2);
    await srv.kill('SIGKILL');
    if (!a2.ok) throw new Error(`the second answer was rejected: ${a2.code}`);
    expect(a2.seq).toBe(chatSeq + 1);
    const lastAcked = a2.seq;
    // The server commits, then acks: every client saw at least p1's answer; p2's own commitment may still be in flight.
    const seenBefore = new Map(all.map((c) => [c.label, commitmentsSeen(c, decl)]));
    const welcomesBefore = new Map(all.map((c) => [c.label, c.welcomes]));

    await allDisconnected([gm, p1, p2]);
    await srv.restart();

    // gm, p1 and p2 were never told to disconnect: they must come back by themselves.
    const auto = [gm, p1, p2];
    const rewelcomed = (c: RecordingClient) => () => c.welcomes > welcomesBefore.get(c.label)!;
    await Promise.all(auto.map((c) => c.waitFor(rewelcomed(c), `${c.label}: welcome after restart`, 20_000)));
    await p3.connect();
    await allAt(all, lastAcked);

    // Nothing acknowledged was lost and nothing extra appeared: the room resumes at the last acknowledged seq.
    for (const c of all) {
      const welcome = c.messages.filter((m) => m.type === 'welcome').at(-1);
      expect(welcome?.type === 'welcome' && welcome.seq, `${c.label} welcome seq after restart`).toBe(lastAcked);
      expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
      expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
    }

    // p3 came back to a welcome holding everything it missed, and nothing before it.
    const p3Back = p3.messages.slice(p3MessagesBeforeKill);
    expect(p3Back[0]).toMatchObject({ type: 'welcome', seq: lastAcked });
    const p3Welcome = p3Back[0]?.type === 'welcome' ? p3Back[0].lines : [];
    expect(p3Welcome.some((l) => JSON.stringify(l.seen).includes('The duke is listening.'))).toBe(true);
    expect(p3SeqBeforeKill).toBeLessThan(lastAcked);

    // Commitments anyone saw before the kill are the ones everyone holds now, and both answers are there.
    const gmCommitments = commitmentsSeen(gm, decl);
    expect([...gmCommitments.keys()].sort()).toEqual([s1, s2].sort());
    for (const c of all) {
      const now = commitmentsSeen(c, decl);
      expect(now, `${c.label} commitments after restart`).toEqual(gmCommitments);
      for (const [seat, hash] of seenBefore.get(c.label)!) expect(now.get(seat)).toBe(hash);
      const answers = declIn(c, decl).answers;
      expect(answers.filter((a) => a.declared).map((a) => a.seat).sort()).toEqual([s1, s2].sort());
      for (const a of answers.filter((x) => x.declared)) expect(a.commitment).toBe(gmCommitments.get(a.seat));
    }

    // The session finishes: the last answer continues the seq, then the reveal, and every hash verifies.
    const a3 = await answer(p3, s3);
    if (!a3.ok) throw new Error(`the last answer was rejected after the restart: ${a3.code}`);
    expect(a3.seq).toBe(lastAcked + 1);
    await gm.waitForSeq(a3.seq);
    const revealSeq = revealSeqOf(gm, decl) ?? (await commit(gm, { type: 'decl.reveal', decl })).seq;
    await allAt(all, revealSeq);
    for (const c of all) {
      const revealed = declIn(c, decl);
      expect(verifyRevealed(revealed), c.label).toEqual([]);
      const shown = Object.fromEntries(revealed.answers.map((a) => [a.seat, a.answer?.kind === 'text' ? a.answer.text : undefined]));
      expect(shown).toEqual(texts);
      // Every commitment a client was shown sealed is the one revealed; the last answer revealed in its own commit.
      const sealed = commitmentsSeen(c, decl);
      expect([...sealed.keys()].sort()).toEqual([s1, s2].sort());
      for (const [seat, hash] of sealed) expect(revealed.answers.find((a) => a.seat === seat)?.commitment).toBe(hash);
      expect(c.seqGaps).toEqual([]);
    }
  }, 120_000);

  test('a command sent again under its ref after a SIGKILL is answered with its first commit, not committed twice', async () => {
    const srv = stack.server;
    const room = await createRoom(srv.url, 'In doubt', ['Aiko']);
    const open = (label: string) => {
      const c = new RecordingClient(srv.url, room.seats[0]!.token, label);
      sockets.push(c);
      return c;
    };
    const first = open('first');
    await first.connect();
    const line = { type: 'chat.send', to: { kind: 'all' }, text: 'said once' };
    const sent = await first.send(line, 'doubt-1');
    if (!sent.ok) throw new Error(sent.code);
    // The answer is lost with the server: its client only knows it sent the command.
    await srv.kill('SIGKILL');
    await srv.restart();
    const retry = open('retry');
    await retry.connect();
    expect(await retry.send(line, 'doubt-1')).toEqual({ ok: true, seq: sent.seq });
    expect(retry.messages.some((m) => m.type === 'ack' && m.ref === 'doubt-1')).toBe(true);
    await retry.waitForSeq(sent.seq);
    expect(retry.feedItems().filter((f) => f.kind === 'chat' && f.text === 'said once')).toHaveLength(1);
  }, 60_000);
});

async function allDisconnected(clients: RecordingClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.waitFor(() => !c.connected, `${c.label}: disconnect after the kill`)));
}
