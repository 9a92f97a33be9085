import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../kernel/events.ts';
import { viewEvent } from '../../kernel/events.ts';
import { freeTable } from './index.ts';
import type { FreeTableState } from './state.ts';
import { GM, P, SPECTATOR, eventsFor, handIds, run, table, viewOf } from './testing.ts';

const ALL = ['gm', 'spectator', 's1', 's2', 's3'] as const;
type Key = (typeof ALL)[number];
const viewerOf = (k: Key): Viewer => (k === 'gm' ? GM : k === 'spectator' ? SPECTATOR : { role: 'player', seat: k });

const faceText = (s: FreeTableState, seat: string, i: number) => {
  const face = s.hands[seat]![i]!.face;
  if (face.kind !== 'custom') throw new Error('custom deck expected');
  return face.text;
};

/**
 * Every hidden thing of the table carries a unique planted string. `entitled` lists who may ever learn it,
 * through the view or an event; `inView` who holds it in the view at the end of the secret phase.
 */
function secretPhase() {
  const deck = Array.from({ length: 8 }, (_, i) => `planted-card-${i}-z`);
  let s = table(3, deck);
  const events: GameEvent[] = [];
  const step = (actor: Viewer, command: unknown) => {
    const r = run(s, [[actor, command]]);
    s = r.state;
    events.push(...r.events);
  };
  const entitled = new Map<string, Key[]>();
  const inView = new Map<string, Key[]>();
  const plant = (text: string, ever: Key[], now: Key[] = ever) => {
    entitled.set(text, ever);
    inView.set(text, now);
  };

  step(GM, { type: 'deck.deal', seat: 's1', count: 3 });
  step(GM, { type: 'deck.deal', seat: 's2', count: 2 });
  plant(faceText(s, 's1', 0), ['s1', 's2', 'gm'], ['s2', 'gm']);
  step(P(1), { type: 'card.pass', card: handIds(s, 's1')[0], to: 's2' });
  const faceDown = faceText(s, 's2', 0);
  plant(faceDown, ['s2', 'gm']);
  step(P(2), { type: 'card.play', card: handIds(s, 's2')[0], faceUp: false });
  plant(faceText(s, 's1', 0), ['s1', 'gm']);
  const declaredCard = faceText(s, 's1', 1);
  plant(declaredCard, ['s1', 'gm']);
  plant(faceText(s, 's2', 0), ['s2', 'gm']);
  for (const card of s.deck.draw) plant(card.face.kind === 'custom' ? card.face.text : '', []);

  step(P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'planted-whisper-12-z' });
  // Chat and rolls are read as lines of the log, never in a view.
  plant('planted-whisper-12-z', ['s1', 's2'], []);
  step(P(1), { type: 'chat.send', to: { kind: 'gm' }, text: 'planted-to-gm-z' });
  plant('planted-to-gm-z', ['s1', 'gm'], []);
  step(GM, { type: 'chat.send', to: { kind: 'seat', seat: 's3' }, text: 'planted-gm-to-3-z' });
  plant('planted-gm-to-3-z', ['gm', 's3'], []);

  step(P(1), { type: 'roll', expr: 'S2D6 planted-sroll-1-z' });
  plant('planted-sroll-1-z', ['s1', 'gm'], []);
  step(P(2), { type: 'roll', expr: '2D6 planted-self-2-z', visibility: 'self' });
  plant('planted-self-2-z', ['s2'], []);
  step(GM, { type: 'roll', expr: '1D100<=50 planted-gm-self-z', visibility: 'self' });
  plant('planted-gm-self-z', ['gm'], []);

  step(GM, { type: 'note.add', text: 'planted-note-z' });
  plant('planted-note-z', ['gm']);

  step(GM, { type: 'decl.open', prompt: 'Where do you go?', kind: 'text' });
  step(P(1), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'planted-ans-1-z' } });
  plant('planted-ans-1-z', ['s1']);
  step(P(2), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'planted-ans-2-old-z' } });
  step(P(2), { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'planted-ans-2-z' } });
  plant('planted-ans-2-old-z', []);
  plant('planted-ans-2-z', ['s2']);
  step(GM, { type: 'decl.open', prompt: 'Pick a card', kind: 'card', seats: ['s1', 's2'] });
  step(P(1), { type: 'decl.answer', decl: 'd2', answer: { kind: 'card', card: handIds(s, 's1')[1] } });

  return {
    state: s,
    events,
    entitled,
    inView,
    revealed: [faceDown, 'planted-ans-1-z', 'planted-ans-2-z', declaredCard],
    rollsRevealed: ['planted-sroll-1-z', 'planted-self-2-z', 'planted-gm-self-z'],
  };
}

