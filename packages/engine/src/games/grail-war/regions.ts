import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { ResolveStep } from './campaign.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { copyOf, done, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { Half } from './region-map.ts';
import { NPC_GEORGE, isNamed, mealLoss, nextStreak, regionInfo, sceneOrdinal } from './region-map.ts';
import type { SceneAction } from './scene-actions.ts';
import { halvesOf } from './scene-actions.ts';
import { characterOf } from './state.ts';

/** FLOW-05 거점 생성: the base page's 5 MP. */
export const BASE_MP = 5;

const isRegion = (ctx: Ctx, id: string): boolean => ctx.state.campaign.places.some((p) => p.id === id);

/** GM: two regions become adjacent, one 칸 apart (CORE-08), or no longer. */
export function regionLink(ctx: Ctx, c: Cmd<'region.link'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!isRegion(ctx, c.a) || !isRegion(ctx, c.b) || c.a === c.b) return err('NO_SUCH_REGION', 'GW-CORE-08');
  const map = ctx.state.regions;
  const same = ([x, y]: [string, string]) => (x === c.a && y === c.b) || (x === c.b && y === c.a);
  map.links = map.links.filter((l) => !same(l));
  if (c.linked) map.links.push([c.a, c.b]);
  emit(ctx, { type: 'region.linked', a: c.a, b: c.b, linked: c.linked });
  return done;
}

/** GM: a region's features, population and recovery, concealment and special situations (REGION-01/02/03/07). */
export function regionSet(ctx: Ctx, c: Cmd<'region.set'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!isRegion(ctx, c.region)) return err('NO_SUCH_REGION', 'GW-CORE-08');
  const data = copyOf(c.data);
  ctx.state.regions.data[c.region] = data;
  emit(ctx, { type: 'region.set', region: c.region, data: copyOf(data) });
  return done;
}

/** Moves a character to a region and tells its pair and the GM (HIDE-F19). */
function place(ctx: Ctx, character: string, region: string): void {
  if (ctx.state.regions.at[character] === region) return;
  ctx.state.regions.at[character] = region;
  emit(ctx, { type: 'region.placed', character, region });
}

/** GM: a character's current region (CORE-08), outside a scene's moves. */
export function regionPlace(ctx: Ctx, c: Cmd<'region.place'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!characterOf(ctx.state, c.character)) return err('NO_SUCH_CHARACTER', 'GW-CORE-08');
  if (!isRegion(ctx, c.region)) return err('NO_SUCH_REGION', 'GW-CORE-08');
  place(ctx, c.character, c.region);
  return done;
}

/** The locked declaration's actions of a character this scene, or none. */
function declared(ctx: Ctx, id: string): SceneAction[] {
  const d = ctx.state.campaign.declarations;
  const e = d?.status === 'revealed' ? sealedAnswerOf(d, id) : undefined;
  return e ? halvesOf(e.answer) : [];
}

/** Lowers a region's concealment for this half and tells the GM (REGION-03..05: the value is region data, F21). */
export function lowerConcealment(ctx: Ctx, region: string, loss: number): void {
  const data = ctx.state.regions.data[region];
  if (!ctx.state.options.regionConcealment || !data || loss <= 0) return;
  const half: Half = ctx.state.campaign.half;
  data.concealment[half] = Math.max(0, data.concealment[half] - loss);
  emit(ctx, { type: 'region.concealment', region, half, loss, value: data.concealment[half] });
}

/**
 * GM at resolution: a servant that declared 식인 eats `count` people in its region, at most the people left this
 * half (REGION-02); the region's concealment falls by REGION-05's amount, less for 조지 바스커빌 (REGION-08).
 */
