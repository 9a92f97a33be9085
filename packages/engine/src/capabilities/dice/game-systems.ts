/**
 * The BCDice game systems a room may choose, by BCDice's own ids (its game_system_list.json), with their names in
 * the table's languages. Adding a system: one line here, and its cases in bcdice-cases.json (scripts/bcdice-cases.mjs).
 * This file is data only, so the client can list the systems without loading BCDice.
 */
export const DICE_SYSTEMS = [
  { id: 'DiceBot', names: { ko: '범용 다이스봇', ja: 'ダイスボット（汎用）', en: 'Generic dice bot' } },
  { id: 'Cthulhu', names: { ko: '크툴루 신화 TRPG (일본어판)', ja: 'クトゥルフ神話TRPG', en: 'Call of Cthulhu 6th ed. (Japanese)' } },
  { id: 'Cthulhu:Korean', names: { ko: '크툴루', ja: 'クトゥルフ神話TRPG（韓国語）', en: 'Call of Cthulhu 6th ed. (Korean)' } },
  { id: 'Cthulhu7th', names: { ko: '신 크툴루 신화 TRPG (일본어판)', ja: '新クトゥルフ神話TRPG', en: 'Call of Cthulhu 7th ed. (Japanese)' } },
  { id: 'Cthulhu7th:Korean', names: { ko: '크툴루의 부름 7판', ja: '新クトゥルフ神話TRPG（韓国語）', en: 'Call of Cthulhu 7th ed. (Korean)' } },
  { id: 'SwordWorld2.5', names: { ko: '소드 월드 2.5', ja: 'ソード・ワールド2.5', en: 'Sword World 2.5' } },
  { id: 'DoubleCross', names: { ko: '더블크로스 (일본어판)', ja: 'ダブルクロス2nd,3rd', en: 'Double Cross 2nd/3rd (Japanese)' } },
  { id: 'DoubleCross:Korean', names: { ko: '더블크로스2nd,3rd', ja: 'ダブルクロス（韓国語）', en: 'Double Cross 2nd/3rd (Korean)' } },
  { id: 'Emoklore', names: { ko: '에모클로어 TRPG', ja: 'エモクロアTRPG', en: 'Emoklore TRPG' } },
  { id: 'Satasupe', names: { ko: '사타스페', ja: 'サタスペ', en: 'Satasupe' } },
  { id: 'Kamigakari', names: { ko: '카미가카리', ja: '神我狩', en: 'Kamigakari' } },
  { id: 'ShinobiGami', names: { ko: '시노비가미', ja: 'シノビガミ', en: 'Shinobigami' } },
  { id: 'RuneQuest', names: { ko: '룬퀘스트', ja: 'ルーンクエスト', en: 'RuneQuest' } },
] as const satisfies readonly { id: string; names: { ko: string; ja: string; en: string } }[];

export type DiceSystemId = (typeof DICE_SYSTEMS)[number]['id'];

/** The system of a room that names none: BCDice's generic bot. */
export const DEFAULT_DICE_SYSTEM: DiceSystemId = 'DiceBot';

export function isDiceSystem(id: string): id is DiceSystemId {
  return DICE_SYSTEMS.some((s) => s.id === id);
}
