import type { Ctx } from './context.ts';
import { emit } from './events.ts';
import type { InfoGain, InfoKind } from './info-receive.ts';
import { receiveInfo } from './info-receive.ts';
import type { RegionMap } from './region-map.ts';
import { NPC_FRAN, battleLoss, distancesFrom, isNamed, nextStreak, sceneOrdinal } from './region-map.ts';
import { lowerConcealment } from './regions.ts';
import type { NpType } from './sheets.ts';
import type { Battle, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/** GW-INFO-10: others within this many 칸 (Infinity: all regions) gain this much; battle opponents gain the extra. */
const AREA: Partial<Record<NpType, { within: number; others: number; opponents: number }>> = {
  antiFortress: { within: 2, others: 1, opponents: 1 },
  antiCountry: { within: 4, others: 1, opponents: 2 },
  antiWorld: { within: Infinity, others: 2, opponents: 3 },
};

/** INFO-07: a Day battle is seen within 2 칸. */
const DAY_RANGE = 2;

const held = (map: RegionMap, knower: string, target: string): boolean => map.combatHeld.includes(`${knower}>${target}`);
const hold = (map: RegionMap, knower: string, target: string): void => {
  if (!held(map, knower, target)) map.combatHeld.push(`${knower}>${target}`);
};

/** The battle's region: where its first placed participant stands, else its declared place (CORE-08). */
function battleRegion(state: GrailWarState, battle: Battle): string | null {
  for (const p of battle.participants) {
    const at = state.regions.at[p.id] ?? state.campaign.places.find((x) => x.name === battle.regions[p.id])?.id;
    if (at) return at;
  }
  return null;
}

/** The widest area NP (INFO-10) a servant played in this battle, if any. */
function widestArea(state: GrailWarState, battle: Battle, servant: string): (typeof AREA)[NpType] | null {
  const sheet = characterOf(state, servant)!.sheet;
  if (sheet.kind !== 'servant') return null;
  let best: (typeof AREA)[NpType] | null = null;
  for (const r of battle.history)
    for (const p of r.plays) {
      if (p.character !== servant || p.judgment.card !== 'np') continue;
      const area = AREA[sheet.noblePhantasms.find((n) => n.id === p.judgment.np)?.npType ?? 'antiPersonnel'];
      if (area && (!best || area.others > best.others || area.within > best.within)) best = area;
    }
  return best;
}

/** What a closed battle gives (INFO-07/10): its region, each gain and who is told of it (HIDE-F30; null: everyone). */
export type BattleSeen = { region: string; gains: InfoGain[]; observed: { observer: string | null; servant: string }[] };

/**
 * INFO-07 and INFO-10 for a battle that ended. Each character outside it within range of its region gains points about
 * each servant in it: INFO-07 in a Day scene within 2 칸, 1 (2 if the servant used an NP); INFO-10 within its NP's area.
 * The kind is 전투 for an observer holding none about that servant, else `observerInfoKind` (소문 or 전승); INFO-10's
 * battle opponents gain their extra 전투. A battle with no region is seen by no one.
 */
export function battleSeen(state: GrailWarState, battle: Battle): BattleSeen | null {
  const region = battleRegion(state, battle);
  if (!region) return null;
  const map = state.regions;
  const combat = new Set(map.combatHeld);
  for (const r of battle.rewards ?? []) for (const g of r.info) combat.add(`${r.character}>${g.target}`);
  const inBattle = new Set(battle.participants.map((p) => p.id));
  const far = distancesFrom(map, region);
  const out: BattleSeen = { region, gains: [], observed: [] };
  for (const s of battle.participants) {
    if (characterOf(state, s.id)!.sheet.kind !== 'servant') continue;
    const area = widestArea(state, battle, s.id);
    const daytime = battle.scene === 'day' ? (battle.npUsers.includes(s.id) ? 2 : 1) : 0;
    if (area?.within === Infinity) out.observed.push({ observer: null, servant: s.id });
    for (const o of Object.values(state.characters)) {
      // A servant's own master is no observer of it.
      if (o.dead || inBattle.has(o.id) || o.partner === s.id) continue;
      const at = map.at[o.id];
      const d = at !== undefined ? far.get(at) : undefined;
      const seen = (within: number) => within === Infinity || (d !== undefined && d <= within);
      const day = seen(DAY_RANGE) ? daytime : 0;
      const np = area && seen(area.within) ? area.others : 0;
      const points = state.options.areaNpWithDaytime === 'sum' ? day + np : Math.max(day, np);
      if (points === 0) continue;
      const kind: InfoKind = combat.has(`${o.id}>${s.id}`) ? state.options.observerInfoKind : 'combat';
      if (area?.within !== Infinity) out.observed.push({ observer: o.id, servant: s.id });
      out.gains.push({ knower: o.id, target: s.id, kind, points, source: np >= day ? 'GW-INFO-10' : 'GW-INFO-07' });
    }
    if (!area) continue;
    for (const q of battle.participants.filter((x) => x.side !== s.side)) {
      out.gains.push({ knower: q.id, target: s.id, kind: 'combat', points: area.opponents, source: 'GW-INFO-10' });
    }
  }
  return out;
}

/**
 * At battle close: the observers and opponents gain through receiveInfo and are told (HIDE-F30), then the region's
 * concealment falls by every point the battle generated there, INFO-06/08 rewards included (REGION-04, REGION-08).
 */
export function observeBattle(ctx: Ctx): void {
  const state = ctx.state;
  const battle = state.battle;
  if (!battle || battle.phase !== 'ended') return;
  const map = state.regions;
  for (const r of battle.rewards ?? []) for (const g of r.info) hold(map, r.character, g.target);
  const seen = battleSeen(state, battle);
  if (!seen) return;
  for (const o of seen.observed) emit(ctx, { type: 'battle.observed', observer: o.observer, servant: o.servant, region: seen.region });
  for (const g of seen.gains) {
    if (g.kind === 'combat') hold(map, g.knower, g.target);
    receiveInfo(ctx, g);
  }
  const rewards = (battle.rewards ?? []).reduce((n, r) => n + r.info.reduce((m, g) => m + g.points, 0), 0);
  const generated = rewards + seen.gains.reduce((n, g) => n + g.points, 0);
  const streak = nextStreak(map.battles[seen.region], sceneOrdinal(state), state.options.consecutiveDefinition);
  map.battles[seen.region] = streak;
  const fran = battle.participants.some((p) => isNamed(state, p.id, NPC_FRAN));
  lowerConcealment(ctx, seen.region, battleLoss(generated, streak.k, fran));
}
