import type { gwRelationEn } from './relation-en.ts';

/** 관계도 関係図 (GW-REL); rule terms keep their Korean names. */
export const gwRelationJa: Record<keyof typeof gwRelationEn, string> = {
  'gw.rel.title': '관계도 関係図',
  'gw.rel.none': 'まだ誰も登録していません。',
  'gw.rel.cut': '切る',
  'gw.rel.offered': '{name}が関係の登録を申し出ています。',
  'gw.rel.accept': '登録',
  'gw.rel.waiting': '{name}の同意を待っています。',
  'gw.rel.with': '登録する相手',
  'gw.rel.propose': '申し出る',
  'gw.rel.proposeHint': 'このシーンで会った相手のみ。1シーン最大2人、合計8人まで。',
  'gw.rel.plus': '+1',
  'gw.rel.minus': '−1',
  'gw.rel.seal': '点数を封印',
  'gw.rel.sealed': '封印済み：シーン終了時に適用され、他の誰にも見えません。',
  'gw.rel.shareTo': '共有する相手',
  'gw.rel.about': '対象',
  'gw.rel.points': '정보점 情報点',
  'gw.rel.false': '偽情報',
  'gw.line.relationProposed': '{from} が {to} に관계도の登録を申し出ました。',
  'gw.line.relationRegistered': '{from} と {to} が互いを관계도に登録しました。',
  'gw.line.relationScoreSealed': '{holder} がシーン終了時の点数を封印しました。',
  'gw.line.infoShared': '{giver} が {to} に {target} についての정보점 {n} を共有しました。',
  'gw.line.infoSharedFalse': '{giver} が {to} に {target} についての정보점 {n} を共有しました（うち偽情報 {f}）。',
  'gw.rel.share': '共有',
};
