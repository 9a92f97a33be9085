import { closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import { err } from '../../kernel/result.ts';
import type { Audience } from '../../kernel/events.ts';
import { GM_ONLY, seatsAndGm } from '../../kernel/events.ts';
import type { Ctx, Handler } from './context.ts';
import { canConsume, consumeUse, done, emit, GM_PARTICIPANT, openLinked, requireControl, requireGm, spendTurn, windowEvent } from './context.ts';
import type { Character, Question } from './state.ts';
import { findCharacter, hasSkill, opaqueId } from './state.ts';

/** Private to the seat that runs the character (and the GM, who sees every event). */
function privateTo(c: Character): Audience {
  return c.owner ? seatsAndGm([c.owner]) : GM_ONLY;
}

function openQuestion(ctx: Ctx, kind: Question['kind'], c: Character, text: string): Question {
  // Only the asker and the GM learn of a question: its id is drawn, not counted, so no one else can count them.
  const id = opaqueId(ctx.state, ctx.rng, 'q');
  // The question is stored before its window opens: the window's audience is the question's (visibility.ts).
  const q: Question = { id, kind, character: c.id, seat: c.owner, text, answer: null, status: 'open', window: '' };
  ctx.state.questions[id] = q;
  q.window = openLinked(ctx, 'question', [GM_PARTICIPANT], { kind: 'question', question: id });
  emit(ctx, 'question.asked', { question: id, kind, character: c.id, text }, { to: privateTo(c) });
  return q;
}

/** D6-SKL-ENCYCLO-01 / D6-HID-03: one meta-level question, privately to the GM; a use is spent only when answered. */
export const encyclopediaAsk: Handler<'encyclopedia.ask'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  const can = canConsume(c.value, 'encyclopedia', 'D6-SKL-ENCYCLO-01');
  if (!can.ok) return can;
  openQuestion(ctx, 'encyclopedia', c.value, cmd.question);
  return done;
};

function answer(ctx: Ctx, id: string, kinds: Question['kind'][], text: string) {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const q = ctx.state.questions[id];
  if (!q || !kinds.includes(q.kind)) return err('NO_SUCH_QUESTION');
  const kind = q.kind;
  const w = ctx.state.windows[q.window];
  if (q.status !== 'open' || !w || !isOpen(w)) return err('WINDOW_CLOSED', 'D6-WIN-10');
  const c = findCharacter(ctx.state, q.character)!;
  if (kind === 'encyclopedia') {
    const used = consumeUse(c, 'encyclopedia', 'D6-SKL-ENCYCLO-01');
    if (!used.ok) return used;
  }
  q.status = 'answered';
  q.answer = text;
  closeWindow(w, 'rule');
  windowEvent(ctx, 'window.closed', w.id, { reason: 'rule' });
  emit(ctx, 'question.answered', { question: id, kind, character: c.id, text }, { to: privateTo(c) });
  return done;
}

/** D6-SKL-ENCYCLO-01 / D6-SKL-VIRTUE-01: the GM answers a 百科事典 or 人徳 question privately. */
export const encyclopediaAnswer: Handler<'encyclopedia.answer'> = (ctx, cmd) =>
  answer(ctx, cmd.question, ['encyclopedia', 'virtue'], cmd.text);
/** D6-HID-04: the GM answers a mind-read privately. */
export const telepathyAnswer: Handler<'telepathy.answer'> = (ctx, cmd) => answer(ctx, cmd.question, ['mind-read'], cmd.text);

/** The GM refuses: the skill is not used up (D6-SKL-ENCYCLO-01). */
export const encyclopediaRefuse: Handler<'encyclopedia.refuse'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const q = ctx.state.questions[cmd.question];
  if (!q) return err('NO_SUCH_QUESTION');
  const w = ctx.state.windows[q.window];
  if (!w || !isOpen(w)) return err('WINDOW_CLOSED', 'D6-WIN-10');
  closeWindow(w, 'gm');
  windowEvent(ctx, 'window.closed', w.id, { reason: 'gm' });
  refuseQuestion(ctx, q.id);
  return done;
};

/** A question whose window closed without an answer counts as refused. */
export function refuseQuestion(ctx: Ctx, id: string): void {
  const q = ctx.state.questions[id];
  if (!q || q.status !== 'open') return;
  q.status = 'refused';
  const c = findCharacter(ctx.state, q.character)!;
  emit(ctx, 'question.refused', { question: id, kind: q.kind, character: c.id }, { to: privateTo(c) });
}

/** D6-SKL-TELEPATHY-01 / D6-HID-04: talking with an ally at a distance is permanent, on a private channel. */
export const telepathySend: Handler<'telepathy.send'> = (ctx, cmd) => {
  const from = requireControl(ctx, cmd.from);
  if (!from.ok) return from;
  if (!hasSkill(from.value, 'telepathy')) return err('NO_SUCH_SKILL', 'D6-SKL-TELEPATHY-01');
  const to = findCharacter(ctx.state, cmd.to);
  if (!to) return err('NO_SUCH_CHARACTER');
  if (to.side !== from.value.side || to.id === from.value.id) return err('NOT_AN_ALLY', 'D6-SKL-TELEPATHY-01');
  const seats = [...new Set([from.value.owner, to.owner].filter((s): s is string => s !== null))];
  ctx.state.telepathy.push({ from: from.value.id, to: to.id, seats, text: cmd.text });
  emit(ctx, 'telepathy.message', { from: from.value.id, to: to.id, text: cmd.text }, { to: seatsAndGm(seats) });
  return done;
};

/** D6-SKL-TELEPATHY-01: reading a mind costs one use; the GM answers privately (D6-HID-04). */
export const telepathyRead: Handler<'telepathy.read'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!findCharacter(ctx.state, cmd.target)) return err('NO_SUCH_CHARACTER');
  const used = consumeUse(c.value, 'telepathy', 'D6-SKL-TELEPATHY-01');
  if (!used.ok) return used;
  openQuestion(ctx, 'mind-read', c.value, cmd.target);
  return done;
};

/** D6-HID-05: the GM's spirit-only description goes to the players whose characters have 霊的視力 switched on. */
export const gmSpiritNote: Handler<'gm.spirit-note'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const seats = [...new Set(ctx.state.characters.filter((c) => c.flags.spiritSight && c.owner).map((c) => c.owner!))];
  ctx.state.spiritNotes.push({ seats, text: cmd.text });
  emit(ctx, 'spirit.note', { text: cmd.text }, { to: seatsAndGm(seats) });
  return done;
};

/** D6-SKL-VIRTUE-01: consuming 人徳 gives complete information about one matter, which the GM gives privately. */
export const skillVirtue: Handler<'skill.virtue'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const used = consumeUse(c.value, 'virtue', 'D6-SKL-VIRTUE-01');
  if (!used.ok) return used;
  const turn = spendTurn(ctx, c.value);
  if (!turn.ok) return turn;
  openQuestion(ctx, 'virtue', c.value, cmd.matter);
  return done;
};
