import type { DeclAnswer, DeclAnswerView } from '@veiltable/protocol';
import { commitment } from '@veiltable/engine';
import { expect, test } from 'vitest';
import { shortHash, verifyAnswer } from './verify.ts';

const answer: DeclAnswer = { kind: 'text', text: 'I hide behind the altar' };
const salt = '9f2c1e77aa03b4d5';
const published = commitment(answer, salt);

const row = (over: Partial<DeclAnswerView>): DeclAnswerView => ({
  seat: 's1',
  declared: true,
  commitment: published,
  answer,
  salt,
  ...over,
});

test.each<[string, DeclAnswerView, string]>([
  ['the revealed answer and salt hash to the published commitment', row({}), 'ok'],
  ['a changed answer is caught', row({ answer: { kind: 'text', text: 'I attack' } }), 'mismatch'],
  ['a changed salt is caught', row({ salt: salt.replace('9', '8') }), 'mismatch'],
  ['a different kind of answer is caught', row({ answer: { kind: 'choice', index: 0 } }), 'mismatch'],
  ['a declared row without its salt cannot be trusted', row({ salt: undefined }), 'mismatch'],
  ['a seat that never declared has nothing to verify', { seat: 's2', declared: false }, 'none'],
])('%s', (_name, input, expected) => {
  expect(verifyAnswer(input)).toBe(expected);
});

test('short hash shows the first eight hex digits', () => {
  expect(shortHash(published)).toBe(published.slice(0, 8));
  expect(shortHash(undefined)).toBe('—');
});
