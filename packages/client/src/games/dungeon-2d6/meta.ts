import type { GameMeta } from '../../shell/games.ts';

export default {
  id: 'dungeon-2d6',
  order: 10,
  name: { ko: '던전 2d6 (하우스 룰)', ja: 'ダンジョン2d6（ハウスルール）', en: 'Dungeon 2d6 (house rules)' },
} satisfies GameMeta;
