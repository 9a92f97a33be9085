import type { gmEn } from './en.ts';

/** Korean strings of the GM's tools (seat links, notes, the rules options panel). */
export const gmKo: Record<keyof typeof gmEn, string> = {
  'gm.seats': '자리',
  'gm.seatName': '자리 이름',
  'gm.addSeat': '자리 추가',
  'gm.linkUnknown': '이 기기에는 링크가 없습니다',
  'gm.reissue': '새 링크',
  'gm.reissueConfirm': '이전 링크는 더 이상 작동하지 않습니다. 계속할까요?',
  'gm.spectatorLink': '관전 링크',
  'gm.notes': '메모 (나만 볼 수 있음)',
  'gm.notePlaceholder': '나중을 위한 비밀…',
  'gm.addNote': '메모 추가',
  'gm.removeNote': '삭제',
  'gm.noSeats': '아직 자리가 없습니다. 플레이어마다 하나씩 추가하세요.',

  'gm.opt.save': '규칙 저장',
  'gm.opt.default': '기본',
  'gm.opt.defaultIs': '기본: {value}',
  'gm.opt.changed': '{n}개 변경',
  'gm.opt.unchanged': '변경 없음',
  'gm.opt.bounds': '{min}~{max}',
  'gm.opt.bad': '범위 밖: {keys}',
  'gm.opt.on': '켬',
  'gm.opt.off': '끔',
  'gm.opt.none': '없음',
  'gm.diceSystem': '다이스봇 (BCDice)',
  'gm.diceSystemHint': '채팅에 입력한 주사위는 이 시스템의 명령으로 읽힙니다.',
};

export default gmKo;
