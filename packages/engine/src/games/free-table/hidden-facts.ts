import type { Viewer } from '@veiltable/protocol';
import { seesHand } from '../../capabilities/cards/cards.ts';
import type { Card } from '../../capabilities/cards/deck.ts';
import { chatAudience, rollAudience } from '../../capabilities/feed/feed.ts';
import { admits } from '../../kernel/events.ts';
import type { FreeTableState } from './state.ts';

/** What of a card can be searched for: its id, and its face's text when it has one. */
const cardFacts = (card: Card): string[] => [card.id, ...(card.face.kind === 'custom' ? [card.face.text] : [])];

/**
 * The facts of a table one viewer must not have been sent by now, as strings to search what it received for:
 * other seats' hands (ids and texts), the draw pile (nobody is sent it, the GM neither), face-down cards it does not
 * own, lines of conversations it is not part of, results of rolls it may not see (their comments), the GM's notes,
 * and other seats' sealed answers and salts (the GM's too) while sealed. Facts only a standard face tells (suit,
 * rank) have no unique string; their card ids stand for them.
 */
export function hiddenFacts(state: FreeTableState, viewer: Viewer): string[] {
  const facts: string[] = [];
  for (const [seat, hand] of Object.entries(state.hands)) if (!seesHand(seat, viewer)) for (const card of hand) facts.push(...cardFacts(card));
  for (const card of state.deck.draw) facts.push(...cardFacts(card));
  for (const entry of state.table) {
    const own = viewer.role === 'gm' || (viewer.role === 'player' && entry.owner.role === 'player' && entry.owner.seat === viewer.seat);
    if (!entry.faceUp && !own && entry.card.face.kind === 'custom') facts.push(entry.card.face.text);
  }
  for (const entry of state.feed) {
    if (entry.kind === 'chat' && !admits(chatAudience(entry), viewer)) facts.push(entry.text);
    if (entry.kind === 'roll' && !admits(rollAudience(entry), viewer) && entry.result.comment) facts.push(entry.result.comment);
  }
  if (viewer.role !== 'gm') for (const note of state.notes) facts.push(note.text);
  for (const decl of state.decls) {
    if (decl.sealed.status !== 'open') continue;
    for (const [seat, answer] of Object.entries(decl.sealed.answers)) {
      if (viewer.role === 'player' && viewer.seat === seat) continue;
      facts.push(answer.salt);
      if (answer.answer.kind === 'text') facts.push(answer.answer.text);
    }
  }
  return facts;
}
