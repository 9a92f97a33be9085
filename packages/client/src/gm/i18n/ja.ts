import type { gmEn } from './en.ts';

/** Japanese strings of the GM's tools (seat links, notes, the rules options panel). */
export const gmJa: Record<keyof typeof gmEn, string> = {
  'gm.seats': '席',
  'gm.seatName': '席の名前',
  'gm.addSeat': '席を追加',
  'gm.linkUnknown': 'この端末にはリンクがありません',
  'gm.reissue': '新しいリンク',
  'gm.reissueConfirm': '古いリンクは使えなくなります。続けますか？',
  'gm.spectatorLink': '観戦リンク',
  'gm.notes': 'メモ（あなただけが見られます）',
  'gm.notePlaceholder': '後のための秘密…',
  'gm.addNote': 'メモを追加',
  'gm.removeNote': '削除',
  'gm.noSeats': 'まだ席がありません。プレイヤーごとに追加してください。',

  'gm.opt.save': 'ルールを保存',
  'gm.opt.default': '既定',
  'gm.opt.defaultIs': '既定: {value}',
  'gm.opt.changed': '{n} 件変更',
  'gm.opt.unchanged': '変更なし',
  'gm.opt.bounds': '{min}〜{max}',
  'gm.opt.bad': '範囲外: {keys}',
  'gm.opt.on': 'オン',
  'gm.opt.off': 'オフ',
  'gm.opt.none': 'なし',
  'gm.diceSystem': 'ダイスボット（BCDice）',
  'gm.diceSystemHint': 'チャットに入力したダイスは、このシステムのコマンドとして読まれます。',
};

export default gmJa;
