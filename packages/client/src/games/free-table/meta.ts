import type { GameMeta } from '../../shell/games.ts';

export default {
  id: 'free-table',
  order: 0,
  name: { ko: '프리 테이블 (카드·주사위·선언)', ja: 'フリーテーブル（カード・ダイス・宣言）', en: 'Free table (cards, dice, declarations)' },
} satisfies GameMeta;
