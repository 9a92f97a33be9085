import { describe, expect, test } from 'vitest';
import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { attackTarget, d6Attacks, d6ViewAt, newestCheck, sawWindowClosed } from './support/d6-table.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient, type GameCommandInput } from './support/recording-client.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { viewerExports } from './support/viewer-exports.ts';
import { releaseAndVerify } from './support/open-edition.ts';
import { allAt, commit } from './support/session.ts';

// Issue 5 through the real server and Postgres: reaction windows close on their rule events and late declarations
// are refused (D6-WIN-02/04/12), a table timeout closes a window from the server's clock (D6-WIN-11), even across a
// restart of the server process, and no frame carries GM-only data to anyone else (§10.1).

const stack = serverStack({ database: 'postgres' });
const sockets = stack.sockets;

/** The newest open window of a kind in this client's view. */
function openWindow(view: D6View, kind: string): string {
  const open = view.windows.filter((w) => w.kind === kind && w.status === 'open');
  const last = open[open.length - 1];
  if (!last) throw new Error(`no open ${kind} window`);
  return last.id;
}

const newest = (ids: string[]) => ids[ids.length - 1]!;

describe('dungeon-2d6 reaction windows online', () => {
  test('late declarations are refused, early ones accepted, timeouts fire, and no GM-only data leaks', async () => {
    const url = stack.url;
    const room = await createRoom(url, 'Crypt of Lamps', ['Aki', 'Bea'], 'dungeon-2d6');
    const [s1, s2] = room.seats.map((s) => s.seat) as [string, string];
    const open = (token: string, label: string) => {
      const c = new RecordingClient(url, token, label);
      sockets.push(c);
      return c;
    };
    const gm = open(room.gmToken, 'gm');
    const p1 = open(room.seats[0]!.token, 'p1');
    const p2 = open(room.seats[1]!.token, 'p2');
    const spec = open(room.spectatorToken, 'spectator');
    const live = [gm, p1, p2, spec];
    await Promise.all(live.map((c) => c.connect()));
    expect(gm.currentD6().seats.map((s) => s.name)).toEqual(['Aki', 'Bea']);

    const everyone: ViewerKey[] = ['gm', s1, s2, 'spectator'];
    const { plants, planted } = plantBook();
    const run = (client: RecordingClient, command: GameCommandInput) => commit(client, command);

    // The scene. A zone name is public: the control that the recording works at all.
    await run(gm, { type: 'zone.add', name: planted('ZONE', everyone) });
    await run(gm, {
      type: 'character.add', name: 'Rin', controller: 'pc', owner: s1, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 2 },
      hp: 12, maxHp: 12, skills: [{ skill: 'encyclopedia', uses: 1 }, { skill: 'telepathy', uses: 1 }],
      gmNotes: planted('PC-GMNOTES', ['gm']),
    });
    await run(gm, { type: 'character.add', name: 'Sol', controller: 'pc', owner: s2, zone: 'z1', base: { VAL: 3, AGI: 2, SPI: 1 }, hp: 14, maxHp: 14 });
    await run(gm, {
      type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 },
      hp: 30, maxHp: 30, skills: [{ skill: 'stealth' }], gmNotes: planted('ENEMY-GMNOTES', ['gm']),
    });
    const [rin, sol, ogre] = gm.currentD6().characters.map((c) => c.id) as [string, string, string];
    await run(gm, { type: 'trap.add', zone: 'z1', area: false, note: planted('TRAP-NOTE', ['gm']) });
    await run(gm, { type: 'find.add', zone: 'z1', note: planted('FIND-NOTE', ['gm']) });

    // D6-HID-02: a secret GM roll publishes that it happened, never its dice, modifiers or subject.
    const secret = await run(gm, {
      type: 'check.roll',
      check: { character: ogre, kind: 'action', ability: 'VAL', secret: true, subject: planted('SECRET-SUBJECT', ['gm']),
        modifiers: [{ source: planted('SECRET-MOD', ['gm']), value: 2 }] },
    });
    await allAt(live, secret.seq);
    const secretCheck = newestCheck(gm).id;
    for (const c of [p1, p2, spec]) {
      const rolled = d6ViewAt(c, secret.seq).checks.find((k) => k.id === secretCheck);
      expect(rolled, `${c.label} sees the secret roll happen`).toMatchObject({ secret: true });
      expect(rolled?.dice).toBeUndefined();
    }

    // 百科事典 (D6-HID-03) and 念話 (D6-HID-04): private to the asking seat / the two ends, and the GM.
    const asked = await run(p1, { type: 'encyclopedia.ask', character: rin, question: planted('ENC-Q', [s1, 'gm']) });
    await gm.waitForSeq(asked.seq);
    const question = gm.currentD6().questions[0]!.id;
    await run(gm, { type: 'encyclopedia.answer', question, text: planted('ENC-A', [s1, 'gm']) });
    await run(p1, { type: 'telepathy.send', from: rin, to: sol, text: planted('TELEPATHY', [s1, s2, 'gm']) });

    // D6-CONC-05 / D6-WIN-02: the active side may concentrate until the passive side rolls, and not after.
    await run(p1, { type: 'opposed.start', active: { character: rin, kind: 'action', ability: 'AGI' }, passive: { character: ogre, ability: 'AGI' } });
    const early = await p1.send({ type: 'check.concentrate', check: newest(Object.keys(checksOf(p1))), hp: 1 });
    expect(early.ok, 'concentration before the passive roll').toBe(true);
    const started = await run(p1, { type: 'opposed.start', active: { character: rin, kind: 'action', ability: 'AGI' }, passive: { character: ogre, ability: 'AGI' } });
    const activeCheck = newest(Object.keys(checksOf(p1)));
    // The ack reached p1; the GM's copy of that commit may still be on the wire.
    await gm.waitForSeq(started.seq);
    const opposed = gm.currentD6().checks.find((k) => k.id === activeCheck)?.opposed as string;
    const passive = await run(gm, { type: 'opposed.roll-passive', opposed });
    await p1.waitForSeq(passive.seq);
    const late = await p1.send({ type: 'check.concentrate', check: activeCheck, hp: 2 });
    expect(late).toMatchObject({ ok: false, code: 'WINDOW_CLOSED', rule: 'D6-WIN-12' });
    await run(gm, { type: 'opposed.resolve', opposed });

    // D6-COVER-01 / D6-WIN-04: a かばう before the defence roll is accepted; the cover-er defends.
    const declared = await run(gm, { type: 'attack.declare', attacker: ogre, targets: [rin], mode: 'melee' });
    await allAt([p1, p2], declared.seq);
    const react = openWindow(p2.currentD6(), 'react');
    expect(p2.currentD6().windows.find((w) => w.id === react)?.eligible).toEqual(expect.arrayContaining([rin, sol]));
    const attack = d6Attacks(p2).at(-1)!.id;
    await run(p2, { type: 'attack.cover', attack, target: rin, coverer: sol });
    expect(attackTarget(p2, attack, rin)?.coverer).toBe(sol);
    await run(gm, { type: 'attack.defend', attack, target: rin });
    expect(attackTarget(gm, attack, rin)).toMatchObject({ state: 'defended', defender: sol });
    // After the defence roll the window is shut: a second reaction is late.
    const coverLate = await p1.send({ type: 'attack.cover', attack, target: rin, coverer: sol });
    expect(coverLate).toMatchObject({ ok: false, code: 'WINDOW_CLOSED' });

    // D6-HID-06: a hidden enemy's position is withheld from the players.
    const hidden = await run(gm, { type: 'skill.stealth', user: ogre, on: true });
    await allAt(live, hidden.seq);
    expect(p1.currentD6().characters.find((c) => c.id === ogre)).not.toHaveProperty('zone');
    expect(gm.currentD6().characters.find((c) => c.id === ogre)).toHaveProperty('zone', 'z1');

    // D6-WIN-11: with a table timeout the server closes an untouched window by itself, and a late 《集中》 is refused.
    await run(gm, { type: 'options.set', options: { windowTimeoutSeconds: 1 } });
    await run(p1, { type: 'check.roll', check: { character: rin, kind: 'search', ability: 'AGI', target: 20, targetVisible: true } });
    const timedWindow = newestCheck(p1).window as string;
    expect(timedWindow).toMatch(/^w\d+$/);
    const closedByTimeout = () => sawWindowClosed(p1, timedWindow, 'timeout');
    await p1.waitFor(closedByTimeout, 'the server closing the window on its timeout', 10_000);
    const afterTimeout = await p1.send({ type: 'check.concentrate', check: newest(Object.keys(checksOf(p1))), hp: 1 });
    expect(afterTimeout).toMatchObject({ ok: false, code: 'WINDOW_CLOSED' });

    const finalSeq = await gm.run({ type: 'gm.spirit-note', text: 'the lamps gutter' });
    await allAt(live, finalSeq);

    // Late joiners get whole views: the GM-only data must stay out of those too.
    const lateJoiners = [open(room.gmToken, 'gm-late'), open(room.seats[0]!.token, 'p1-late'), open(room.seats[1]!.token, 'p2-late'),
      open(room.spectatorToken, 'spectator-late')];
    await Promise.all(lateJoiners.map((c) => c.connect()));
    const byViewer = new Map<ViewerKey, RecordingClient[]>([
      ['gm', [gm, lateJoiners[0]!]], [s1, [p1, lateJoiners[1]!]], [s2, [p2, lateJoiners[2]!]], ['spectator', [spec, lateJoiners[3]!]],
    ]);
    const report = auditFrames(byViewer, plants);
    expect(report.leaks).toEqual([]);
    expect(report.missing).toEqual([]);
    // Each viewer's export is its socket's timeline, line for line, and lets out none of the plants.
    const exports = await viewerExports(url, room, new Map([['gm', gm], [s1, p1], [s2, p2], ['spectator', spec]]));
    expect(auditFrames(exports, plants).leaks).toEqual([]);
    for (const c of sockets) {
      expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
      expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
    }
    // The session ends with the open edition, which verifies from its seed.
    await releaseAndVerify(url, room, gm, p1, [gm, p1, p2, spec]);
  });
});

