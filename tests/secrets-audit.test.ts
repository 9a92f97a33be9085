import postgres from 'postgres';
import { rngCommitment } from '@veiltable/engine';
import { describe, expect, test } from 'vitest';
import type { RecordingClient } from './support/recording-client.ts';
import { auditFrames, plantBook, plantText, type Plant, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit, commitmentsSeen, declIn, newestDecl, revealSeqOf, verifyRevealed } from './support/session.ts';
import { tableRoom, tableSockets, viewersOf } from './support/table-room.ts';

// Requirement 9: every secret of a scripted session carries a unique planted string; every raw frame every socket
// received is searched for every plant, and each must reach exactly the viewers entitled to it at that seq.

const stack = serverStack({ database: 'postgres' });

/** The seed the room's setup was given, as its first snapshot stored it (the seed itself never changes). */
async function storedSeed(roomId: string): Promise<string> {
  const sql = postgres(stack.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ state: { rng: { seed: string } } }[]>`select state from room_snapshots where room_id = ${roomId} order by seq limit 1`;
    if (!row) throw new Error(`room ${roomId} has no snapshot`);
    return row.state.rng.seed;
  } finally {
    await sql.end();
  }
}

describe('secrets audit', () => {
  test('no planted secret reaches a viewer before it may see it, and every reveal reaches everyone', async () => {
    const table = await tableRoom(stack, 'Audit', ['Aiko', 'Bruno', 'Chen'], { online: [0, 1, 2], spectator: true });
    const { room, seats: [s1, s2, s3], gm, players: [p1, p2, p3], spectator: spec, all: live } = table;
    expect(gm.viewer).toEqual({ role: 'gm' });
    expect(p1.viewer).toEqual({ role: 'player', seat: s1 });
    expect(spec.viewer).toEqual({ role: 'spectator' });

    const everyone: ViewerKey[] = ['gm', s1, s2, s3, 'spectator'];
    const { plants, planted } = plantBook();

    // The room's RNG seed reaches nobody before the open edition: it would let anyone compute every die, shuffle and
    // salt to come. The commitment to it reaches everyone, in every welcome.
    const seed = await storedSeed(room.roomId);
    plants.push({ label: 'RNG-SEED', text: seed, before: [], mustReach: [] });
    plants.push({ label: 'RNG-COMMITMENT', text: rngCommitment(seed).hash, before: everyone });
    for (const c of live) {
      for (const m of c.messages) if (m.type === 'welcome') expect(m.room.rng, c.label).toEqual(rngCommitment(seed));
    }

    // A public line is the control: if it does not reach everyone, the recording itself is broken.
    await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: `Welcome ${planted('PUBLIC', everyone)}` });

    // Whispers: to the GM, sender + GM; to a seat, sender + that seat.
    await commit(p1, { type: 'chat.send', to: { kind: 'gm' }, text: `psst ${planted('W-P1-GM', [s1, 'gm'])}` });
    await commit(p2, { type: 'chat.send', to: { kind: 'seat', seat: s3 }, text: `psst ${planted('W-P2-S3', [s2, s3])}` });
    await commit(gm, { type: 'chat.send', to: { kind: 'seat', seat: s1 }, text: `psst ${planted('W-GM-S1', ['gm', s1])}` });
    await commit(gm, { type: 'note.add', text: `The butler did it ${planted('NOTE', ['gm'])}` });

    // Secret rolls: the comment is part of the secret. r1 and r2 are revealed later by their rollers.
    const rollId = async (client: RecordingClient, expr: string, visibility: 'gm' | 'self') => {
      await commit(client, { type: 'roll', expr, visibility });
      const item = client.feedItems().at(-1);
      if (item?.kind !== 'roll' || !item.result) throw new Error(`${client.label}: its own roll is not the newest line of its timeline`);
      return item.id;
    };
    const r1Plant = planted('ROLL-P1-GM', [s1, 'gm']);
    const r1 = await rollId(p1, `2D6 ${r1Plant}`, 'gm');
    const r2Plant = planted('ROLL-P2-SELF', [s2]);
    const r2 = await rollId(p2, `1D100 ${r2Plant}`, 'self');
    await rollId(gm, `3D6 ${planted('ROLL-GM-SELF', ['gm'])}`, 'self');
    await rollId(p3, `2D6+1 ${planted('ROLL-P3-GM', [s3, 'gm'])}`, 'gm');

    // Dice typed in the chat line: an S roll is the roller's and the GM's; a roll in a whisper stays in it.
    await commit(p1, { type: 'chat.send', to: { kind: 'all' }, text: `S2D6 ${planted('CHAT-ROLL-P1-S', [s1, 'gm'])}` });
    await commit(p2, { type: 'chat.send', to: { kind: 'seat', seat: s3 }, text: `1D20 ${planted('CHAT-ROLL-P2-S3', [s2, s3])}` });

    // The spectator misses the card deal and the answers; its welcome brings it the view of that moment later.
    spec.disconnect();
    const connected = [gm, p1, p2, p3];

    // Custom cards: the deal is shuffled, so who may see which text is read from the GM's view afterwards.
    const cardTexts = Array.from({ length: 10 }, (_, i) => plantText(`CARD${i}`));
    await commit(gm, { type: 'deck.create', deck: { kind: 'custom', cards: cardTexts } });
    await commit(gm, { type: 'deck.shuffle' });
    await commit(gm, { type: 'deck.deal', seat: s1, count: 3 });
    await commit(gm, { type: 'deck.deal', seat: s2, count: 3 });
    const dealt = await commit(gm, { type: 'deck.deal', seat: s3, count: 2 });
    await allAt(connected, dealt.seq);
    const holder = new Map<string, string>();
    for (const [seat, hand] of Object.entries(gm.current().hands)) {
      for (const card of hand) if (card.face?.kind === 'custom') holder.set(card.face.text, seat);
    }
    expect(holder.size).toBe(8);
    expect(p1.current().hands[s1]?.filter((c) => c.face?.kind === 'custom')).toHaveLength(3);
    const cardPlants = new Map<string, Plant>();
    for (const [i, text] of cardTexts.entries()) {
      const seat = holder.get(text);
      // Undealt cards stay in the draw pile: the GM may know them but need not be sent them.
      const plant: Plant = seat
        ? { label: `CARD${i}@${seat}`, text, before: ['gm', seat] }
        : { label: `CARD${i}@deck`, text, before: ['gm'], mustReach: [] };
      plants.push(plant);
      cardPlants.set(text, plant);
    }

    // A card played face down: still only its owner and the GM, until it is flipped.
    const down = p1.current().hands[s1]![0]!;
    const downText = down.face?.kind === 'custom' ? down.face.text : '';
    await commit(p1, { type: 'card.play', card: down.id, faceUp: false });
    const playedCard = p1.current().table.at(-1);
    if (!playedCard) throw new Error('no table card for the player who played');
    expect(playedCard.faceUp).toBe(false);

    // Sealed text answers. d1: every seat answers; d2: the GM forces the reveal with one answer in; d3 stays sealed.
    const openDecl = async (prompt: string, seats: string[]) => {
      await commit(gm, { type: 'decl.open', prompt, kind: 'text', seats });
      return newestDecl(gm).id;
    };
    const answer = (client: RecordingClient, decl: string, seat: string, label: string) =>
      commit(client, { type: 'decl.answer', decl, answer: { kind: 'text', text: `I go ${planted(label, [seat])}` } });
    const d1 = await openDecl('Where do you go tonight?', [s1, s2, s3]);
    const d2 = await openDecl('Who do you trust?', [s1, s2]);
    const d3 = await openDecl('What do you hide?', [s2, s3]);
    await answer(p1, d1, s1, 'D1-S1');
    await answer(p2, d1, s2, 'D1-S2');
    await answer(p1, d2, s1, 'D2-S1');
    await answer(p2, d3, s2, 'D3-S2');
    // A dropped transport must reconnect by itself and resume from its last seq.
    p2.dropTransport();
    const lastAnswer = await answer(p3, d1, s3, 'D1-S3');
    await allAt(connected, lastAnswer.seq);

    // While d3 is sealed, even the GM sees only that s2 declared and its commitment.
    const d3ForGm = declIn(gm, d3).answers.find((a) => a.seat === s2);
    expect(d3ForGm).toMatchObject({ seat: s2, declared: true });
    expect(d3ForGm?.answer).toBeUndefined();
    expect(d3ForGm?.salt).toBeUndefined();
    expect(d3ForGm?.commitment).toMatch(/^[0-9a-f]{64}$/);

    await spec.connect();
    const before = new Map(live.map((c) => [c.label, { d1: commitmentsSeen(c, d1), d2: commitmentsSeen(c, d2) }]));

    // Reveals: rolls by their rollers, the face-down card by its owner, d2 forced, d1 by the GM unless all-declared
    // already revealed it.
    const revealRoll = async (client: RecordingClient, roll: string, text: string) => {
      const { seq } = await commit(client, { type: 'roll.reveal', roll });
      Object.assign(plants.find((p) => p.text === text)!, { after: everyone, revealSeq: seq });
    };
    await revealRoll(p1, r1, r1Plant);
    await revealRoll(p2, r2, r2Plant);
    const flipped = await commit(p1, { type: 'card.flip', card: playedCard.id });
    Object.assign(cardPlants.get(downText)!, { after: everyone, revealSeq: flipped.seq });
    const d2Seq = (await commit(gm, { type: 'decl.reveal', decl: d2 })).seq;
    const d1Seq = revealSeqOf(gm, d1) ?? (await commit(gm, { type: 'decl.reveal', decl: d1 })).seq;
    for (const p of plants) {
      // The last answer reveals in its own update, so its seat never holds it sealed.
      if (p.label === 'D1-S3' && d1Seq === lastAnswer.seq) p.mustReach = [];
      if (p.label.startsWith('D1-')) Object.assign(p, { after: everyone, revealSeq: d1Seq });
      if (p.label.startsWith('D2-')) Object.assign(p, { after: everyone, revealSeq: d2Seq });
    }
    const finalSeq = await gm.run({ type: 'chat.send', to: { kind: 'all' }, text: 'Good night' });
    await allAt(live, finalSeq);

    // Salts are secrets too until the reveal: they are what keeps a short answer from being guessed from its hash.
    for (const [id, seq] of [[d1, d1Seq], [d2, d2Seq]] as const) {
      for (const a of declIn(gm, id).answers.filter((x) => x.declared)) {
        expect(a.salt?.length ?? 0).toBeGreaterThanOrEqual(16);
        plants.push({ label: `SALT-${id}-${a.seat}`, text: a.salt!, before: [a.seat], mustReach: [], after: everyone, revealSeq: seq });
      }
    }

    // Late joiners get full views at the end: whatever is still secret must stay out of those too.
    const late = await tableSockets(stack, room, { online: [0, 1, 2], spectator: true, suffix: '-late' });

    const report = auditFrames(viewersOf(table, late), plants);
    expect(report.leaks).toEqual([]);
    expect(report.missing).toEqual([]);

    // Every viewer saw the same commitments before the reveal, and they verify against the revealed answers.
    for (const c of [...live, ...late.all]) {
      for (const id of [d1, d2]) {
        const decl = declIn(c, id);
        expect(verifyRevealed(decl), `${c.label} ${id}`).toEqual([]);
        const seen = before.get(c.label)?.[id === d1 ? 'd1' : 'd2'];
        for (const [seat, hash] of seen ?? []) expect(decl.answers.find((a) => a.seat === seat)?.commitment).toBe(hash);
      }
    }
    // Back after every d1 answer, the spectator saw d1 only revealed, and d3 sealed with s2's commitment alone.
    expect(before.get('spectator')?.d1.size).toBe(0);
    expect([...commitmentsSeen(spec, d3).keys()]).toEqual([s2]);
    expect(p2.welcomes).toBeGreaterThanOrEqual(2);
    for (const c of stack.sockets) {
      expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
      expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
    }
  }, 120_000);
});
