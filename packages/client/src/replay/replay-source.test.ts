import { expect, test } from 'vitest';
import { replayExportUrl, type WatchAs } from './replay-source.ts';

// An open edition's export is read as another viewer with `?as=gm|spectator|<seatId>` (server export-route.ts).

test.each<[string, WatchAs | null, string | null]>([
  ['the page\'s own viewer asks for no one', null, null],
  ['the GM', 'gm', 'gm'],
  ['the spectators', 'spectator', 'spectator'],
  ['a seat by its id', { seat: 's2' }, 's2'],
])('%s', (_name, as, expected) => {
  const url = new URL(replayExportUrl('room_1', 'ja', 'Asia/Tokyo', as), 'http://x.test');
  expect({ path: url.pathname, lang: url.searchParams.get('lang'), tz: url.searchParams.get('tz'), as: url.searchParams.get('as') }).toEqual({
    path: '/api/rooms/room_1/export',
    lang: 'ja',
    tz: 'Asia/Tokyo',
    as: expected,
  });
});
