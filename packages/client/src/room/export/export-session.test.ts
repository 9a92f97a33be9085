import { EXPORT_FORMAT } from '@veiltable/protocol';
import { expect, test } from 'vitest';
import { translate } from '../../shell/i18n/translate.ts';
import { pageOf, type ExportInput } from './export-session.ts';
import type { ExportTimeline } from './export-stream.ts';

const doc = (open: boolean): ExportTimeline => ({
  format: EXPORT_FORMAT,
  room: { id: 'r1', game: 'free-table', title: 'Night at the inn', rng: { alg: 'sha256-drbg/1', hash: '0'.repeat(64) } },
  viewer: { role: 'player', seat: 's1' },
  exportedAt: '2026-12-02T03:00:00.000Z',
  lang: 'en',
  tz: 'Asia/Tokyo',
  lastSeq: 0,
  ...(open ? { open: true as const } : {}),
  lines: [],
});

const input: ExportInput = {
  roomId: 'r1',
  game: 'free-table',
  token: 't',
  lang: 'en',
  tz: 'Asia/Tokyo',
  viewerName: 'Aiko',
  ctx: { t: (key, params) => translate('en', key, params), actor: () => 'GM', seat: (id) => id, face: () => '' },
};

test('a viewer\'s export says whose reading it is', async () => {
  const page = await pageOf(doc(false), input);
  expect(page).toContain('The session as Aiko saw it');
  expect(page).not.toContain('open edition');
});

test('REL-01 an export of the open edition says it is the whole session, not one viewer\'s reading', async () => {
  const page = await pageOf(doc(true), input);
  expect(page).toContain('The open edition: the whole session');
  expect(page).not.toContain('as Aiko saw it');
});
