import type { CotOptions } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import type { CotState } from './state.ts';
import { GM, body, character, investigate, run, started } from './test-support.ts';

/** Supplies (Q14): the draw pile running out, and what a food treasure gives. */

describe('an empty deck (COT-MOD-07, Q14)', () => {
  /** Every deck card already discarded; ch1 prays and succeeds (〈死祭り〉 40, roll 30), drawing one card. */
  const prayOnEmptyDeck = (options: Partial<CotOptions>) => {
    const s = started({ options });
    s.discard.push(...s.deck.splice(0));
    const before = new Set(s.discard.map((c) => c.id));
    return { before, out: investigate(s, { ch1: { kind: 'prayer' } }, [30]) };
  };

  test('Q14 the discard pile comes back as the deck, shuffled face-down under new ids, and the draw goes on', () => {
    const { before, out } = prayOnEmptyDeck({});
    const hand = character(out.state, 'ch1').hand;
    expect(hand).toHaveLength(1);
    expect(out.state.discard).toEqual([]);
    expect(out.state.deck).toHaveLength(51);
    const ids = [...out.state.deck, ...hand].map((c) => c.id);
    expect(ids.filter((id) => before.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(52);
    expect(out.events.map(body).flatMap((e) => (e.type === 'cot.note' && e.key === 'deck.reshuffled' ? [e.params] : []))).toEqual([{ count: 52 }]);
  });

  test('Q14 deckExhaustion none: with the deck empty nothing is drawn and the discard pile stays', () => {
    const { out } = prayOnEmptyDeck({ deckExhaustion: 'none' });
    expect(character(out.state, 'ch1').hand).toEqual([]);
    expect(out.state.discard).toHaveLength(52);
  });
});

describe('the food treasure (T-TRS rank 2)', () => {
  /** Treasure with cap 8 and 2D6 = 1 + 1: rank 2, food. */
  const foodFound = (options: Partial<CotOptions>): CotState => {
    const s = started({ options });
    s.phase = { kind: 'event', step: { kind: 'treasure', cap: 8 }, processed: [] };
    return run(s, { type: 'cot.treasure.resolve', spotters: [] }, GM, [1, 1]).state;
  };

  test('COT-TRS-03 food found is treasure like any other: kept for after the return, not eaten on the way', () => {
    const s = foodFound({});
    expect(s.party.treasures).toEqual([2]);
    expect(s.party.food).toBe(5);
  });

  test('Q14 foodTreasureRations: a room that reads it as provisions adds rations for every character', () => {
    const s = foodFound({ foodTreasureRations: 2 });
    expect(s.party.treasures).toEqual([2]);
    expect(s.party.food).toBe(5 + 2 * 3);
  });
});
