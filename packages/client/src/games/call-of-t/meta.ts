import type { GameMeta } from '../../shell/games.ts';

export default {
  id: 'call-of-t',
  order: 30,
  name: { ko: 'Call of <T> (탐색 사이클)', ja: 'Call of <T>（探索サイクル）', en: 'Call of <T> (exploration cycle)' },
} satisfies GameMeta;
