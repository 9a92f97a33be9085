import type { replayEn } from './en.ts';

/** Japanese strings of the replay page, fetched with it. */
export const replayJa: Record<keyof typeof replayEn, string> = {
  'replay.title': 'リプレイ',
  'replay.fileHint': 'ルームから保存したログ出力ファイル（JSON）を選ぶと、セッションを一手ずつ見直せます。',
  'replay.choose': 'ログ出力ファイルを選ぶ',
  'replay.drop': 'またはここにドロップ',
  'replay.reading': '{name}を読み込み中…',
  'replay.badFile': '{name}はリプレイできません。{reason}',
  'replay.loading': 'セッションを読み込み中… {pct}%',
  'replay.failed': 'セッションを読み込めませんでした：{reason}',
  'replay.retry': 'もう一度',
  'replay.notice': 'リプレイ · {n}/{total}手目 · {time}',
  'replay.noTime': '最初の行より前',
  'replay.back': '一手戻る',
  'replay.forward': '一手進む',
  'replay.play': '再生',
  'replay.pause': '一時停止',
  'replay.speed': '速度',
  'replay.slider': 'セッションの経過',
  'replay.phases': 'フェイズへ移動',
  'replay.noPhases': 'このセッションには移動できるフェイズがありません。',
  'replay.watchAs': '視点',
  'replay.as.gm': 'GM',
  'replay.as.spectator': '観戦者',
  'replay.fromFile': 'ファイル{name}から',
  'replay.otherFile': '別のファイルを開く',
  'replay.phase.cycle': 'サイクル{n}',
  'replay.phase.declOpen': '宣言{n} · 受付中',
  'replay.phase.declRevealed': '宣言{n} · 公開',
};

export default replayJa;
