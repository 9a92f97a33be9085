import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, emitTo } from './context.ts';
import type { Fact, Square, StackEntry } from './state.ts';
import { locateEntry, seatedPlayers } from './state.ts';

/** The knowledge ledger (COT-HID-04): private facts about face-down entries, held per seat. */

function factView(fact: Fact, withHolders: boolean) {
  const { holders, ...rest } = fact;
  return withHolders ? { ...rest, holders: [...holders] } : rest;
}

/** Records a fact for these seats and tells them (and the GM). A fact about a face-up entry is not kept. */
export function addFact(ctx: Ctx, seats: string[], square: Square, entry: StackEntry, fact: Fact['fact'], value: string): void {
  if (entry.faceUp || seats.length === 0) return;
  const existing = ctx.state.facts.find((f) => f.entryId === entry.card.id && f.fact === fact && f.value === value);
  if (existing) {
    const fresh = seats.filter((s) => !existing.holders.includes(s));
    if (fresh.length === 0) return;
    existing.holders.push(...fresh);
    emitTo(ctx, fresh, { type: 'cot.fact', fact: factView(existing, false) });
    return;
  }
  ctx.state.counters.fact += 1;
  const record: Fact = {
    id: `f${ctx.state.counters.fact}`,
    square: square.id,
    entryId: entry.card.id,
    fact,
    value,
    learnedAt: ctx.state.cycle,
    holders: [...new Set(seats)],
  };
  ctx.state.facts.push(record);
  emitTo(ctx, record.holders, { type: 'cot.fact', fact: factView(record, false) });
}

/** The facts a seat holds, still about face-down entries. */
export function factsOf(facts: readonly Fact[], seat: string): Fact[] {
  return facts.filter((f) => f.holders.includes(seat));
}

/** COT-HID-04 share: a holder (or the GM) copies a fact to some players, or all of them; the share is logged. */
export function applyShare(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.knowledge.share' }>): Result<void> {
  const fact = ctx.state.facts.find((f) => f.id === command.fact);
  if (!fact) return err('NO_SUCH_FACT', 'COT-HID-04');
  if (ctx.actor.role === 'player' && !fact.holders.includes(ctx.actor.seat)) return err('NOT_YOUR_FACT', 'COT-HID-04');
  const players = seatedPlayers(ctx.state);
  const to = command.to ?? players;
  if (!to.every((s) => players.includes(s))) return err('NO_SUCH_SEAT', 'COT-HID-04');
  const located = locateEntry(ctx.state, fact.entryId);
  if (!located || located.entry.faceUp) return err('FACT_LAPSED', 'COT-HID-04');
  addFact(ctx, to, located.square, located.entry, fact.fact, fact.value);
  emitTo(ctx, [...new Set([...fact.holders])], {
    type: 'cot.note',
    key: 'fact.shared',
    params: { fact: fact.id, by: ctx.actor.role === 'player' ? ctx.actor.seat : 'gm', to: to.join(',') },
  });
  return done;
}
