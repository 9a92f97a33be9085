import { rollDice } from '../../capabilities/dice/dice.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, requireGm, requireSeat } from './context.ts';
import type { ChatEntry, RollEntry } from './state.ts';
import { findSeat, pushFeed, sameActor } from './state.ts';

/** GM only; seats are numbered s1, s2, … in order of creation and never reused. */
export const seatAdd: Handler<'seat.add'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const id = `s${ctx.state.counters.seat + 1}`;
  ctx.state.counters.seat += 1;
  ctx.state.seats = [...ctx.state.seats, { id, name: command.name, hand: [] }];
  emit(ctx, { type: 'seat.added', seat: id, name: command.name });
  return done;
};

export const seatRename: Handler<'seat.rename'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const seat = findSeat(ctx.state, command.seat);
  if (!seat) return err('NO_SUCH_SEAT');
  // The seat is shared with the input state: replace it rather than edit it.
  ctx.state.seats = ctx.state.seats.map((s) => (s === seat ? { ...s, name: command.name } : s));
  emit(ctx, { type: 'seat.renamed', seat: seat.id, name: command.name });
  return done;
};

/** Checks that a player actor still holds a seat; the GM always may speak and roll. */
function speaker(ctx: Ctx) {
  return ctx.actor.role === 'gm' ? done : requireSeat(ctx);
}

export const chatSend: Handler<'chat.send'> = (ctx, command) => {
  const who = speaker(ctx);
  if (!who.ok) return who;
  if (command.to.kind === 'seat' && !findSeat(ctx.state, command.to.seat)) return err('NO_SUCH_SEAT');
  ctx.state.counters.chat += 1;
  const item: ChatEntry = {
    kind: 'chat',
    id: `m${ctx.state.counters.chat}`,
    from: ctx.actor,
    to: structuredClone(command.to),
    text: command.text,
  };
  pushFeed(ctx.state, item);
  emit(ctx, { type: 'chat', item: structuredClone(item) });
  return done;
};

/** An `S` prefix makes a public roll a GM roll; a self roll stays self. */
export const roll: Handler<'roll'> = (ctx, command) => {
  const who = speaker(ctx);
  if (!who.ok) return who;
  const rolled = rollDice(command.expr, ctx.rng);
  if (!rolled.ok) return rolled;
  const visibility = rolled.value.secret && command.visibility === 'public' ? 'gm' : command.visibility;
  ctx.state.counters.roll += 1;
  const item: RollEntry = {
    kind: 'roll',
    id: `r${ctx.state.counters.roll}`,
    by: ctx.actor,
    visibility,
    revealed: false,
    result: rolled.value.result,
  };
  pushFeed(ctx.state, item);
  emit(ctx, { type: 'roll', item: structuredClone(item) });
  return done;
};

export const rollReveal: Handler<'roll.reveal'> = (ctx, command) => {
  const item = ctx.state.feed.find((f): f is RollEntry => f.kind === 'roll' && f.id === command.roll);
  if (!item) return err('NO_SUCH_ROLL');
  if (!sameActor(item.by, ctx.actor)) return err('NOT_YOUR_ROLL');
  if (item.visibility === 'public' || item.revealed) return err('ROLL_ALREADY_PUBLIC');
  const shown: RollEntry = { ...item, revealed: true };
  ctx.state.feed = ctx.state.feed.map((f) => (f === item ? shown : f));
  emit(ctx, { type: 'roll.revealed', item: structuredClone(shown) });
  return done;
};

export const noteAdd: Handler<'note.add'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  ctx.state.counters.note += 1;
  const id = `n${ctx.state.counters.note}`;
  ctx.state.notes = [...ctx.state.notes, { id, text: command.text }];
  emit(ctx, { type: 'note.added', id, text: command.text });
  return done;
};

export const noteRemove: Handler<'note.remove'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!ctx.state.notes.some((n) => n.id === command.note)) return err('NO_SUCH_NOTE');
  ctx.state.notes = ctx.state.notes.filter((n) => n.id !== command.note);
  emit(ctx, { type: 'note.removed', id: command.note });
  return done;
};
