import { expect, test } from 'vitest';
import { memoryStore } from '../db/memory-store.ts';
import { newLinkKey, openToken, unwrapLinkKey } from './link-seal.ts';
import { hashToken, issueToken, reissueToken, resolveToken, roomUrl } from './tokens.ts';

const key = newLinkKey();

test('a token is 32 random bytes in base64url; its sha256 is stored, and the token only sealed with the link key', async () => {
  const store = memoryStore();
  const token = await issueToken(store, 'room', { role: 'player', seat: 's3' }, key);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  expect(await store.findToken(token)).toBeUndefined();
  const record = await store.findToken(hashToken(token));
  expect(record).toEqual({ hash: hashToken(token), roomId: 'room', role: 'player', seat: 's3', revoked: false, sealed: expect.any(String) });
  expect(JSON.stringify(record)).not.toContain(token);
  expect(openToken(key, record!.sealed!, { roomId: 'room', role: 'player', seat: 's3' })).toBe(token);
  expect(await resolveToken(store, token)).toEqual({ ok: true, value: { roomId: 'room', viewer: { role: 'player', seat: 's3' } } });
});

test('a GM token keeps the link key wrapped under itself: only that token unwraps it', async () => {
  const store = memoryStore();
  const gm = await issueToken(store, 'room', { role: 'gm' }, key);
  const other = await issueToken(store, 'room', { role: 'gm' }, key);
  const record = await store.findToken(hashToken(gm));
  expect(unwrapLinkKey(record!.sealed!, gm, 'room')).toEqual(key);
  expect(unwrapLinkKey(record!.sealed!, other, 'room')).toBeUndefined();
  expect(unwrapLinkKey(record!.sealed!, gm, 'another room')).toBeUndefined();
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
  const s1a = await issueToken(store, 'room', { role: 'player', seat: 's1' }, key);
  const s1b = await issueToken(store, 'room', { role: 'player', seat: 's1' }, key);
  const s2 = await issueToken(store, 'room', { role: 'player', seat: 's2' }, key);
  const gm = await issueToken(store, 'room', { role: 'gm' }, key);
  const fresh = await reissueToken(store, 'room', { role: 'player', seat: 's1' }, key);
  const codes = await Promise.all([s1a, s1b, s2, gm, fresh].map(async (t) => {
    const r = await resolveToken(store, t);
    return r.ok ? 'ok' : r.error.code;
  }));
  expect(codes).toEqual(['TOKEN_REVOKED', 'TOKEN_REVOKED', 'ok', 'ok', 'ok']);
});

test('links carry the token in the fragment', () => {
  expect(roomUrl('https://vt.example/', 'abc', 'TOK')).toBe('https://vt.example/r/abc#t=TOK');
});
