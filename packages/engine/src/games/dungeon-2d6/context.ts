import type { ActorRef, Viewer } from '@veiltable/protocol';
import type { D6Command, D6EventType, D6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import type { Ctx as KernelCtx, Handler as KernelHandler } from '../../kernel/define-game.ts';
import { canonicalJson } from '../../kernel/canonical.ts';
import type { Audience } from '../../kernel/events.ts';
import { admits, EVERYONE, seatsAndGm, toAudience } from '../../kernel/events.ts';
import { secondsAfter } from '../../kernel/game.ts';
import { openWindow } from '../../kernel/reaction-window.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Character, D6State, WindowLink } from './state.ts';
import { findCharacter, nextId, opaqueId } from './state.ts';
import { linkAudience, participantsFor, windowAudience } from './visibility.ts';

/**
 * What a handler works on (kernel Ctx): a draft of the state, the room's RNG, the actor (never a spectator), the time
 * the server stamped on the command (ms since the epoch, logged with it), the seats, and `emit`.
 */
export type Ctx = KernelCtx<D6State>;

export type Cmd<T extends D6Command['type']> = Extract<D6Command, { type: T }>;

/** Handlers check what they need, change the draft, emit, and return ok or a coded rejection. */
export type Handler<T extends D6Command['type']> = KernelHandler<D6State, Cmd<T>>;

export const done: Result<void> = ok(undefined);

/** What the GM (and `seats`) read of an event on top of what its audience reads (§10.1). */
export type Secret = { data: Record<string, unknown>; seats?: readonly string[] };

/**
 * Records an event. `to` is who reads it at all (everyone unless told); `secret` adds the fields that only the GM and
 * `secret.seats` read: they read `{...data, ...secret.data}`, everyone else in the audience reads `data`.
 */
export function emit(ctx: Ctx, type: D6EventType, data: Record<string, unknown>, extra: { to?: Audience; secret?: Secret } = {}): void {
  const seen: D6ViewEvent = { type, data };
  if (!extra.secret) {
    ctx.emit(toAudience(extra.to ?? EVERYONE, seen));
    return;
  }
  // A secret that adds nothing (every field already reads the same) is no second part.
  const adds = Object.entries(extra.secret.data).some(([k, v]) => canonicalJson(data[k] ?? null) !== canonicalJson(v ?? null));
  if (!adds) {
    ctx.emit(toAudience(extra.to ?? EVERYONE, seen));
    return;
  }
  const full: D6ViewEvent = { type, data: { ...data, ...extra.secret.data } };
  const to = extra.to ?? EVERYONE;
  // The GM and the secret's seats the audience admits read the whole; the rest of the audience reads `data`.
  const inner = seatsAndGm((extra.secret.seats ?? []).filter((s) => admits(to, { role: 'player', seat: s })));
  ctx.emit(to === EVERYONE ? toAudience(inner, full, seen) : { type, parts: [{ to: inner, seen: full }, { to, seen }] });
}

/** Refuses anyone but the GM. */
export function requireGm(ctx: Ctx): Result<void> {
  return ctx.actor.role === 'gm' ? done : err('NOT_GM');
}

/** The GM acts for anyone; a player only for characters its seat owns (summons inherit the summoner's owner). */
export function controls(actor: Viewer | ActorRef, c: Character): boolean {
  if (actor.role === 'gm') return true;
  return actor.role === 'player' && c.owner === actor.seat;
}

/** The character, if it exists and the actor may act for it. */
export function requireControl(ctx: Ctx, id: string): Result<Character> {
  const c = findCharacter(ctx.state, id);
  if (!c) return err('NO_SUCH_CHARACTER');
  if (!controls(ctx.actor, c)) return err('NOT_YOUR_CHARACTER');
  return ok(c);
}

/** The character, if it exists (for targets). */
export function requireCharacter(ctx: Ctx, id: string): Result<Character> {
  const c = findCharacter(ctx.state, id);
  return c ? ok(c) : err('NO_SUCH_CHARACTER');
}

/** Any viewer but the GM: what the table reads of a window is the same for every seat and spectator. */
const TABLE: Viewer = { role: 'spectator' };

/** Participant id the GM uses in windows that belong to the GM (obstruction, questions). */
export const GM_PARTICIPANT = 'gm';

/**
 * Opens a reaction window tied to a rule object and announces it. Its deadline (D6-WIN-11) and minimum span
 * (D6-WIN-13) count from the opening command's time, so every device and a replay of the log agree on them.
 */
export function openLinked(ctx: Ctx, kind: string, eligible: string[], link: WindowLink, minSpan = false): string {
  // A window not everyone reads (a question, a hidden character's) takes no number the others could count.
  const id = linkAudience(ctx.state, link) === EVERYONE ? nextId(ctx.state, 'w') : opaqueId(ctx.state, ctx.rng, 'w');
  const { windowTimeoutSeconds, activeWindowMinSeconds } = ctx.state.options;
  ctx.state.windows[id] = openWindow(id, kind, eligible, {
    deadline: windowTimeoutSeconds > 0 ? secondsAfter(ctx.at, windowTimeoutSeconds) : null,
    minSpanEnds: minSpan && activeWindowMinSeconds > 0 ? secondsAfter(ctx.at, activeWindowMinSeconds) : null,
  });
  ctx.state.links[id] = link;
  const seen = participantsFor(ctx.state, kind, eligible, TABLE);
  windowEvent(ctx, 'window.opened', id, { kind, eligible: seen, link }, { eligible });
  return id;
}

/**
 * An event about a window, read by the window's audience (visibility.ts windowAudience) and no one else; `gmReads`
 * are fields the GM reads in place of the table's (a skill window's whole list).
 */
export function windowEvent(
  ctx: Ctx,
  type: Extract<D6EventType, `window.${string}`> | 'teleport.accepted',
  windowId: string,
  data: Record<string, unknown> = {},
  gmReads: Record<string, unknown> = {},
): void {
  emit(ctx, type, { window: windowId, ...data }, { to: windowAudience(ctx.state, windowId), secret: { data: gmReads } });
}

/**
 * D6-SKL-GEN-02 / D6-CORE-05: an action that takes the character's 手番. Outside combat there are no 手番 to spend.
 * 威圧/芸能's first effect forbids active actions for a turn (D6-SKL-INTIMIDATE-01).
 */
export function spendTurn(ctx: Ctx, c: Character): Result<void> {
  const turn = hasTurn(ctx, c);
  if (!turn.ok || ctx.state.mode !== 'combat') return turn;
  c.turnUsed = true;
  return done;
}

/** Checks, without spending, that the character still has its 手番. */
export function hasTurn(ctx: Ctx, c: Character): Result<void> {
  if (ctx.state.mode !== 'combat') return done;
  if (c.statuses.some((s) => s.kind === 'no-active' || s.kind === 'stun')) return err('NO_ACTIVE_ACTIONS', 'D6-SKL-INTIMIDATE-01');
  if (c.turnUsed) return err('NO_TURN_LEFT', 'D6-CORE-05');
  return done;
}

/** Checks that a use is available without spending it. */
export function canConsume(c: Character, skill: keyof Character['skills'], rule: string): Result<void> {
  const s = c.skills[skill];
  if (!s) return err('NO_SUCH_SKILL', rule);
  if (s.uses === null) return err('NOT_CONSUMABLE', rule);
  if (s.uses < 1) return err('NO_USES_LEFT', rule);
  return done;
}

/** Spends one use of a consumable skill; refused when none is left. */
export function consumeUse(c: Character, skill: keyof Character['skills'], rule: string): Result<void> {
  const can = canConsume(c, skill, rule);
  if (!can.ok) return can;
  c.skills[skill]!.uses! -= 1;
  return done;
}
