import { describe, expect, test } from 'vitest';
import { buildDeck, customFaces, faceLabel, newCardId, rekey, shuffleCards, standardFaces, takeTop } from './deck.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';

const rng = (n = 1) => new Rng(newRngState(n.toString(16).padStart(64, '0')));
const key = (x: unknown) => JSON.stringify(x);

describe('deck faces', () => {
  test('a standard deck has 52 distinct faces, 54 with jokers', () => {
    expect(new Set(standardFaces(false).map(key)).size).toBe(52);
    const withJokers = standardFaces(true);
    expect(new Set(withJokers.map(key)).size).toBe(54);
    expect(withJokers.slice(52)).toEqual([{ kind: 'joker', n: 1 }, { kind: 'joker', n: 2 }]);
    expect(standardFaces(false).map(faceLabel).slice(0, 13).join(' ')).toBe('AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS');
  });

  test('custom faces keep the texts in order', () => {
    expect(customFaces(['Sword', 'Shield'])).toEqual([{ kind: 'custom', text: 'Sword' }, { kind: 'custom', text: 'Shield' }]);
  });
});

describe('card ids', () => {
  test('ids are c + 16 hex digits, distinct, and skip taken ones', () => {
    const r = rng();
    const first = newCardId(rng());
    expect(first).toMatch(/^c[0-9a-f]{16}$/);
    expect(newCardId(r, (id) => id === first)).not.toBe(first);
  });

  test('rekey gives a card a new id and keeps its face', () => {
    const card = { id: 'c0000000000000000', face: { kind: 'custom', text: 'x' } as const };
    rekey(card, rng());
    expect(card.id).not.toBe('c0000000000000000');
    expect(card.face).toEqual({ kind: 'custom', text: 'x' });
  });
});

describe('shuffle and build', () => {
  test('buildDeck shuffles and keys every card uniquely; the same seed gives the same deck', () => {
    const a = buildDeck(standardFaces(true), rng(7));
    const b = buildDeck(standardFaces(true), rng(7));
    expect(a).toEqual(b);
    expect(new Set(a.map((c) => c.id)).size).toBe(54);
    expect(a.map((c) => c.face)).not.toEqual(standardFaces(true));
    expect(a.map((c) => key(c.face)).sort()).toEqual(standardFaces(true).map(key).sort());
    expect(buildDeck(standardFaces(true), rng(8)).map((c) => c.face)).not.toEqual(a.map((c) => c.face));
  });

  test('shuffleCards re-keys every card and keeps the faces', () => {
    const r = rng(3);
    const cards = buildDeck(customFaces(['a', 'b', 'c', 'd', 'e']), r);
    const old = structuredClone(cards);
    shuffleCards(cards, r);
    expect(cards.filter((c) => old.some((o) => o.id === c.id))).toEqual([]);
    expect(cards.map((c) => key(c.face)).sort()).toEqual(old.map((c) => key(c.face)).sort());
  });

  test('takeTop takes from the end, all or nothing', () => {
    const pile = buildDeck(customFaces(['a', 'b', 'c']), rng());
    const [x, y, z] = pile;
    expect(takeTop(pile, 4)).toBeNull();
    expect(pile).toHaveLength(3);
    expect(takeTop(pile, 2)).toEqual([z, y]);
    expect(pile).toEqual([x]);
  });
});
