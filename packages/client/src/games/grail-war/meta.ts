import type { GameMeta } from '../../shell/games.ts';

export default {
  id: 'grail-war',
  order: 20,
  name: { ko: '성배전쟁 (전투)', ja: '聖杯戦争（戦闘）', en: 'Grail War (battles)' },
} satisfies GameMeta;
