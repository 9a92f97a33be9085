import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { resolveStepOf } from './campaign.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter, requireGm } from './context.ts';
import type { InfoEntry, InfoKind } from './info-ledger.ts';
import { believedOf, bothOpen, guessedRight, unallocated, validPlacement } from './info-ledger.ts';
import { entryOf, publishEntry, receiveInfo } from './info-receive.ts';
import type { GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/** HIDE-D9: ledger choices are made outside a judgment batch, about a servant, by a character for itself. */
function knowerEntry(ctx: Ctx, c: { target: string; character?: string }): Result<InfoEntry> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const b = ctx.state.battle;
  if (b && b.phase === 'submit') return err('IN_BATCH', 'GW-HIDE-D9');
  const target = characterOf(ctx.state, c.target);
  if (!target || target.sheet.kind !== 'servant' || target.id === me.value.id) return err('NOT_A_SERVANT', 'GW-INFO-01');
  return { ok: true, value: entryOf(ctx, me.value.id, target.id) };
}

/** INFO-16 (a): one unallocated point raises its own kind's grade by 1, up to 5; points of that kind must remain. */
export function infoAllocate(ctx: Ctx, c: Cmd<'info.allocate'>): Result<void> {
  const got = knowerEntry(ctx, c);
  if (!got.ok) return got;
  const e = got.value;
  if (unallocated(e) < 1) return err('NO_POINT', 'GW-INFO-16');
  if (e.grades[c.kind] >= 5) return err('GRADE_MAX', 'GW-INFO-16');
  if (e.grades[c.kind] >= believedOf(e, c.kind)) return err('NO_POINT_OF_KIND', 'GW-INFO-16');
  e.grades[c.kind] += 1;
  e.allocated += 1;
  publishEntry(ctx, e);
  return done;
}

/**
 * INFO-16 (b): an open attempt at (kind, grade ≤ the knower's grade there), paid with a free chance (INFO-09) or one
 * point. A hit shows that piece's content; a miss shows only that nothing is there (HIDE-F03). Both open: a right (INFO-17).
 */
export function infoOpen(ctx: Ctx, c: Cmd<'info.open'>): Result<void> {
  const got = knowerEntry(ctx, c);
  if (!got.ok) return got;
  const e = got.value;
  if (c.grade > e.grades[c.kind]) return err('GRADE_TOO_HIGH', 'GW-INFO-16');
  if (e.attempts.some((a) => a.kind === c.kind && a.grade === c.grade)) return err('ALREADY_TRIED', 'GW-INFO-16');
  if (e.freeOpens > 0) e.freeOpens -= 1;
  else if (unallocated(e) >= 1) e.allocated += 1;
  else return err('NO_POINT', 'GW-INFO-16');
  const piece = (ctx.state.info.core[e.target] ?? []).find((p) => p.kind === c.kind && p.grade === c.grade);
  const before = bothOpen(e);
  e.attempts.push({ kind: c.kind, grade: c.grade, found: piece?.holds ?? null, content: piece?.content ?? null });
  if (!before && bothOpen(e)) e.rights += 1;
  publishEntry(ctx, e);
  return done;
}

/** INFO-14: one class guess per servant; after a wrong one, another only after a battle with it. */
export function infoGuess(ctx: Ctx, c: Cmd<'info.guess'>): Result<void> {
  const got = knowerEntry(ctx, c);
  if (!got.ok) return got;
  const e = got.value;
  if (guessedRight(e) || !e.canGuess) return err('GUESS_USED', 'GW-INFO-14');
  const target = characterOf(ctx.state, e.target)!;
  const right = target.sheet.kind === 'servant' && target.sheet.className === c.className;
  e.guesses.push({ className: c.className, right });
  e.canGuess = false;
  publishEntry(ctx, e);
  return done;
}

/** INFO-17: a true-name reveal attempt spends one right; the GM judges it with info.judge. */
export function infoTrueName(ctx: Ctx, c: Cmd<'info.trueName'>): Result<void> {
  const got = knowerEntry(ctx, c);
  if (!got.ok) return got;
  const e = got.value;
  if (e.trueNameRevealed) return err('ALREADY_REVEALED', 'GW-INFO-17');
  if (e.nameAttempts.some((a) => a.verdict === 'pending')) return err('ATTEMPT_PENDING', 'GW-INFO-17');
  if (e.rights < 1) return err('NO_RIGHT', 'GW-INFO-17');
  e.rights -= 1;
  e.nameAttempts.push({ name: c.name, verdict: 'pending' });
  publishEntry(ctx, e);
  return done;
}

