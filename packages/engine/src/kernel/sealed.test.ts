import { describe, expect, test } from 'vitest';
import { verifyCommitment } from './commitment.ts';
import { Rng, newRngState } from './rng.ts';
import { allAnswered, answerSealed, canAnswer, openSealed, pendingSeats, revealSealed, sealedPublic } from './sealed.ts';

const rng = () => new Rng(newRngState('a'.repeat(64)));

describe('sealed declarations', () => {
  test('answers are sealed with a salt and a commitment; the public summary hides them', () => {
    const s = openSealed<string>(['s1', 's2', 's1']);
    expect(s.seats).toEqual(['s1', 's2']);
    const a = answerSealed(s, 's1', 'left', rng());
    if (!a.ok) throw new Error(a.error.code);
    expect(a.value.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(verifyCommitment('left', a.value.salt, a.value.commitment)).toBe(true);
    expect(sealedPublic(s)).toEqual([{ seat: 's1', declared: true, commitment: a.value.commitment }, { seat: 's2', declared: false }]);
    expect(JSON.stringify(sealedPublic(s))).not.toContain('left');
    expect(pendingSeats(s)).toEqual(['s2']);
    expect(allAnswered(s)).toBe(false);
  });

  test('a changed answer gets a fresh salt and commitment', () => {
    const s = openSealed<string>(['s1']);
    const r = rng();
    const a = answerSealed(s, 's1', 'x', r);
    const b = answerSealed(s, 's1', 'x', r);
    if (!a.ok || !b.ok) throw new Error('rejected');
    expect(b.value.salt).not.toBe(a.value.salt);
    expect(b.value.commitment).not.toBe(a.value.commitment);
    expect(allAnswered(s)).toBe(true);
  });

  test('only listed seats answer, only while open; reveal publishes everything once', () => {
    const s = openSealed<number>(['s1', 's2']);
    expect(canAnswer(s, 's3')).toEqual({ ok: false, error: { code: 'NOT_IN_DECL' } });
    const a = answerSealed(s, 's2', 4, rng());
    if (!a.ok) throw new Error(a.error.code);
    const revealed = revealSealed(s);
    expect(revealed).toEqual({
      ok: true,
      value: [{ seat: 's1', declared: false }, { seat: 's2', declared: true, answer: 4, salt: a.value.salt, commitment: a.value.commitment }],
    });
    expect(revealSealed(s)).toEqual({ ok: false, error: { code: 'DECL_CLOSED' } });
    expect(answerSealed(s, 's1', 1, rng())).toEqual({ ok: false, error: { code: 'DECL_CLOSED' } });
  });
});
