import type { GwXpGrant } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { Character } from './state.ts';
import { characterOf } from './state.ts';

/** Sheets cap XP and merit here (protocol sheets.ts). */
const XP_CAP = 99999;
const MERIT_CAP = 9999;

/** Adds XP and merit earned outside battle to a sheet and tells its pair and the GM (HIDE-F07/F08/F31). */
export function awardXp(ctx: Ctx, character: Character, xp: number, merit: number, rule: string, reason: string): Result<void> {
  const sheet = character.sheet;
  if (sheet.xp + xp > XP_CAP || sheet.merit + merit > MERIT_CAP) return err('BAD_AMOUNT', rule);
  sheet.xp += xp;
  sheet.merit += merit;
  emit(ctx, { type: 'xp.awarded', character: character.id, xp, merit, rule, reason });
  return done;
}

type Scout = Extract<GwXpGrant, { source: 'scout' }>;

/** The current scene and a place, as XP-01 counts scouting reads: one per location per scene. */
const sceneKey = (ctx: Ctx, place: string): string => {
  const c = ctx.state.campaign;
  return `${c.day}.${c.half}.${c.index}@${place}`;
};

/**
 * GW-XP-01: info (or region info) gained by 정찰 or 탐색 gives 1 XP once per location per scene, however many were
 * read there; 수색, familiars and automata give none. Under `multiOpponentXp: perHead` (001 #15 "기존") it pays one
 * per person read; the B-team `fixedAllied` and 000 pay 1 (XP-08).
 */
export function awardScoutXp(ctx: Ctx, character: Character, read: Omit<Scout, 'source'>, reason = `${read.method}@${read.place}`): Result<number> {
  if (read.method !== 'recon' && read.method !== 'search') return err('NO_XP', 'GW-XP-01', read.method);
  const key = sceneKey(ctx, read.place);
  const marks = (ctx.state.xpScouted[character.id] ??= []);
  if (marks.includes(key)) return err('ALREADY_AWARDED', 'GW-XP-01');
  const xp = ctx.state.options.multiOpponentXp === 'perHead' ? Math.max(1, read.heads) : 1;
  const given = awardXp(ctx, character, xp, 0, 'GW-XP-01', reason);
  if (!given.ok) return given;
  marks.push(key);
  return ok(xp);
}

/**
 * GW-XP-06/07 and GW-MERIT-07: revealing another servant's core info gives the revealer 2 XP, its true name 3 XP;
 * under `meritAcquisition: 000` also 1 and 2 merit (removed in the 001 trial, INFERRED).
 */
export function awardReveal(ctx: Ctx, character: Character, what: 'coreInfo' | 'trueName', reason: string = what): Result<void> {
  const merit000 = ctx.state.options.meritAcquisition === '000';
  return what === 'coreInfo'
    ? awardXp(ctx, character, 2, merit000 ? 1 : 0, 'GW-XP-06', reason)
    : awardXp(ctx, character, 3, merit000 ? 2 : 0, 'GW-XP-07', reason);
}

/** GM: grants XP outside battle through the rule it names, or for a reason the GM judged (study, region income …). */
export function xpGrant(ctx: Ctx, c: Cmd<'xp.grant'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const ch = characterOf(ctx.state, c.character);
  if (!ch) return err('NO_SUCH_CHARACTER');
  const g = c.grant;
  if (g.source === 'scout') {
    const r = awardScoutXp(ctx, ch, g, c.reason);
    return r.ok ? done : r;
  }
  if (g.source === 'reveal') return awardReveal(ctx, ch, g.what, c.reason);
  if (g.xp + g.merit === 0) return err('BAD_AMOUNT');
  return awardXp(ctx, ch, g.xp, g.merit, 'GM', c.reason);
}
