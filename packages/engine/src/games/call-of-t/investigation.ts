import type { CotCommand, CotInvAction } from '@veiltable/protocol/games/call-of-t';
import { plain } from '../../kernel/draft.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { answerSealed, openSealed, revealSealed } from '../../kernel/sealed.ts';
import { isDiagonal, isOrthogonal, parseSquare } from './board.ts';
import { isSuit } from './cards.ts';
import type { Ctx } from './context.ts';
import { toAudience } from '../../kernel/events.ts';
import { done, emitAll, emitTo, requireCharacter, requireGm, seatsOf } from './context.ts';
import { beginDeathOmen } from './death-omen.ts';
import { cardsNamed, resolveInvestigation } from './resolve-investigation.ts';
import type { Character, CotState, InvDeclaration } from './state.ts';
import { findSquare } from './state.ts';
import { squareStatus, topFaceDown } from './zones.ts';

/** The investigation phase; the death omen opens it when the room times the omen there (Q5 alternative). */
export function beginInvestigation(ctx: Ctx): void {
  if (ctx.state.party.tenkai && ctx.state.options.deathOmenTiming === 'investigationPhase' && beginDeathOmen(ctx, 'investigation')) return;
  startInvestigation(ctx);
}

/** COT-INV-01, COT-HID-03: a new sealed declaration for every character. */
export function startInvestigation(ctx: Ctx): void {
  ctx.state.markers = [];
  ctx.state.phase = { kind: 'investigation', decl: { sealed: openSealed(ctx.state.party.actionOrder), locked: [] } };
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'investigation', step: 'declare' });
}

function inHand(character: Character, cardId: string, suit?: 'H' | 'S'): boolean {
  const card = character.hand.find((c) => c.id === cardId);
  return !!card && (!suit || isSuit(card, suit));
}

/** COT-HID-03 step 2: the server checks a choice privately (target legal, card in hand, right suit). */
export function checkAction(state: CotState, character: Character, action: CotInvAction): Result<void> {
  const grid = { width: state.width, height: state.height };
  const here = state.party.position;
  const square = 'target' in action ? findSquare(state, action.target) : undefined;
  if ('target' in action && !square) return err('BAD_SQUARE', 'COT-INV-01');
  switch (action.kind) {
    case 'scout': {
      if (!isOrthogonal(grid, here, action.target)) return err('NOT_ADJACENT', 'COT-INV-03');
      if (squareStatus(square!) === 'open') return err('SQUARE_OPEN', 'COT-INV-03');
      if (action.substitute && !inHand(character, action.substitute, 'H')) return err('NEED_HEART', 'COT-FX-01');
      if (action.peek && (!parseSquare(grid, action.peek) || !isOrthogonal(grid, action.target, action.peek))) {
        return err('NOT_ADJACENT', 'COT-INV-04');
      }
      if (action.setCard && (!inHand(character, action.setCard) || action.setCard === action.substitute)) {
        return err('CARD_NOT_IN_HAND', 'COT-INV-04');
      }
      return done;
    }
    case 'vision':
      if (!topFaceDown(square!)) return err('NO_FACE_DOWN_CARD', 'COT-INV-05');
      return inHand(character, action.card, 'H') ? done : err('NEED_HEART', 'COT-INV-05');
    case 'prayer':
      return !action.substitute || inHand(character, action.substitute, 'H') ? done : err('NEED_HEART', 'COT-FX-01');
    case 'resonance':
      return isDiagonal(grid, here, action.target) ? done : err('NOT_DIAGONAL', 'COT-INV-07');
    case 'probe':
      if (square!.scouted) return err('ALREADY_SCOUTED', 'COT-FX-02');
      return inHand(character, action.card, 'S') ? done : err('NEED_SPADE', 'COT-FX-02');
    case 'none':
      return done;
  }
}

function currentDecl(ctx: Ctx): Result<InvDeclaration> {
  const phase = ctx.state.phase;
  if (phase.kind !== 'investigation' || phase.decl.sealed.status !== 'open') return err('NOT_YOUR_PHASE', 'COT-INV-02');
  return { ok: true, value: phase.decl };
}