describe('dungeon-2d6 window deadlines across a server restart', () => {
  // Long enough that a timer restarted with its full span after the restart would close the window a good while
  // after the original deadline; the restart happens with HALF_SECONDS still to go.
  const SPAN_SECONDS = 24;
  const HALF_SECONDS = SPAN_SECONDS / 2;

  test('D6-WIN-11 a window open when the server is killed keeps its deadline and closes at it, not a full span later', async () => {
    const srv = stack.server;
    const room = await createRoom(srv.url, 'Restart crypt', ['Aki'], 'dungeon-2d6');
    const open = (token: string, label: string) => {
      const c = new RecordingClient(srv.url, token, label);
      sockets.push(c);
      return c;
    };
    const gm = open(room.gmToken, 'gm-restart');
    const p1 = open(room.seats[0]!.token, 'p1-restart');
    const asked = Date.now();
    await Promise.all([gm.connect(), p1.connect()]);
    // The welcome tells the server's time; server and test share this machine's clock.
    const welcomed = gm.messages.find((m) => m.type === 'welcome');
    expect(welcomed?.type === 'welcome' && welcomed.now).toBeGreaterThanOrEqual(asked);
    expect(welcomed?.type === 'welcome' && welcomed.now).toBeLessThanOrEqual(Date.now());

    await commit(gm, { type: 'options.set', options: { windowTimeoutSeconds: SPAN_SECONDS } });
    await commit(gm, { type: 'zone.add', name: 'Hall' });
    await commit(gm, { type: 'character.add', name: 'Rin', controller: 'pc', owner: room.seats[0]!.seat, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 2 }, hp: 12, maxHp: 12 });
    const rin = gm.currentD6().characters[0]!.id;
    const before = Date.now();
    const rolled = await commit(p1, { type: 'check.roll', check: { character: rin, kind: 'search', ability: 'AGI', target: 20, targetVisible: true } });
    const w = newestCheck(p1).window as string;
    await allAt([gm, p1], rolled.seq);
    const deadlineOf = (c: RecordingClient) => c.currentD6().windows.find((x) => x.id === w)?.deadline;
    const deadline = deadlineOf(gm)!;
    // The deadline counts from the commit that opened the window, and the player it is for is told the same one.
    expect(deadline).toBeGreaterThanOrEqual(before + SPAN_SECONDS * 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + SPAN_SECONDS * 1000);
    expect(deadlineOf(p1)).toBe(deadline);

    await new Promise((r) => setTimeout(r, Math.max(0, deadline - HALF_SECONDS * 1000 - Date.now())));
    const welcomes = new Map([gm, p1].map((c) => [c.label, c.welcomes]));
    await srv.restart();
    await Promise.all([gm, p1].map((c) => c.waitFor(() => c.welcomes > welcomes.get(c.label)!, `${c.label}: welcome after restart`, 30_000)));
    // Rebuilt from the log, the window still has the deadline it opened with; a second device is told the same.
    expect(deadlineOf(gm)).toBe(deadline);
    expect(deadlineOf(p1)).toBe(deadline);
    const second = open(room.seats[0]!.token, 'p1-second-device');
    await second.connect();
    expect(deadlineOf(second)).toBe(deadline);

    const closed = () => sawWindowClosed(p1, w, 'timeout');
    await p1.waitFor(closed, 'the server closing the window at its deadline', (SPAN_SECONDS + 10) * 1000);
    const closedAt = Date.now();
    expect(closedAt).toBeGreaterThanOrEqual(deadline);
    // A timer given its full span again at the restart would close it HALF_SECONDS or more after the deadline.
    expect(closedAt - deadline).toBeLessThan((HALF_SECONDS / 2) * 1000);
    for (const c of [gm, p1, second]) {
      expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
      expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
    }
  }, 120_000);
});

/** The checks a client can see, by id. */
function checksOf(client: RecordingClient): Record<string, D6View['checks'][number]> {
  return Object.fromEntries(client.currentD6().checks.map((k) => [k.id, k]));
}
