import type { replayEn } from './en.ts';

/** Korean strings of the replay page, fetched with it. */
export const replayKo: Record<keyof typeof replayEn, string> = {
  'replay.title': '리플레이',
  'replay.fileHint': '방에서 저장한 내보내기 파일(JSON)을 고르면 세션을 한 단계씩 다시 볼 수 있습니다.',
  'replay.choose': '내보내기 파일 고르기',
  'replay.drop': '또는 여기에 끌어다 놓기',
  'replay.reading': '{name} 읽는 중…',
  'replay.badFile': '{name}은(는) 리플레이할 수 없습니다. {reason}',
  'replay.loading': '세션 불러오는 중… {pct}%',
  'replay.failed': '세션을 불러오지 못했습니다: {reason}',
  'replay.retry': '다시 시도',
  'replay.notice': '리플레이 · {n}/{total}단계 · {time}',
  'replay.noTime': '첫 줄 이전',
  'replay.back': '한 단계 뒤로',
  'replay.forward': '한 단계 앞으로',
  'replay.play': '재생',
  'replay.pause': '일시 정지',
  'replay.speed': '속도',
  'replay.slider': '세션의 진행',
  'replay.phases': '페이즈로 이동',
  'replay.noPhases': '이 세션에는 이동할 페이즈가 없습니다.',
  'replay.watchAs': '시점',
  'replay.as.gm': 'GM',
  'replay.as.spectator': '관전자',
  'replay.fromFile': '파일 {name}에서',
  'replay.otherFile': '다른 파일 열기',
  'replay.phase.cycle': '사이클 {n}',
  'replay.phase.declOpen': '선언 {n} · 접수 중',
  'replay.phase.declRevealed': '선언 {n} · 공개',
};

export default replayKo;
