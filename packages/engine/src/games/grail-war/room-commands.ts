import { plain } from '../../kernel/draft.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd, Knowledge } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireBattle, requireGm, requireOwnerOrGm, standing } from './context.ts';
import { emit } from './events.ts';
import { checkEnd, openBatch } from './flow.ts';
import type { Battle } from './state.ts';
import { characterOf, participantOf } from './state.ts';
import { correctTo } from './info-ledger.ts';
import { entryOf, publishEntry } from './info-receive.ts';
import { secretNameOf, validateSheet } from './sheets.ts';
import { dressSeat } from '../../capabilities/characters/seat-face.ts';

/** Seat ids have at most four digits (protocol seatId). */
const MAX_SEATS = 9999;

/** GM: a player seat, the link the GM hands out. Seats are numbered s1, s2, … and never reused. */
export function seatAdd(ctx: Ctx, c: Cmd<'seat.add'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const name = c.name.trim();
  if (name.length < 1 || name.length > 40) return err('BAD_NAME');
  if (ctx.state.seats.length >= MAX_SEATS) return err('TOO_MANY_SEATS');
  const id = `s${ctx.state.seats.length + 1}`;
  ctx.state.seats.push({ id, name });
  emit(ctx, { type: 'seat.added', seat: id, name });
  return done;
}

/**
 * The owner or the GM rewrites a character's sheet (issue 4 item 1), validated like a registration. Not while the
 * character fights: a battle reads the sheet as it stood at its start.
 */
export function characterUpdate(ctx: Ctx, c: Cmd<'character.update'>): Result<void> {
  const ch = characterOf(ctx.state, c.id);
  if (!ch) return err('NO_SUCH_CHARACTER');
  const mine = requireOwnerOrGm(ctx, ch);
  if (!mine.ok) return mine;
  if (c.sheet.kind !== ch.sheet.kind) return err('KIND_FIXED', 'GW-CORE-01');
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended' && participantOf(b, c.id)) return err('BATTLE_IN_PROGRESS', 'GW-BATTLE-01');
  const valid = validateSheet(c.sheet);
  if (!valid.ok) return valid;
  const sheet = plain(c.sheet);
  // GW-ITEM-01: items are bought or crafted for funds, or given by the GM; a player's edit keeps the inventory held.
  if (ctx.actor.role !== 'gm') [sheet.items, sheet.consumables] = [[...ch.sheet.items], { ...ch.sheet.consumables }];
  if (sheet.kind === 'master' && sheet.sealsLeft === null) sheet.sealsLeft = ctx.state.options.sealsPerMaster;
  const [before, after] = [secretNameOf(ch.sheet), secretNameOf(sheet)];
  if (before && after) dressSeat(ctx.state, ctx.seats(), ch.seat, before, after);
  ch.sheet = sheet;
  emit(ctx, { type: 'character.updated', id: c.id, sheet });
  return done;
}

const sameKey = (a: { knower: string; target: string }, b: { knower: string; target: string }) => a.knower === b.knower && a.target === b.target;

/** Replaces or adds one ledger entry, in place. */
function upsert(list: Knowledge[], entry: Knowledge): void {
  const at = list.findIndex((k) => sameKey(k, entry));
  if (at >= 0) list[at] = plain(entry);
  else list.push(plain(entry));
}

/** A battle still running reads the edit at once; a finished one keeps the snapshot it was fought with. */
const liveBattle = (ctx: Ctx): Battle | null => (ctx.state.battle && ctx.state.battle.phase !== 'ended' ? ctx.state.battle : null);

/** GM: sets what one knower knows of one target (INFO-12..15), authoritative and believed totals apart (HIDE-F11). */
export function knowledgeSet(ctx: Ctx, c: Cmd<'knowledge.set'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const k = c.entry;
  if (!characterOf(ctx.state, k.knower) || !characterOf(ctx.state, k.target) || k.knower === k.target) return err('BAD_KNOWLEDGE', 'GW-INFO-15');
  if (![k.total, k.believed].every((n) => Number.isInteger(n) && Math.abs(n) <= 999)) return err('BAD_KNOWLEDGE', 'GW-INFO-12');
  const e = entryOf(ctx, k.knower, k.target);
  correctTo(e, k);
  const live = liveBattle(ctx);
  if (live) upsert(live.knowledge, k);
  publishEntry(ctx, e);
  return done;
}

/** GM: forgets a ledger entry; the pair counts as a new ledger again (T = −3, class unknown). */
export function knowledgeRemove(ctx: Ctx, c: Cmd<'knowledge.remove'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!ctx.state.ledger.some((k) => sameKey(k, c))) return err('NO_SUCH_ENTRY', 'GW-INFO-15');
  ctx.state.ledger = ctx.state.ledger.filter((k) => !sameKey(k, c));
  ctx.state.info.entries = ctx.state.info.entries.filter((e) => !sameKey(e, c));
  const live = liveBattle(ctx);
  if (live) live.knowledge = live.knowledge.filter((k) => !sameKey(k, c));
  emit(ctx, { type: 'knowledge.removed', knower: c.knower, target: c.target });
  return done;
}

/**
 * GM: corrects a result by moving a participant's HP/MP, with the reason logged. Between batches or after the end
 * only, so no sealed step is left waiting on someone the correction took down or brought back.
 */
export function battleOverride(ctx: Ctx, c: Cmd<'battle.override'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = requireBattle(ctx);
  if (!b.ok) return b;
  const battle = b.value;
  const between = battle.phase === 'submit' && Object.keys(battle.submission?.answers ?? {}).length === 0;
  if (!between && battle.phase !== 'ended') return err('BATCH_UNDER_WAY', 'GW-BATTLE-12');
  const p = participantOf(battle, c.character);
  if (!p) return err('NOT_IN_BATTLE', 'GW-BATTLE-02');
  const reason = c.reason.trim();
  if (!reason) return err('REASON_REQUIRED');
  if (![c.hp, c.mp].every((n) => Number.isInteger(n) && Math.abs(n) <= 999) || (c.hp === 0 && c.mp === 0)) return err('BAD_AMOUNT');
  const sheet = characterOf(ctx.state, c.character)!.sheet;
  sheet.hp.current += c.hp;
  sheet.mp.current += c.mp;
  const override = { batch: battle.batch, afterSlot: battle.slotsPlayed, character: c.character, hp: c.hp, mp: c.mp, reason };
  battle.overrides.push(override);
  emit(ctx, { type: 'battle.overridden', override });
  if (battle.phase === 'ended') return done;
  const wasUp = standing(p);
  // BATTLE-20: HP ≤ 0 takes a participant down; a correction above 0 brings it back.
  if (sheet.hp.current <= 0 && p.status === 'standing') p.status = 'defeated';
  else if (sheet.hp.current > 0 && p.status === 'defeated') p.status = 'standing';
  if (wasUp !== standing(p) && !checkEnd(ctx, battle)) openBatch(ctx, battle, battle.batch);
  return done;
}
