import type { openEditionEn } from './en.ts';

/** Japanese strings of the open edition's download and check, fetched once the GM released it. */
export const openEditionJa: Record<keyof typeof openEditionEn, string> = {
  'open.title': '公開版',
  'open.download': '公開版をダウンロード',
  'open.verify': '検証',
  'open.seedOk': 'シード: その sha256 は、このページが入室時に受け取ったコミットメント（{hash}）と一致します。',
  'open.seedBad': 'シードが一致しません: このページが受け取ったのは {expected}、公開されたシードのハッシュは {actual} です。',
  'open.commitments': 'この端末が見た封印回答: {checked} 件を公開された回答とソルトで照合、未公開 {unrevealed} 件。',
  'open.mismatch': 'エントリ {seq}: {round} の {who} の公開回答は、この端末が封印中に見たものと違います。',
  'open.replayHint': 'このページはシードと封印中に見たものを確認します。すべてのダイス・シャッフル・ドローのシードからの再現は、ダウンロードしたファイルに ./vt verify で行います。',
};

export default openEditionJa;
