import type { openEditionEn } from './en.ts';

/** Korean strings of the open edition's download and check, fetched once the GM released it. */
export const openEditionKo: Record<keyof typeof openEditionEn, string> = {
  'open.title': '공개판',
  'open.download': '공개판 내려받기',
  'open.verify': '검증',
  'open.seedOk': '시드: sha256이 이 페이지가 입장할 때 받은 커밋먼트({hash})와 같습니다.',
  'open.seedBad': '시드가 맞지 않습니다. 이 페이지가 받은 값: {expected}, 공개된 시드의 해시: {actual}.',
  'open.commitments': '이 기기가 본 봉인된 답: {checked}개를 공개된 답과 솔트로 확인, 공개되지 않음 {unrevealed}개.',
  'open.mismatch': '항목 {seq}: {round}에서 {who}의 공개된 답이 이 기기가 봉인 중에 본 것과 다릅니다.',
  'open.replayHint': '이 페이지는 시드와 봉인 중에 본 것을 확인합니다. 모든 주사위·셔플·드로를 시드에서 다시 계산하는 것은 내려받은 파일에 ./vt verify로 합니다.',
};

export default openEditionKo;
