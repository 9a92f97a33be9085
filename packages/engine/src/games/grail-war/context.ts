import type { ActorRef } from '@veiltable/protocol';
import { secondsAfter } from '../../kernel/game.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Rng } from '../../kernel/rng.ts';
import type { Acl, GrailWarEvent } from './events.ts';
import type { Battle, Character, GrailWarState, Participant } from './state.ts';
import { characterOf, characterOfSeat, privateSeats } from './state.ts';
import type { MasterSheet, ServantSheet } from './sheets.ts';

/**
 * A handler's working set: a private copy of the state, its RNG, the actor, the time the server stamped on the
 * command (ms since the epoch, logged with it) and the events so far.
 */
export type Ctx = { state: GrailWarState; rng: Rng; actor: ActorRef; at: number; events: GrailWarEvent[] };

/** GW-HIDE-04: when a sealed step opening now is forced, or null where the room sets no step timer. */
export function stepDeadline(ctx: Ctx): number | null {
  const seconds = ctx.state.options.stepTimerSeconds;
  return seconds === null ? null : secondsAfter(ctx.at, seconds);
}

export const done: Result<void> = ok(undefined);

export function requireGm(ctx: Ctx): Result<void> {
  return ctx.actor.role === 'gm' ? done : err('NOT_GM');
}

/** The character the acting seat controls. */
export function requireCharacter(ctx: Ctx): Result<Character> {
  if (ctx.actor.role !== 'player') return err('NOT_A_PLAYER');
  const c = characterOfSeat(ctx.state, ctx.actor.seat);
  return c ? ok(c) : err('NO_CHARACTER');
}

export function requireBattle(ctx: Ctx, phase?: Battle['phase']): Result<Battle> {
  const b = ctx.state.battle;
  if (!b) return err('NO_BATTLE', 'GW-BATTLE-01');
  if (phase && b.phase !== phase) return err('WRONG_PHASE', 'GW-BATTLE-08');
  return ok(b);
}

export const isServant = (c: Character): c is Character & { sheet: ServantSheet } => c.sheet.kind === 'servant';
export const isMaster = (c: Character): c is Character & { sheet: MasterSheet } => c.sheet.kind === 'master';

export function servantSheet(state: GrailWarState, id: string): ServantSheet | null {
  const c = characterOf(state, id);
  return c && c.sheet.kind === 'servant' ? c.sheet : null;
}

export function masterSheet(state: GrailWarState, id: string): MasterSheet | null {
  const c = characterOf(state, id);
  return c && c.sheet.kind === 'master' ? c.sheet : null;
}

export function sheetOf(state: GrailWarState, id: string): ServantSheet | MasterSheet {
  const c = characterOf(state, id);
  if (!c) throw new Error(`no character ${id}`);
  return c.sheet;
}

/** The ACL frozen into battle events. */
export function aclOf(state: GrailWarState): Acl {
  const privateOf: Record<string, string[]> = {};
  const ownerOf: Record<string, string> = {};
  for (const [id, c] of Object.entries(state.characters)) {
    privateOf[id] = privateSeats(state, id);
    ownerOf[id] = c.seat;
  }
  const battleSeats = new Set<string>();
  for (const p of state.battle?.participants ?? []) for (const seat of privateSeats(state, p.id)) battleSeats.add(seat);
  return { privateOf, ownerOf, battleSeats: [...battleSeats], spectators: state.options.spectatorVisibility, pairSharesInfo: state.options.pairSharesInfo };
}

export function emit(ctx: Ctx, event: GrailWarEvent): void {
  ctx.events.push(event);
}

export const standing = (p: Participant): boolean => p.status === 'standing';

/** The servant on a master's side that damage-bonus and seal rules look at: its contracted partner. */
export function partnerId(state: GrailWarState, id: string): string | null {
  return characterOf(state, id)?.partner ?? null;
}
