/**
 * Korean particles that follow a value filled in at run time: 을/를, 이/가, 은/는, 과/와, 으로/로, 아/야, 이나/나,
 * 이랑/랑. A template names one form (`{name|을}`) and the value's last sound picks the form, so no screen shows
 * `을(를)`.
 */

/** Each particle's form after a final consonant, and after a vowel. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['을', '를'],
  ['이', '가'],
  ['은', '는'],
  ['과', '와'],
  ['으로', '로'],
  ['아', '야'],
  ['이나', '나'],
  ['이랑', '랑'],
];

/** Digits as read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구. 1, 7 and 8 end in ㄹ. */
const DIGIT_FINAL: Record<string, 'none' | 'l' | 'other'> = {
  '0': 'other', '1': 'l', '2': 'none', '3': 'other', '4': 'none', '5': 'none', '6': 'other', '7': 'l', '8': 'l', '9': 'none',
};

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** ㄹ as a syllable's final consonant (jongseong index 8). */
const RIEUL = 8;

/** The final sound of a value: no final consonant, ㄹ, or another consonant. */
export function finalSound(value: string): 'none' | 'l' | 'other' {
  // A bracketed note after a word (민준(GM)) is not read into it; nor are closing quotes, stops and spaces.
  const text = value.replace(/\s*[(（][^()（）]*[)）]\s*$/u, '').replace(/[\s\]}」』》〉"'’”.!?。、]+$/u, '');
  const last = text.at(-1);
  if (!last) return 'none';
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const jong = (code - HANGUL_FIRST) % 28;
    return jong === 0 ? 'none' : jong === RIEUL ? 'l' : 'other';
  }
  if (last in DIGIT_FINAL) return DIGIT_FINAL[last]!;
  // Latin letters as commonly read in Korean: -l and -r as ㄹ, -m and -n as a final consonant, the rest as a vowel.
  const lower = last.toLowerCase();
  if (lower === 'l' || lower === 'r') return 'l';
  if (lower === 'm' || lower === 'n') return 'other';
  // ん ends a Japanese word in a consonant; other kana and kanji are read as ending in a vowel.
  if (last === 'ん' || last === 'ン') return 'other';
  return 'none';
}

/** The particle's form that follows `value`; a form we do not know is returned as written. */
export function particle(value: string, written: string): string {
  const pair = PAIRS.find(([after, before]) => written === after || written === before);
  if (!pair) return written;
  const sound = finalSound(value);
  // 으로/로: ㄹ takes 로, like a vowel.
  if (pair[0] === '으로') return sound === 'other' ? '으로' : '로';
  return sound === 'none' ? pair[1] : pair[0];
}
