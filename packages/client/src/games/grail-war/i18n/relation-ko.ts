import type { gwRelationEn } from './relation-en.ts';

/** 관계도 (GW-REL). */
export const gwRelationKo: Record<keyof typeof gwRelationEn, string> = {
  'gw.rel.title': '관계도',
  'gw.rel.none': '아직 관계도에 아무도 없습니다.',
  'gw.rel.cut': '끊기',
  'gw.rel.offered': '{name|이} 관계 등록을 제안합니다.',
  'gw.rel.accept': '등록',
  'gw.rel.waiting': '{name}의 합의를 기다리는 중.',
  'gw.rel.with': '등록할 상대',
  'gw.rel.propose': '제안',
  'gw.rel.proposeHint': '이번 장면에서 만난 상대만. 한 장면에 최대 2명, 총 8명.',
  'gw.rel.plus': '+1',
  'gw.rel.minus': '−1',
  'gw.rel.seal': '점수 봉인',
  'gw.rel.sealed': '봉인됨: 장면 종료 시 적용되며 다른 누구에게도 보이지 않습니다.',
  'gw.rel.shareTo': '공유 대상',
  'gw.rel.about': '대상 서번트',
  'gw.rel.points': '정보점',
  'gw.rel.false': '거짓 정보',
  'gw.line.relationProposed': '{from|이} {to}에게 관계도 등록을 제안했습니다.',
  'gw.line.relationRegistered': '{from|과} {to|이} 서로를 관계도에 등록했습니다.',
  'gw.line.relationScoreSealed': '{holder|이} 장면 종료 점수를 봉인했습니다.',
  'gw.line.infoShared': '{giver|이} {to}에게 {target}에 대한 정보점 {n}점을 공유했습니다.',
  'gw.line.infoSharedFalse': '{giver|이} {to}에게 {target}에 대한 정보점 {n}점을 공유했습니다 (그중 거짓 정보 {f}점).',
  'gw.rel.share': '공유',
};
