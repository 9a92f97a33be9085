import { verifyCommitment } from '@veiltable/engine';
import { orthogonalNeighbours } from '@veiltable/engine/games/call-of-t';
import type { CotInvAction, CotView } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { auditCot } from './support/cot-audit.ts';
import { characterOf, cotCharacter, cotEvents, cotSetupFor, gmSettles, heartIn } from './support/cot-table.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { viewerExports } from './support/viewer-exports.ts';
import { releaseAndVerify } from './support/open-edition.ts';
import { allAt, commit } from './support/session.ts';

// Issue 3 through the real server and Postgres: a GM, three players and a spectator play two full cycles of
// Call of <T> (sealed investigation, reveal, scout results, sharing, the time phase, events answered by the GM,
// hand passing, the cycle end). Every frame is recorded; planted strings and the game's own card values are audited.

const stack = serverStack({ database: 'postgres' });
const sockets = stack.sockets;

const grid = (v: CotView) => ({ width: v.board.width, height: v.board.height });

describe('Call of <T> online', () => {
  test('two full cycles with a GM, three players and a spectator; no frame carries a secret to the wrong viewer', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Expedition', ['Aiko', 'Bruno', 'Chen'], 'call-of-t');
    const seats = room.seats.map((s) => s.seat) as [string, string, string];
    const open = (token: string, label: string) => {
      const c = new RecordingClient(url, token, label);
      sockets.push(c);
      return c;
    };
    const gm = open(room.gmToken, 'gm');
    const players = room.seats.map((s, i) => open(s.token, `p${i + 1}`)) as [RecordingClient, RecordingClient, RecordingClient];
    const spec = open(room.spectatorToken, 'spectator');
    const live = [gm, ...players, spec];
    await Promise.all(live.map((c) => c.connect()));
    expect(spec.currentCot().seats.map((s) => s.name)).toEqual(['Aiko', 'Bruno', 'Chen']);
    expect(spec.currentCot().phase.kind).toBe('setup');

    const everyone: ViewerKey[] = ['gm', ...seats, 'spectator'];
    const { plants, planted } = plantBook();

    // Free text the game allows: names are public (the control), skill names are on private sheets here.
    const characters = seats.map((seat, i) =>
      cotCharacter(planted(`NAME-${i + 1}`, everyone), seat, {
        skills: { see: 50, listen: 45, search: 40, spiritLore: 30, [planted(`SKILL-${i + 1}`, ['gm', seat])]: 40 },
        initialHand: 8,
      }),
    );
    await commit(gm, { type: 'cot.setup', setup: cotSetupFor(characters, { options: { sheetsPublic: false } }) });
    await allAt(live, gm.lastSeq!);
    const ids = seats.map((seat) => characterOf(gm.currentCot(), seat)) as [string, string, string];
    expect(spec.currentCot().hands).toEqual({});
    expect(Object.keys(players[0].currentCot().hands)).toEqual([ids[0]]);
    expect(players[1].currentCot().characters.find((c) => c.id === ids[0])).not.toHaveProperty('sheet');
    expect(players[1].currentCot().bone).toEqual({ revealed: false });
    expect(gm.currentCot().bone).toMatchObject({ square: 'B2' });

    // The scout who holds a ♥ plays it as a substitute: a sure 'success', so the suit becomes a private fact.
    const scoutIndex = ids.findIndex((id, i) => heartIn(players[i]!.currentCot(), id));
    expect(scoutIndex, 'some character holds a heart among 24 dealt cards').toBeGreaterThanOrEqual(0);
    const scout = players[scoutIndex]!;
    const [sharee, outsider] = players.filter((_, i) => i !== scoutIndex) as [RecordingClient, RecordingClient];

    for (const cycle of [1, 2]) {
      await allAt(live, gm.lastSeq!);
      const start = gm.currentCot();
      expect(start.cycle).toBe(cycle);
      expect(start.phase.kind).toBe('investigation');
      const here = start.party.position;
      const targets = orthogonalNeighbours(grid(start), here).filter((sq) => {
        const square = start.board.squares.find((s) => s.id === sq)!;
        return !square.stack.some((e) => e.faceUp && !e.tapped);
      });
      const actions = players.map((p, i): CotInvAction => {
        const own = ids[i]!;
        if (p === scout) {
          const heart = heartIn(p.currentCot(), own);
          return { kind: 'scout', target: targets[0]!, ...(heart ? { substitute: heart } : {}) };
        }
        return i === 0 || targets.length < 2 ? { kind: 'prayer' } : { kind: 'scout', target: targets[1]! };
      });
      for (const [i, p] of players.entries()) await commit(p, { type: 'cot.inv.declare', character: ids[i]!, action: actions[i]! });
      // COT-HID-03: before the lock others see that a choice was made and its commitment, never the choice.
      const declared = players[2].currentCot().declarations!;
      expect(declared.find((d) => d.character === ids[0])).toMatchObject({ declared: true, locked: false });
      expect(declared.find((d) => d.character === ids[0])).not.toHaveProperty('action');
      expect(gm.currentCot().declarations!.find((d) => d.character === ids[0])?.action).toEqual(actions[0]);

      if (cycle === 2) {
        // A reconnect while choices are sealed: the snapshot it gets must keep the others' choices sealed too.
        const before = players[1].welcomes;
        players[1].dropTransport();
        await players[1].waitFor(() => players[1].welcomes > before, 'p2: reconnected');
        expect(players[1].currentCot().declarations!.find((d) => d.character === ids[0])).not.toHaveProperty('action');
      }
      await commit(players[0], { type: 'cot.inv.lock', character: ids[0] });
      await commit(players[1], { type: 'cot.inv.lock', character: ids[1] });
      const revealed = cycle === 1
        ? await commit(players[2], { type: 'cot.inv.lock', character: ids[2] })
        : await commit(gm, { type: 'cot.inv.force' }); // the third lock is forced: an unlocked choice becomes 行動なし
      await allAt(live, revealed.seq);
      const reveal = cotEvents(spec, 'cot.revealed').find((e) => e.seq === revealed.seq)?.event;
      expect(reveal, 'the spectator sees the reveal').toBeDefined();
      for (const answer of reveal!.answers.filter((a) => a.declared)) {
        expect(verifyCommitment(answer.action, answer.salt!, answer.commitment!), `commitment of ${answer.character}`).toBe(true);
      }
      expect(reveal!.answers.find((a) => a.character === ids[2])?.declared).toBe(cycle === 1);
      expect(cotEvents(spec, 'cot.check').some((e) => e.seq === revealed.seq)).toBe(true);

      if (cycle === 1) {
        // COT-HID-04: the scout holds a suit fact; sharing it with one player leaves the third without it.
        const fact = scout.currentCot().facts.find((f) => f.square === targets[0]);
        expect(fact, 'the substitute scout learned the suit').toBeDefined();
        expect(fact!.fact).toBe('suit');
        const holds = (c: RecordingClient) => c.currentCot().facts.some((f) => f.id === fact!.id);
        expect(holds(sharee) || holds(outsider)).toBe(false);
        const sharedSeat = (sharee.viewer as { seat: string }).seat;
        const shared = await commit(scout, { type: 'cot.knowledge.share', fact: fact!.id, to: [sharedSeat] });
        await allAt(live, shared.seq);
        expect(sharee.currentCot().facts.find((f) => f.id === fact!.id)).toMatchObject({ value: fact!.value, shared: true });
        expect(holds(outsider)).toBe(false);
        // A sorted copy: the view is the one the client recorded at this seq, which later checks compare.
        expect([...(gm.currentCot().facts.find((f) => f.id === fact!.id)?.holders ?? [])].sort()).toEqual(
          [(scout.viewer as { seat: string }).seat, sharedSeat].sort(),
        );
        // A reconnect mid-session: the outsider catches up from its last seq, redacted for it.
        outsider.dropTransport();
      }

      await gmSettles(gm);
      await allAt(live, gm.lastSeq!);
      expect(gm.currentCot().phase).toMatchObject({ kind: 'time', step: 'decision' });
      await commit(players[0], { type: 'cot.time.activity', character: ids[0], activity: 'watch' });
      const forced = gm.currentCot().party.forcedMove;
      const plan = forced ? { kind: 'move' as const, to: forced.to } : cycle === 1 ? { kind: 'wait' as const } : { kind: 'move' as const, to: targets.at(-1)! };
      await commit(players[0], { type: 'cot.time.propose', plan });
      await commit(players[1], { type: 'cot.time.accept' });
      const decided = await commit(players[2], { type: 'cot.time.accept' });
      // The GM answers from its own view, so it must have seen the decision first.
      await gm.waitForSeq(decided.seq);
      await gmSettles(gm);
      await allAt(live, gm.lastSeq!);
      expect(gm.currentCot().phase.kind).toBe('cycleEnd');
      if (plan.kind === 'move') expect(spec.currentCot().party.position).not.toBe(here);

      if (cycle === 1) {
        // COT-END-02: a hand passing, seen only by giver, receiver and GM.
        const giver = gm.currentCot().hands[ids[0]]!;
        await commit(gm, { type: 'cot.end.pass', from: ids[0], to: ids[1], card: giver[0]!.id });
      }
      for (const [i, p] of players.entries()) await commit(p, { type: 'cot.end.confirm', character: ids[i]! });
      await commit(gm, { type: 'cot.end.next' });
    }

    await allAt(live, gm.lastSeq!);
    expect(spec.currentCot().cycle).toBe(3);
    expect(cotEvents(spec, 'cot.phase').filter((e) => e.event.phase === 'cycleEnd')).toHaveLength(2);

    // Late joiners get whole views (reconnect snapshots, COT-HID-08): the same filter applies.
    const late = [open(room.gmToken, 'gm-late'), ...room.seats.map((s, i) => open(s.token, `p${i + 1}-late`)), open(room.spectatorToken, 'spectator-late')];
    await Promise.all(late.map((c) => c.connect()));
    // A late page reads the rolls in its timeline, paged back to the first line; a spectator's holds no private fact.
    await Promise.all(late.map((c) => c.readOlderLines()));
    for (const c of late) expect(cotEvents(c, 'cot.check').length, c.label).toBeGreaterThan(0);
    expect(cotEvents(late[4]!, 'cot.fact')).toEqual([]);
    expect(cotEvents(late[0]!, 'cot.fact').length).toBeGreaterThan(0);
    const byViewer = new Map<ViewerKey, RecordingClient[]>([
      ['gm', [gm, late[0]!]],
      [seats[0], [players[0], late[1]!]],
      [seats[1], [players[1], late[2]!]],
      [seats[2], [players[2], late[3]!]],
      ['spectator', [spec, late[4]!]],
    ]);
    const report = auditFrames(byViewer, plants);
    expect(report.leaks).toEqual([]);
    expect(report.missing).toEqual([]);
    // Each viewer's export is its socket's timeline, line for line, and lets out none of the plants.
    const exports = await viewerExports(url, room, new Map([['gm', gm], [seats[0], players[0]], [seats[1], players[1]], [seats[2], players[2]], ['spectator', spec]]));
    expect(auditFrames(exports, plants).leaks).toEqual([]);

    const values = auditCot(gm, [...players, spec, ...late.slice(1)]);
    expect(values.leaks).toEqual([]);
    // The audit looked at something: hands of others, face-down cards and a private fact were all there to leak.
    expect(values.checked.hiddenHandCards).toBeGreaterThan(0);
    expect(values.checked.faceDownEntries).toBeGreaterThan(0);
    expect(values.checked.privateFacts).toBeGreaterThan(0);
    // Sheets are private here: the others' rolls reached every player, each without its chance.
    expect(values.checked.othersChecks).toBeGreaterThan(0);

    expect(outsider.welcomes).toBeGreaterThanOrEqual(2);
    for (const c of sockets) {
      expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
      expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
    }
    // The session ends with the open edition, which verifies from its seed.
    await releaseAndVerify(url, room, gm, players[0], [gm, ...players, spec]);
  });
});
