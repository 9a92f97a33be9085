import { expect, test } from 'vitest';
import type { SealContext } from './link-seal.ts';
import { newLinkKey, openToken, sealToken, unwrapLinkKey, wrapLinkKey } from './link-seal.ts';

const key = newLinkKey();
const token = 'A'.repeat(43);
const aki: SealContext = { roomId: 'room', role: 'player', seat: 's1' };
const sealed = sealToken(key, token, aki);

test('a sealed token opens with its key and context, and does not show the token', () => {
  expect(openToken(key, sealed, aki)).toBe(token);
  expect(sealed).not.toContain(token);
  // A fresh nonce each time: the same token never seals to the same text.
  expect(sealToken(key, token, aki)).not.toBe(sealed);
});

const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

test.each<[string, Buffer, string, SealContext]>([
  ['another key', newLinkKey(), sealed, aki],
  ['another seat (a value moved to another row)', key, sealed, { ...aki, seat: 's2' }],
  ['another role', key, sealed, { ...aki, role: 'spectator', seat: null }],
  ['another room', key, sealed, { ...aki, roomId: 'other' }],
  ['a changed ciphertext', key, flip(sealed, sealed.length - 3), aki],
  ['an unknown version', key, `v9${sealed.slice(2)}`, aki],
  ['not a sealed value', key, 'plain text', aki],
])('%s does not open', (_name, k, text, context) => {
  expect(openToken(k, text, context)).toBeUndefined();
});

test('the link key unwraps only with the GM token and room it was wrapped for', () => {
  const gm = 'G'.repeat(43);
  const wrapped = wrapLinkKey(key, gm, 'room');
  expect(unwrapLinkKey(wrapped, gm, 'room')).toEqual(key);
  expect(unwrapLinkKey(wrapped, 'H'.repeat(43), 'room')).toBeUndefined();
  expect(unwrapLinkKey(wrapped, gm, 'other')).toBeUndefined();
  expect(wrapped).not.toContain(key.toString('base64url'));
});
