import { beforeAll, describe, expect, test } from 'vitest';
import type { FreeTableViewEvent } from '@veiltable/protocol/games/free-table';
import { gameDictionaryLoaders } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, LANGS, translate } from '../../shell/i18n/translate.ts';
import { eventText, loadLineRenderer, type LineContext } from '../../ui/timeline/line-renderers.ts';
import { faceText } from '../../ui/card-face.ts';

beforeAll(async () => {
  addDictionaries(await gameDictionaryLoaders['free-table']!());
  await loadLineRenderer('free-table');
});

const names: Record<string, string> = { s1: 'Aki', s2: 'Bora' };
const context = (lang: (typeof LANGS)[number]): LineContext => ({
  t: (key, params) => translate(lang, key, params),
  actor: (a) => (a.role === 'gm' ? 'GM' : (names[a.seat] ?? a.seat)),
  seat: (id) => names[id] ?? id,
  face: faceText,
});

type Decl = Extract<FreeTableViewEvent, { type: 'decl.opened' }>['decl'];
type Card = Extract<FreeTableViewEvent, { type: 'card.discarded' }>['card'];
const decl: Decl = { id: 'd1', prompt: 'Where do you go?', kind: 'text', seats: ['s1'], status: 'open', answers: [] };
const ace: Card = { id: 'c1', face: { kind: 'standard', suit: 'S', rank: 1 } };

/** Every free-table event a line is written for, and what its English sentence must hold. */
const events: [FreeTableViewEvent, string[]][] = [
  [{ type: 'seat.added', seat: 's1', name: 'Aki' }, ['Aki']],
  [{ type: 'seat.renamed', seat: 's2', name: 'Bo' }, ['Bora', 'Bo']],
  [{ type: 'deck.created', count: 52 }, ['52']],
  [{ type: 'deck.shuffled', count: 52 }, ['shuffled']],
  [{ type: 'cards.drawn', seat: 's1', cards: [], count: 3 }, ['Aki', '3']],
  [{ type: 'cards.drawn', seat: 's1', cards: [ace], count: 1 }, ['Aki', 'A♠']],
  [{ type: 'card.passed', from: 's1', to: 's2' }, ['Aki', 'Bora', 'face-down']],
  [{ type: 'card.played', by: { role: 'player', seat: 's2' }, card: { id: 'c2', owner: { role: 'player', seat: 's2' }, faceUp: true, face: { kind: 'standard', suit: 'S', rank: 1 } } }, ['Bora', 'A♠']],
  [{ type: 'card.played', by: { role: 'gm' }, card: { id: 'c3', owner: { role: 'gm' }, faceUp: false } }, ['GM', 'face-down']],
  [{ type: 'card.flipped', card: { id: 'c3', owner: { role: 'gm' }, faceUp: true, face: { kind: 'joker', n: 1 } } }, ['JOKER 1']],
  [{ type: 'card.discarded', card: ace }, ['A♠']],
  [{ type: 'decl.opened', decl }, ['Where do you go?']],
  [{ type: 'decl.answered', decl: 'd1', seat: 's1', commitment: 'ab12' }, ['Aki']],
  [{ type: 'decl.revealed', decl: { ...decl, status: 'revealed' } }, ['Where do you go?']],
  [{ type: 'note.added', id: 'n1', text: 'The door is locked' }, ['The door is locked']],
  [{ type: 'note.removed', id: 'n1' }, ['note']],
];

describe('free-table lines', () => {
  test.each(events)('%o reads as a sentence in every language', (seen, holds) => {
    for (const lang of LANGS) {
      const text = eventText('free-table', seen, context(lang));
      expect(text).not.toMatch(/line\.|tl\.|\{/);
      expect(text).not.toContain(seen.type);
      if (lang === 'en') for (const part of holds) expect(text).toContain(part);
    }
  });

  test('an event no renderer knows falls back to the translated table action, without its type (an id, not words)', () => {
    expect(eventText('free-table', { type: 'mystery.thing' }, context('en'))).toBe('Table action');
    expect(eventText('grail-war', { type: 'gw.battle.started' }, context('ja'))).toBe('卓の操作');
  });

  test.each([
    ['en', 'Aiko joined the table.'],
    ['ja', 'Aikoが卓に着きました。'],
    ['ko', 'Aiko님이 자리에 앉았습니다.'],
  ] as const)('a seat added reads as a sentence at a table of any game (%s)', (lang, sentence) => {
    expect(eventText('call-of-t', { type: 'seat.added', seat: 's1', name: 'Aiko' }, context(lang))).toBe(sentence);
    // dungeon-2d6 keeps an event's fields under `data`.
    expect(eventText('dungeon-2d6', { type: 'seat.added', data: { seat: 's1', name: 'Aiko' } }, context(lang))).toBe(sentence);
  });
});