/** COT-HID-03 steps 1–3: store or replace a sealed choice; others learn only that it was declared. */
export function applyDeclare(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.inv.declare' }>): Result<void> {
  const decl = currentDecl(ctx);
  if (!decl.ok) return decl;
  const character = requireCharacter(ctx, command.character, 'COT-HID-03');
  if (!character.ok) return character;
  if (decl.value.locked.includes(command.character)) return err('ALREADY_LOCKED', 'COT-HID-03');
  const legal = checkAction(ctx.state, character.value, command.action);
  if (!legal.ok) return legal;
  const answered = answerSealed(decl.value.sealed, command.character, command.action, ctx.rng);
  if (!answered.ok) return err(answered.error.code, 'COT-HID-03');
  const full = { type: 'cot.declared' as const, character: command.character, commitment: answered.value.commitment, action: command.action };
  const sealedView = { type: 'cot.declared' as const, character: command.character, commitment: answered.value.commitment };
  if (ctx.state.options.openDeclarations) {
    // Shown to the players (and the GM), not to spectators, as the declaration table is (COT-HID-03). The hand cards
    // it names are renewed at the reveal even if a later choice drops them (COT-HID-02).
    decl.value.shown = [...new Set([...(decl.value.shown ?? []), ...cardsNamed(command.action)])];
    ctx.emit(toAudience({ gm: true, anySeat: true }, full, sealedView));
  } else emitTo(ctx, seatsOf(ctx, [command.character]), full, sealedView);
  return done;
}

/** COT-HID-03 step 3: a locked choice can no longer change; when every character is locked, reveal and resolve. */
export function applyLock(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.inv.lock' }>): Result<void> {
  const decl = currentDecl(ctx);
  if (!decl.ok) return decl;
  const character = requireCharacter(ctx, command.character, 'COT-HID-03');
  if (!character.ok) return character;
  if (decl.value.locked.includes(command.character)) return err('ALREADY_LOCKED', 'COT-HID-03');
  if (!Object.hasOwn(decl.value.sealed.answers, command.character)) return err('NOT_DECLARED', 'COT-HID-03');
  decl.value.locked.push(command.character);
  emitAll(ctx, { type: 'cot.locked', character: command.character });
  if (decl.value.locked.length === decl.value.sealed.seats.length) revealAndResolve(ctx, decl.value);
  return done;
}

/** COT-HID-03 step 4: the GM forces the lock; characters who did not lock take 行動なし. */
export function applyForce(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx, 'COT-HID-03');
  if (!gm.ok) return gm;
  const decl = currentDecl(ctx);
  if (!decl.ok) return decl;
  for (const id of decl.value.sealed.seats) {
    if (!decl.value.locked.includes(id)) delete decl.value.sealed.answers[id];
  }
  revealAndResolve(ctx, decl.value);
  return done;
}

/** Publishes every choice and salt in one event, then rolls and applies in action order (COT-HID-03 step 4). */
function revealAndResolve(ctx: Ctx, decl: InvDeclaration): void {
  // Revealed on a plain copy of its own, which then replaces the draft's: revealSealed copies each answer with
  // structuredClone, which a draft cannot take. The copy is new at its top, where revealSealed writes the status;
  // below it, what this command did not change is shared with the input state, which nothing writes.
  const sealed = { ...plain(decl.sealed) };
  const revealed = revealSealed(sealed);
  decl.sealed = sealed;
  if (!revealed.ok) throw new Error('investigation declaration revealed twice');
  emitAll(ctx, {
    type: 'cot.revealed',
    cycle: ctx.state.cycle,
    answers: revealed.value.map((a) => ({
      character: a.seat,
      declared: a.declared,
      ...(a.answer ? { action: a.answer, salt: a.salt!, commitment: a.commitment! } : {}),
    })),
  });
  const actions = new Map<string, CotInvAction>();
  for (const a of revealed.value) actions.set(a.seat, a.answer ?? { kind: 'none' });
  resolveInvestigation(ctx, actions, decl.shown ?? []);
}
