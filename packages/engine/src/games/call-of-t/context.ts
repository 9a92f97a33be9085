import type { CardView } from '@veiltable/protocol';
import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { Card } from '../../capabilities/cards/deck.ts';
import type { Ctx as KernelCtx } from '../../kernel/define-game.ts';
import { seatsAndGm, toAudience, toEveryone } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Check } from './checks.ts';
import type { Character, CotState } from './state.ts';
import { findCharacter, seatedPlayers } from './state.ts';

/** What a handler works on: the kernel's draft of the state, its RNG, the actor (never a spectator), emit and enter. */
export type Ctx = KernelCtx<CotState>;

export const done: Result<void> = ok(undefined);

export function requireGm(ctx: Ctx, rule: string): Result<void> {
  return ctx.actor.role === 'gm' ? done : err('NOT_GM', rule);
}

/**
 * The character the actor may act for: its own player's, or any for the GM (the GM runs unseated characters
 * and may step in for an absent player).
 */
export function requireCharacter(ctx: Ctx, id: string, rule: string): Result<Character> {
  const character = findCharacter(ctx.state, id);
  if (!character) return err('NO_SUCH_CHARACTER', rule);
  if (ctx.actor.role === 'gm') return ok(character);
  if (ctx.actor.role === 'player' && character.seat === ctx.actor.seat) return ok(character);
  return err('NOT_YOUR_CHARACTER', rule);
}

/** A player of the party or the GM: spectators never act, and neither do seats without a character. */
export function requireParticipant(ctx: Ctx, rule: string): Result<void> {
  if (ctx.actor.role === 'gm') return done;
  if (ctx.actor.role === 'player' && seatedPlayers(ctx.state).includes(ctx.actor.seat)) return done;
  return err('NOT_A_PARTICIPANT', rule);
}

/** An event everyone reads alike. */
export function emitAll(ctx: Ctx, body: CotViewEvent): void {
  ctx.emit(toEveryone(body));
}

/** An event read in full by these seats and the GM; `others` is what everyone else learns (or nothing). */
export function emitTo(ctx: Ctx, seats: string[], body: CotViewEvent, others?: CotViewEvent): void {
  ctx.emit(toAudience(seatsAndGm(seats), body, others));
}

type NoteParams = Record<string, string | number | boolean | null>;

export function note(ctx: Ctx, key: string, params: NoteParams = {}): void {
  emitAll(ctx, { type: 'cot.note', key, params });
}

/**
 * A note that tells values of a character's sheet (〈呼び声〉, 霊圧 …): everyone reads it whole while sheets are public;
 * when they are private, its player and the GM do, and the others read `open`, what it tells without them (COT-HID-01).
 */
export function sheetNote(ctx: Ctx, character: string, key: string, params: NoteParams, open: NoteParams = { character }): void {
  const whole = { type: 'cot.note' as const, key, params };
  if (ctx.state.options.sheetsPublic) emitAll(ctx, whole);
  else emitTo(ctx, seatsOf(ctx, [character]), whole, { ...whole, params: open });
}

/**
 * A resolved roll: its die and level are public (COT-HID-01 "dice results"); the chance it was rolled against comes
 * from the character's sheet, so with private sheets only its player and the GM read it.
 */
export function emitCheck(ctx: Ctx, character: string | null, purpose: string, check: Check): void {
  const open = {
    type: 'cot.check' as const,
    character,
    purpose,
    roll: check.roll,
    level: check.level,
    sd: check.sd,
    ...(check.substituted ? { substituted: true } : {}),
  };
  const whole = { ...open, chance: check.chance };
  if (character === null || ctx.state.options.sheetsPublic) emitAll(ctx, whole);
  else emitTo(ctx, seatsOf(ctx, [character]), whole, open);
}

export const faceView = (card: Card): CardView => ({ id: card.id, face: { ...card.face } });
export const backView = (card: Card): CardView => ({ id: card.id });

/** The seats of these characters (unseated characters have none). */
export function seatsOf(ctx: Ctx, characterIds: string[]): string[] {
  return [...new Set(characterIds.flatMap((id) => findCharacter(ctx.state, id)?.seat ?? []))];
}

/** Adds LTF in thirds (COT-DIE-11): positive spends, negative recovers, never below 0. */
export function addLtf(character: Character, thirds: number): void {
  character.ltfThirds = Math.max(0, character.ltfThirds + thirds);
}

/** Records an experience check (COT-DIE-08/09); a skill that cannot take checks earns `hours` of training instead. */
export function grantCheck(character: Character, skill: string, hours = 0): void {
  if (character.noChecks.includes(skill)) {
    character.trainingHours += hours;
    return;
  }
  if (!character.experienceChecks.includes(skill)) character.experienceChecks.push(skill);
}
