import type { Viewer } from '@veiltable/protocol';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import type { Rng } from '../../kernel/rng.ts';
import type { FreeTableState } from './state.ts';
import { GM, SPECTATOR, cmd } from './testing.ts';

/** Random but well-formed free-table commands for the seeded fuzz tests (not a test file itself). */

/** A random but well-formed command, aimed mostly at things that exist so that many are accepted. */
export function randomCommand(r: Rng, s: FreeTableState, actor: Viewer, n: number): FreeTableCommand {
  const pick = <T>(xs: readonly T[], fallback: T): T => (xs.length ? xs[r.below(xs.length)]! : fallback);
  const seat = () => (r.below(20) === 0 ? 's99' : pick(s.seats.map((x) => x.id), 's1'));
  const ids = [
    ...Object.values(s.hands).flatMap((hand) => hand.map((c) => c.id)),
    ...s.table.map((e) => e.card.id),
    ...s.deck.discard.map((c) => c.id),
    ...s.deck.draw.slice(0, 2).map((c) => c.id),
    'cffffffffffffffff',
  ];
  const mine = actor.role === 'player'
    ? [...(s.hands[actor.seat] ?? []).map((c) => c.id), ...s.table.filter((e) => e.owner.role === 'player' && e.owner.seat === actor.seat).map((e) => e.card.id)]
    : s.table.map((e) => e.card.id);
  // Mostly the actor's own cards, so that card commands are often accepted.
  const card = () => (r.below(4) === 0 ? pick(ids, 'cffffffffffffffff') : pick(mine, pick(ids, 'cffffffffffffffff')));
  const decl = () => pick(s.decls.map((d) => d.id), 'd1');
  const kinds = ['text', 'choice', 'card'] as const;
  switch (r.below(22)) {
    case 0: return cmd({ type: 'seat.add', name: `seat ${n}` });
    case 1: return cmd({ type: 'seat.rename', seat: seat(), name: `name ${n}` });
    case 2: return cmd({ type: 'chat.send', to: pick([{ kind: 'all' }, { kind: 'gm' }, { kind: 'seat', seat: seat() }], { kind: 'all' }), text: `chat-${n}-z` });
    case 3: return cmd({ type: 'roll', expr: `${pick(['2D6', 'S1D100<=50', '1D20+3', 'xx'], '2D6')} roll-${n}-z`, visibility: pick(['public', 'gm', 'self'], 'public') });
    case 4: return cmd({ type: 'roll.reveal', roll: `r${1 + r.below(Math.max(1, s.rollCount))}` });
    case 5: return cmd({ type: 'note.add', text: `note-${n}-z` });
    case 6: return cmd({ type: 'note.remove', note: `n${1 + r.below(Math.max(1, s.noteCount))}` });
    case 7: return cmd({ type: 'deck.create', deck: r.below(2) ? { kind: 'standard', jokers: r.below(2) === 0 } : { kind: 'custom', cards: Array.from({ length: 1 + r.below(12) }, (_, i) => `face-${n}-${i}-z`) } });
    case 8: return cmd({ type: 'deck.shuffle' });
    case 9:
    case 10: return cmd({ type: 'deck.deal', seat: seat(), count: 1 + r.below(4) });
    case 11: return cmd({ type: 'deck.draw', count: 1 + r.below(3) });
    case 12: return cmd({ type: 'card.pass', card: card(), to: seat() });
    case 13:
    case 14: return cmd({ type: 'card.play', card: card(), faceUp: r.below(2) === 0 });
    case 15: return cmd({ type: 'card.flip', card: card() });
    case 16: return cmd({ type: 'card.discard', card: card() });
    case 17: {
      const kind = pick(kinds, 'text');
      return cmd({ type: 'decl.open', prompt: `p${n}`, kind, ...(kind === 'choice' ? { choices: ['a', 'b', 'c'] } : {}), ...(r.below(3) === 0 ? { seats: [seat()] } : {}) });
    }
    case 18: return cmd({ type: 'decl.reveal', decl: decl() });
    default: {
      const answer = pick([{ kind: 'text', text: `ans-${n}-z` }, { kind: 'choice', index: r.below(4) }, { kind: 'card', card: card() }], { kind: 'text', text: 'x' });
      return cmd({ type: 'decl.answer', decl: decl(), answer });
    }
  }
}

function randomActor(r: Rng, s: FreeTableState): Viewer {
  const roll = r.below(20);
  if (roll < 6) return GM;
  if (roll === 6) return SPECTATOR;
  if (roll === 7) return { role: 'player', seat: 's99' };
  const seat = s.seats[r.below(Math.max(1, s.seats.length))];
  return seat ? { role: 'player', seat: seat.id } : GM;
}

const GM_ONLY = new Set(['seat.add', 'seat.rename', 'note.add', 'note.remove', 'deck.create', 'deck.shuffle', 'deck.deal', 'decl.open', 'decl.reveal']);
const PLAYER_ONLY = new Set(['deck.draw', 'card.pass', 'card.play', 'decl.answer']);

/** Usually a command the actor's role may give, so that most steps get past the role checks. */
export function randomStep(r: Rng, s: FreeTableState, n: number): [Viewer, FreeTableCommand] {
  const actor = randomActor(r, s);
  let command = randomCommand(r, s, actor, n);
  for (let tries = 0; tries < 4 && r.below(10) > 0; tries++) {
    const wrong = actor.role === 'gm' ? PLAYER_ONLY : GM_ONLY;
    if (!wrong.has(command.type)) break;
    command = randomCommand(r, s, actor, n);
  }
  return [actor, command];
}

