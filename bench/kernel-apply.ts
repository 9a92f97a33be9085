/**
 * How the kernel's one immutable-update mechanism was chosen: `node bench/kernel-apply.ts` from the repository root
 * prints, for the hottest command of the load benchmark and for the state of every game after a stretch of play,
 * the time per command of mutative drafts (what the kernel uses) against a deep copy of the whole state (what two
 * of the four games did before). Same machine, same run, interleaved; the ratio is what matters.
 */
import type { Viewer } from '@veiltable/protocol';
import { declarations } from '../packages/engine/src/capabilities/declarations/declarations.ts';
import type { Ctx } from '../packages/engine/src/kernel/define-game.ts';
import { draftOf } from '../packages/engine/src/kernel/draft.ts';
import type { GameEvent } from '../packages/engine/src/kernel/events.ts';
import { Rng } from '../packages/engine/src/kernel/rng.ts';
import { games } from '../packages/engine/src/games/index.ts';
import type { FreeTableState } from '../packages/engine/src/games/free-table/state.ts';

const GM: Viewer = { role: 'gm' };
const seatOf = (n: number): Viewer => ({ role: 'player', seat: `s${n}` });

/** A deep copy of plain JSON data, the fastest of the walks the games had (call-of-t's clone.ts). */
function clonePlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(clonePlain) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = clonePlain((value as Record<string, unknown>)[key]);
  return out as T;
}

/** Median ms per call of `fn` over `rounds` rounds of `n` calls. */
function time(fn: () => void, n: number, rounds = 7): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    samples.push((performance.now() - t0) / n);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

function must(state: unknown, game: (typeof games)[string], command: unknown, actor: Viewer): unknown {
  const parsed = game.parseCommand(command);
  if (!parsed.ok) throw new Error(`${game.id}: ${parsed.error.code}`);
  const r = game.apply(state, parsed.value, actor, 0);
  if (!r.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} refused ${r.error.code}`);
  return r.value.state;
}

/** The load benchmark's room in its steady state: six seats, a full feed, twenty revealed declarations, one open. */
function benchRoom(): FreeTableState {
  const game = games['free-table']!;
  let s = game.setup('be'.repeat(32));
  for (let i = 1; i <= 6; i++) s = must(s, game, { type: 'seat.add', name: `P${i}` }, GM);
  for (let i = 0; i < 200; i++) s = must(s, game, { type: 'chat.send', to: { kind: 'all' }, text: `line ${i}` }, seatOf(1 + (i % 6)));
  for (let d = 1; d <= 21; d++) {
    s = must(s, game, { type: 'decl.open', prompt: 'What do you do?', kind: 'text' }, GM);
    for (let i = 1; i <= (d === 21 ? 5 : 6); i++) s = must(s, game, { type: 'decl.answer', decl: `d${d}`, answer: { kind: 'text', text: `answer ${i}` } }, seatOf(i));
  }
  return s as FreeTableState;
}

/** One decl.answer through the declarations handler, on a draft (the kernel) or on a deep copy. */
function answerOnce(state: FreeTableState, mechanism: 'draft' | 'copy'): void {
  const copy = mechanism === 'copy' ? clonePlain(state) : state;
  const work: { draft: FreeTableState; finish(): FreeTableState } = mechanism === 'draft' ? draftOf(state) : { draft: copy, finish: () => copy };
  const events: GameEvent[] = [];
  const ctx: Ctx<FreeTableState> = {
    state: work.draft,
    rng: new Rng(work.draft.rng),
    actor: { role: 'player', seat: 's6' },
    at: 0,
    seats: () => work.draft.seats,
    emit: (e) => events.push(e),
    enter: () => ({ ok: true, value: undefined }),
  };
  const r = declarations.handlers['decl.answer'](ctx, { type: 'decl.answer', decl: 'd21', answer: { kind: 'text', text: 'answer 6' } });
  if (!r.ok) throw new Error(r.error.code);
  work.finish();
}

const rows: [string, number, number][] = [];
const room = benchRoom();
rows.push(['free-table decl.answer (load benchmark room)', time(() => answerOnce(room, 'draft'), 2000), time(() => answerOnce(room, 'copy'), 2000)]);

// Every game's state after its own stretch of play: the cost of taking a working copy and changing one leaf.
for (const game of Object.values(games)) {
  let s: unknown = game.setup('ce'.repeat(32));
  for (let i = 1; i <= 6; i++) s = must(s, game, { type: 'seat.add', name: `P${i}` }, GM);
  for (let i = 0; i < 200; i++) s = must(s, game, { type: 'chat.send', to: { kind: 'all' }, text: `line ${i}` }, seatOf(1 + (i % 6)));
  const state = s as { rng: { counter: number } };
  const touchDraft = () => {
    const w = draftOf(state);
    w.draft.rng.counter += 1;
    w.finish();
  };
  const touchCopy = () => {
    const c = clonePlain(state);
    c.rng.counter += 1;
  };
  rows.push([`${game.id}: copy a played state, change one field`, time(touchDraft, 2000), time(touchCopy, 2000)]);
}

console.log(`${'command'.padEnd(52)} ${'mutative draft'.padStart(15)} ${'deep copy'.padStart(12)} ${'ratio'.padStart(7)}`);
for (const [name, draft, copy] of rows) {
  console.log(`${name.padEnd(52)} ${`${(draft * 1000).toFixed(1)} µs`.padStart(15)} ${`${(copy * 1000).toFixed(1)} µs`.padStart(12)} ${`${(draft / copy).toFixed(2)}×`.padStart(7)}`);
}
