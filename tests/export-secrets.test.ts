import { describe, expect, test } from 'vitest';
import { testImage } from '../packages/server/src/testing/test-image.ts';
import { uploadPortrait } from './support/portraits.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';
import { viewerExports } from './support/viewer-exports.ts';

// Issue 14, item 3: "A player's export contains exactly what that player was sent, no more." A scripted session
// with secrets planted in whispers, secret rolls and a character's secret face; each viewer exports it over HTTP
// with its own link token, and each export is (1) searched for every plant, held exactly by the viewers entitled
// to it, and (2) compared line by line with the timeline its socket was sent.

const stack = serverStack({ database: 'pglite' });

describe('export per viewer', () => {
  test('each viewer\'s export holds exactly its own lines and the secrets it was entitled to', async () => {
    const table = await tableRoom(stack, 'Export night', ['Aiko', 'Bruno', 'Chen'], { online: [0, 1, 2], spectator: true });
    const { room, seats: [s1, s2, s3], gm, players: [p1, p2, p3], all: live } = table;
    const everyone: ViewerKey[] = ['gm', s1, s2, s3, 'spectator'];
    const { plants, planted } = plantBook();

    const trueFace = await uploadPortrait(stack.url, room.roomId, room.seats[0]!.token, await testImage('png', 200, 200, 4));
    plants.push({ label: 'PORTRAIT-S1-SECRET', text: trueFace, before: ['gm', s1] });

    await commit(p1, { type: 'chat.send', to: { kind: 'all' }, text: `evening ${planted('PUBLIC', everyone)}` });
    await commit(p1, { type: 'chat.send', to: { kind: 'all' }, channel: 'other', text: `snacks? ${planted('OFF-TOPIC', everyone)}` });
    await commit(p1, { type: 'chat.send', to: { kind: 'gm' }, text: planted('WHISPER-S1-TO-GM', ['gm', s1]) });
    await commit(gm, { type: 'chat.send', to: { kind: 'seat', seat: s2 }, text: planted('WHISPER-GM-TO-S2', ['gm', s2]) });
    await commit(gm, { type: 'chat.send', to: { kind: 'all' }, text: `S2D6 ${planted('GM-SECRET-ROLL', ['gm'])}` });
    await commit(p3, { type: 'chat.send', to: { kind: 'gm' }, text: `2D6 ${planted('ROLL-IN-WHISPER-S3-GM', ['gm', s3])}` });
    await commit(p1, { type: 'cast.set', character: `${s1}.c1`, name: planted('ALIAS', everyone), secret: { name: planted('TRUE-NAME-S1', ['gm', s1]), portrait: trueFace } });
    const last = await p2.run({ type: 'chat.send', to: { kind: 'all' }, text: 'who is she?' });
    await allAt(live, last);

    // Each export is the viewer's socket's timeline, line for line (viewer-exports.ts), and holds its plants alone.
    const exports = await viewerExports(stack.url, room, new Map(table.byViewer));
    const report = auditFrames(exports, plants);
    expect(report.leaks).toEqual([]);
    expect(report.missing).toEqual([]);
  }, 90_000);
});