/** GM: judges the pending true-name attempt (INFO-17); a right one reveals the name to the knower (HIDE-F01). */
export function infoJudge(ctx: Ctx, c: Cmd<'info.judge'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const e = ctx.state.info.entries.find((x) => x.knower === c.knower && x.target === c.target);
  const pending = e?.nameAttempts.find((a) => a.verdict === 'pending');
  if (!e || !pending) return err('NO_ATTEMPT', 'GW-INFO-17');
  pending.verdict = c.right ? 'right' : 'wrong';
  if (c.right) e.trueNameRevealed = true;
  publishEntry(ctx, e);
  return done;
}

/**
 * GM: INFO-19 (001 #13) "if both keywords are revealed, treat it as true name (or mission 사명) revealed": records one
 * of the target servant's SS keywords (MISC-01) as revealed by the knower; with both, the knower holds its true name.
 */
export function infoKeyword(ctx: Ctx, c: Cmd<'info.keyword'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const knower = characterOf(ctx.state, c.knower);
  const target = characterOf(ctx.state, c.target);
  if (!knower || !target || target.sheet.kind !== 'servant' || knower.id === target.id) return err('NOT_A_SERVANT', 'GW-INFO-01');
  const keyword = c.keyword.trim();
  if (!target.ssKeywords.includes(keyword)) return err('NOT_A_KEYWORD', 'GW-INFO-19');
  const e = entryOf(ctx, knower.id, target.id);
  if (e.keywords.includes(keyword)) return err('KEYWORD_KNOWN', 'GW-INFO-19');
  e.keywords.push(keyword);
  if (target.ssKeywords.every((k) => e.keywords.includes(k))) e.trueNameRevealed = true;
  publishEntry(ctx, e);
  return done;
}

/** GM: places a servant's two core pieces, one of the 16 valid placements only (INFO-03). */
export function infoPlace(ctx: Ctx, c: Cmd<'info.place'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (characterOf(ctx.state, c.servant)?.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-INFO-03');
  if (!validPlacement(c.pieces)) return err('BAD_PLACEMENT', 'GW-INFO-03');
  if (ctx.state.info.entries.some((e) => e.target === c.servant && e.attempts.length > 0)) return err('ALREADY_SEARCHED', 'GW-INFO-03');
  ctx.state.info.core[c.servant] = c.pieces.map((p) => ({ ...p }));
  return done;
}

/** The contracted servant of a master (INFO-05 (b)), if any. */
function servantOf(state: GrailWarState, id: string): string | null {
  const ch = characterOf(state, id);
  if (!ch) return null;
  if (ch.sheet.kind === 'servant') return ch.id;
  const partner = ch.partner ? characterOf(state, ch.partner) : undefined;
  return partner?.sheet.kind === 'servant' ? partner.id : null;
}

/** INFO-05 (c): 조우 and 소문 exclude each other per scene, as do 전투 and 전승. */
const EXCLUDES: Record<InfoKind, InfoKind> = { encounter: 'rumor', rumor: 'encounter', combat: 'legend', legend: 'combat' };

/**
 * GM at the S3 encounters step: `knower` met `met` through recon or search (INFO-05, 1 point INFERRED): (a) a
 * servant gives +1 조우 about it; (b) a master +1 소문 or 전승 about its servant, once the knower holds 조우 or 전투 about it.
 */
export function infoEncounter(ctx: Ctx, c: Cmd<'info.encounter'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const campaign = ctx.state.campaign;
  if (resolveStepOf(campaign) !== 'encounters') return err('NOT_ENCOUNTERS', 'GW-INFO-05');
  const met = characterOf(ctx.state, c.met);
  const target = servantOf(ctx.state, c.met);
  if (!met || !characterOf(ctx.state, c.knower) || !target || target === c.knower) return err('NO_SERVANT', 'GW-INFO-05');
  let kind: InfoKind = 'encounter';
  if (met.sheet.kind === 'master') {
    if (!c.kind) return err('KIND_NEEDED', 'GW-INFO-05');
    const e = entryOf(ctx, c.knower, target);
    if (believedOf(e, 'encounter') < 1 && believedOf(e, 'combat') < 1) return err('NEEDS_ENCOUNTER_OR_COMBAT', 'GW-INFO-05');
    kind = c.kind;
  }
  const mine = campaign.infoMet.filter((m) => m.knower === c.knower && m.target === target);
  if (mine.some((m) => m.kind === EXCLUDES[kind])) return err('KIND_EXCLUDED', 'GW-INFO-05');
  campaign.infoMet.push({ knower: c.knower, target, kind });
  receiveInfo(ctx, { knower: c.knower, target, kind, points: 1, source: 'encounter' });
  return done;
}