export function regionEat(ctx: Ctx, c: Cmd<'region.eat'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const state = ctx.state;
  const servant = characterOf(state, c.character);
  if (!servant || servant.sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-REGION-05');
  if (!declared(ctx, servant.id).includes('cannibalism')) return err('NOT_DECLARED', 'GW-FLOW-05', 'cannibalism');
  const region = state.regions.at[servant.id];
  const info = region ? regionInfo(state.regions, region) : null;
  if (!region || !info) return err('NO_REGION_DATA', 'GW-REGION-02');
  const half = state.campaign.half;
  if (c.count > info.people[half]) return err('NOT_ENOUGH_PEOPLE', 'GW-REGION-02', String(info.people[half]));
  const eaten = (state.regions.eaten[region] ??= { day: 0, night: 0 });
  eaten[half] += c.count;
  const streak = nextStreak(state.regions.meals[region], sceneOrdinal(state), state.options.consecutiveDefinition);
  state.regions.meals[region] = streak;
  emit(ctx, { type: 'region.eaten', character: servant.id, region, count: c.count });
  const george = isNamed(state, servant.id, NPC_GEORGE) || (servant.partner !== null && isNamed(state, servant.partner, NPC_GEORGE));
  lowerConcealment(ctx, region, mealLoss(c.count, streak.k, george));
  return done;
}

/**
 * The map's part of a resolved S3 step (FLOW-03): moves put each declared character in its declared region; in the
 * halves a master's 거점 생성 makes a base where it stands for 5 MP (FLOW-05); in encounters a master's 정찰 learns
 * its region's data (REGION-06), told to its owner alone (HIDE-F21).
 */
export function resolveRegions(ctx: Ctx, step: ResolveStep): void {
  const d = ctx.state.campaign.declarations;
  if (!d || d.status !== 'revealed') return;
  for (const id of d.seats) {
    const e = sealedAnswerOf(d, id);
    const ch = characterOf(ctx.state, id);
    if (!e || !ch || ch.dead) continue;
    const [first, second] = halvesOf(e.answer);
    if (step === 'moves') place(ctx, id, e.answer.place);
    if (ch.sheet.kind !== 'master') continue;
    const half = step === 'firstHalf' ? first : step === 'secondHalf' ? second : null;
    if (half === 'createBase') createBase(ctx, id);
    if (step === 'encounters' && (first === 'recon' || second === 'recon')) learn(ctx, id);
  }
}

function createBase(ctx: Ctx, master: string): void {
  const map = ctx.state.regions;
  const region = map.at[master];
  const ch = characterOf(ctx.state, master)!;
  if (!region || map.closed.includes(region) || map.bases.some((b) => b.master === master && b.region === region)) return;
  ch.sheet.mp.current -= BASE_MP;
  map.bases.push({ master, region });
  emit(ctx, { type: 'base.created', master, region });
}

function learn(ctx: Ctx, master: string): void {
  const map = ctx.state.regions;
  const region = map.at[master];
  const info = region ? regionInfo(map, region) : null;
  if (!region || !info) return;
  const knowers = (map.knowers[region] ??= []);
  if (!knowers.includes(master)) knowers.push(master);
  emit(ctx, { type: 'region.learned', knower: master, region, info });
}

/** REGION-02: eaten people come back at the region's rate, for this half's "per scene" regions or every "per day" one. */
function recover(ctx: Ctx, per: 'scene' | 'day'): void {
  const map = ctx.state.regions;
  for (const [region, eaten] of Object.entries(map.eaten)) {
    const r = map.data[region]?.recovery;
    if (!r || r.per !== per) continue;
    const halves: Half[] = per === 'scene' ? [ctx.state.campaign.half] : ['day', 'night'];
    for (const h of halves) eaten[h] = Math.max(0, eaten[h] - r[h]);
  }
}

export const populationScene = (ctx: Ctx): void => recover(ctx, 'scene');
export const populationDay = (ctx: Ctx): void => recover(ctx, 'day');

/**
 * REGION-03, S4 step 8: a region whose Day or Night concealment is 0 closes; its bases are destroyed (told to their
 * pairs) and the closure is public (HIDE-F21, F32).
 */
export function regionClosure(ctx: Ctx): void {
  const map = ctx.state.regions;
  for (const [region, data] of Object.entries(map.data)) {
    if (map.closed.includes(region) || (data.concealment.day > 0 && data.concealment.night > 0)) continue;
    map.closed.push(region);
    emit(ctx, { type: 'region.closed', region });
    for (const b of map.bases.filter((x) => x.region === region)) emit(ctx, { type: 'base.destroyed', master: b.master, region });
    map.bases = map.bases.filter((x) => x.region !== region);
  }
}
