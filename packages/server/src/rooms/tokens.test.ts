import { expect, test } from 'vitest';
import { memoryStore } from '../db/memory-store.ts';
import { hashToken, issueToken, reissueToken, resolveToken, roomUrl } from './tokens.ts';

test('a token is 32 random bytes in base64url and only its sha256 is stored', async () => {
  const store = memoryStore();
  const token = await issueToken(store, 'room', { role: 'player', seat: 's3' });
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  expect(await store.findToken(token)).toBeUndefined();
  expect(await store.findToken(hashToken(token))).toEqual({ hash: hashToken(token), roomId: 'room', role: 'player', seat: 's3', revoked: false });
  expect(await resolveToken(store, token)).toEqual({ ok: true, value: { roomId: 'room', viewer: { role: 'player', seat: 's3' } } });
});

test.each([
  ['an unknown token', 'B'.repeat(43)],
  ['a token of the wrong length', 'short'],
  ['a token with foreign characters', '!'.repeat(43)],
])('%s is BAD_TOKEN', async (_name, token) => {
  expect(await resolveToken(memoryStore(), token)).toEqual({ ok: false, error: { code: 'BAD_TOKEN' } });
});

test('reissue revokes every earlier token of that seat only', async () => {
  const store = memoryStore();
  const s1a = await issueToken(store, 'room', { role: 'player', seat: 's1' });
  const s1b = await issueToken(store, 'room', { role: 'player', seat: 's1' });
  const s2 = await issueToken(store, 'room', { role: 'player', seat: 's2' });
  const gm = await issueToken(store, 'room', { role: 'gm' });
  const fresh = await reissueToken(store, 'room', { role: 'player', seat: 's1' });
  const codes = await Promise.all([s1a, s1b, s2, gm, fresh].map(async (t) => {
    const r = await resolveToken(store, t);
    return r.ok ? 'ok' : r.error.code;
  }));
  expect(codes).toEqual(['TOKEN_REVOKED', 'TOKEN_REVOKED', 'ok', 'ok', 'ok']);
});

test('links carry the token in the fragment', () => {
  expect(roomUrl('https://vt.example/', 'abc', 'TOK')).toBe('https://vt.example/r/abc#t=TOK');
});
