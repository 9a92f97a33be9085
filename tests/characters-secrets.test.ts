import { describe, expect, test } from 'vitest';
import { testImage } from '../packages/server/src/testing/test-image.ts';
import { uploadPortrait } from './support/portraits.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit } from './support/session.ts';
import { tableRoom, tableSockets, viewersOf } from './support/table-room.ts';

// CAST-06: a character's secret face (its true name and true portrait) and its palette reach its owner and the GM
// alone. Portrait hashes are unguessable, so a secret portrait's hash is a secret as much as the name: every raw frame
// every socket received is searched for both, and for the planted palette lines.

const stack = serverStack({ database: 'pglite' });

describe('characters: secret faces in the frames', () => {
  test('a secret name, a secret portrait\'s hash and a palette reach only the owner and the GM; the public face reaches everyone', async () => {
    const table = await tableRoom(stack, 'Masks', ['Aiko', 'Bruno', 'Chen'], { online: [0, 1, 2], spectator: true });
    const { room, seats: [s1, s2, s3], gm, players: [p1, p2], all: live } = table;
    const everyone: ViewerKey[] = ['gm', s1, s2, s3, 'spectator'];
    const { plants, planted } = plantBook();

    // Real uploads: the public portrait, and the true one that only s1 and the GM may learn the address of.
    const face = await uploadPortrait(stack.url, room.roomId, room.seats[0]!.token, await testImage('png', 300, 300, 1));
    const trueFace = await uploadPortrait(stack.url, room.roomId, room.seats[0]!.token, await testImage('jpeg', 300, 300, 2), 'image/jpeg');
    const npcFace = await uploadPortrait(stack.url, room.roomId, room.gmToken, await testImage('webp', 300, 300, 3), 'image/webp');
    plants.push({ label: 'PORTRAIT-S1-PUBLIC', text: face, before: everyone });
    plants.push({ label: 'PORTRAIT-S1-SECRET', text: trueFace, before: ['gm', s1] });
    plants.push({ label: 'PORTRAIT-NPC-SECRET', text: npcFace, before: ['gm'] });

    // Plants are at most 36 characters: a character's name takes 40.
    const alias = planted('ALIAS', everyone);
    await commit(p1, { type: 'cast.set', character: `${s1}.c1`, name: alias, portrait: face, secret: { name: planted('TRUE-NAME-S1', ['gm', s1]), portrait: trueFace } });
    await commit(p1, { type: 'cast.palette', character: `${s1}.c1`, lines: [`CCB<=70 ${planted('PALETTE-S1', ['gm', s1])}`] });
    await commit(p2, { type: 'cast.add', name: 'Bruno\'s twin' });
    await commit(p2, { type: 'cast.set', character: `${s2}.c2`, secret: { name: planted('TRUE-NAME-S2', ['gm', s2]) } });
    await commit(gm, { type: 'cast.add', name: 'Hooded stranger' });
    await commit(gm, { type: 'cast.set', character: 'gm.c1', secret: { name: planted('TRUE-NAME-NPC', ['gm']), portrait: npcFace } });

    // Lines spoken as the disguised characters carry their public faces only.
    await commit(p1, { type: 'chat.send', to: { kind: 'all' }, text: `Hello ${planted('LINE-S1', everyone)}` });
    await commit(p2, { type: 'chat.send', to: { kind: 'all' }, text: 'Hi', as: `${s2}.c2` });
    await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: 'Who goes there?', as: 'gm.c1' });
    // Rolls typed as the disguised characters: a public one, and the GM's secret one as the NPC.
    await commit(p1, { type: 'chat.send', to: { kind: 'all' }, text: '2D6', as: `${s1}.c1` });
    const last = await gm.run({ type: 'chat.send', to: { kind: 'all' }, text: 'S2D6', as: 'gm.c1' });
    await allAt(live, last);

    // Every viewer sees the speakers' public faces on the lines.
    for (const c of live) {
      const lines = c.feedItems().filter((f) => f.kind === 'chat');
      expect(lines.map((l) => (l.kind === 'chat' ? l.speaker?.name : null)), c.label).toEqual([alias, 'Bruno\'s twin', 'Hooded stranger']);
      expect(lines[0]?.kind === 'chat' && lines[0].speaker?.portrait, c.label).toBe(face);
      // A roll shows its public face with its result: the GM's secret roll as the NPC shows it to the GM alone.
      const rolls = c.feedItems().filter((f) => f.kind === 'roll');
      const faces = rolls.map((r) => (r.kind === 'roll' ? (r.speaker?.name ?? null) : null));
      expect(faces, c.label).toEqual([alias, c === gm ? 'Hooded stranger' : null]);
      expect(rolls[0]?.kind === 'roll' && rolls[0].speaker?.portrait, c.label).toBe(face);
    }

    // Late joiners get whole views: the secrets must stay out of those too.
    const late = await tableSockets(stack, room, { online: [0, 1, 2], spectator: true, suffix: '-late' });
    const report = auditFrames(viewersOf(table, late), plants);
    expect(report.leaks).toEqual([]);
    expect(report.missing).toEqual([]);
    for (const c of stack.sockets) expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
  }, 90_000);
});
