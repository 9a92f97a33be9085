import { beforeAll, expect, test } from 'vitest';
import { addDictionaries, translate, type Lang } from '../shell/i18n/translate.ts';
import { gmEn } from './i18n/en.ts';
import { gmJa } from './i18n/ja.ts';
import { gmKo } from './i18n/ko.ts';
import { inviteLine, inviteMessage } from './invite-message.ts';

beforeAll(() => addDictionaries({ en: gmEn, ja: gmJa, ko: gmKo }));

const t = (lang: Lang) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(lang, key, params);

const list = {
  title: '달빛 여관',
  seats: [
    { name: '아키', url: 'https://t.example/r/R1#t=AAA' },
    { name: 'ボラ', url: 'https://t.example/r/R1#t=BBB' },
  ],
  spectator: 'https://t.example/r/R1#t=SPEC',
};

test.each<[Lang, string]>([
  [
    'ko',
    'Veiltable 「달빛 여관」 초대장입니다. 자기 이름의 링크를 여세요:\n아키: https://t.example/r/R1#t=AAA\nボラ: https://t.example/r/R1#t=BBB\n관전: https://t.example/r/R1#t=SPEC',
  ],
  [
    'ja',
    'Veiltable「달빛 여관」への招待です。自分の名前のリンクを開いてください：\n아키：https://t.example/r/R1#t=AAA\nボラ：https://t.example/r/R1#t=BBB\n観戦用：https://t.example/r/R1#t=SPEC',
  ],
  [
    'en',
    'You are invited to "달빛 여관" on Veiltable. Open the link with your name:\n아키: https://t.example/r/R1#t=AAA\nボラ: https://t.example/r/R1#t=BBB\nTo watch: https://t.example/r/R1#t=SPEC',
  ],
])('in %s: a heading with the title, a line per seat with its name and link, the spectator link last', (lang, expected) => {
  expect(inviteMessage(t(lang), list)).toBe(expected);
});

test('without a spectator link the message ends with the last seat', () => {
  const text = inviteMessage(t('en'), { ...list, spectator: null });
  expect(text.split('\n')).toHaveLength(3);
  expect(text.endsWith('ボラ: https://t.example/r/R1#t=BBB')).toBe(true);
});

test('every link of the list is in the message exactly once', () => {
  const text = inviteMessage(t('ko'), list);
  for (const url of [...list.seats.map((s) => s.url), list.spectator]) expect(text.split(url)).toHaveLength(2);
});

test('a single seat shares its own line', () => {
  expect(inviteLine(t('ja'), list.seats[0]!)).toBe('아키：https://t.example/r/R1#t=AAA');
});