describe('secrecy', () => {
  const phase = secretPhase();

  test.each(ALL)('viewer %s learns exactly what it is entitled to before any reveal', (key) => {
    const v = viewerOf(key);
    const view = JSON.stringify(viewOf(phase.state, v));
    const seen = JSON.stringify(eventsFor(phase.events, v));
    for (const [text, who] of phase.entitled) {
      const may = who.includes(key);
      expect({ text, inView: view.includes(text) }).toEqual({ text, inView: phase.inView.get(text)!.includes(key) });
      if (!may) expect({ text, inEvents: seen.includes(text) }).toEqual({ text, inEvents: false });
      if (may) expect({ text, anywhere: view.includes(text) || seen.includes(text) }).toEqual({ text, anywhere: true });
    }
  });

  test('the GM sees commitments but no sealed answer before reveal', () => {
    const gm = viewOf(phase.state, GM).declarations[0]!;
    expect(gm.answers.map((a) => Object.keys(a).sort())).toEqual([
      ['commitment', 'declared', 'seat'],
      ['commitment', 'declared', 'seat'],
      ['declared', 'seat'],
    ]);
  });

  test('after the reveals, what was secret is public to everyone; whispers and notes stay private', () => {
    const r = run(phase.state, [
      [P(1), { type: 'roll.reveal', roll: 'r1' }],
      [P(2), { type: 'roll.reveal', roll: 'r2' }],
      [GM, { type: 'roll.reveal', roll: 'r3' }],
      [P(2), { type: 'card.flip', card: phase.state.table[0]!.card.id }],
      [GM, { type: 'decl.reveal', decl: 'd1' }],
      [GM, { type: 'decl.reveal', decl: 'd2' }],
    ]);
    for (const key of ALL) {
      const v = viewerOf(key);
      const view = JSON.stringify(viewOf(r.state, v));
      const seen = JSON.stringify(eventsFor(r.events, v));
      for (const text of phase.revealed) {
        expect({ key, text, view: view.includes(text), events: seen.includes(text) }).toEqual({ key, text, view: true, events: true });
      }
      for (const text of phase.rollsRevealed) expect({ key, text, events: seen.includes(text) }).toEqual({ key, text, events: true });
      for (const text of ['planted-whisper-12-z', 'planted-to-gm-z', 'planted-gm-to-3-z']) {
        expect({ key, text, anywhere: view.includes(text) || seen.includes(text) }).toEqual({ key, text, anywhere: false });
      }
      for (const text of ['planted-note-z', 'planted-ans-2-old-z']) {
        const may = phase.entitled.get(text)!.includes(key);
        expect({ key, text, view: view.includes(text) }).toEqual({ key, text, view: may });
      }
    }
  });

  test('a hidden roll shows only that it happened', () => {
    const rolled = phase.events.find((e) => e.type === 'roll')!;
    expect(viewEvent(rolled, P(3))).toEqual({ type: 'feed', item: { kind: 'roll', id: 'r1', by: P(1), channel: 'main', visibility: 'gm', revealed: false } });
  });

  test('a whisper to a seat is hidden from the GM and from other seats, in view and event', () => {
    const whisper = phase.events.find((e) => e.type === 'chat' && JSON.stringify(e).includes('planted-whisper-12-z'))!;
    expect([GM, P(3), SPECTATOR].map((v) => viewEvent(whisper, v))).toEqual([null, null, null]);
    expect(viewEvent(whisper, P(2))).toMatchObject({ type: 'feed', item: { text: 'planted-whisper-12-z' } });
  });

  test('chat ids tell a seat nothing of the whispers it was not party to (issue: room-wide chat counters)', () => {
    const said = run(table(3), [
      [P(3), { type: 'chat.send', to: { kind: 'all' }, text: 'one' }],
      [P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'w1' }],
      [P(1), { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'w2' }],
      [GM, { type: 'chat.send', to: { kind: 'seat', seat: 's1' }, text: 'w3' }],
      [P(2), { type: 'chat.send', to: { kind: 'all' }, text: 'two' }],
    ]);
    const ids = (v: Viewer) => eventsFor(said.events, v).map((e) => (e.type === 'feed' ? e.item.id : ''));
    expect(ids(P(3))).toEqual(['m1', 'm2']);
    expect(ids(SPECTATOR)).toEqual(['m1', 'm2']);
    expect(ids(P(2))).toEqual(['m1', 'm.s1.s2.1', 'm.s1.s2.2', 'm2']);
    expect(ids(GM)).toEqual(['m1', 'm.gm.s1.1', 'm2']);
  });
});
