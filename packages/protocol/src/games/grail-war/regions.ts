import { z } from 'zod';
import { gwPlaceId } from './scenes.ts';
import { gwCharacterId } from './sheets.ts';

/**
 * The region map on the wire (GW-CORE-08, §8 GW-REGION): a place of the GM's map is a region; the GM links regions
 * (distance in 칸 is the shortest path) and sets each one's data, which stays the GM's until a master's 정찰 there
 * (GW-HIDE-F21). Bases are their master's pair's and the GM's (F22); a closure is public (F21, F32).
 */

const count = z.number().int().min(0).max(999);
const halves = z.strictObject({ day: count, night: count });

/** REGION-01 templates the GM picks per region. */
export const gwRegionFeature = z.enum(['sceneFunds', 'sceneXp', 'sceneInfo', 'laborStudyDouble', 'restBonus', 'nightMerit']);
export type GwRegionFeature = z.infer<typeof gwRegionFeature>;

/** What the GM sets for a region (REGION-01/02/03/07). */
export const gwRegionData = z.strictObject({
  features: z.array(gwRegionFeature).max(6),
  /** REGION-01 [Rest]: the region's extra HP/MP. */
  restBonus: count,
  /** REGION-02: the most people eaten at once, per Day and Night. */
  population: halves,
  /** REGION-02: eaten population refilled per scene of that half, or per day. */
  recovery: z.strictObject({ day: count, night: count, per: z.enum(['scene', 'day']) }),
  /** REGION-03: mystery concealment, per Day and Night. */
  concealment: halves,
  /** REGION-07: the region's special situations. */
  special: z.array(z.string().trim().min(1).max(200)).max(10),
});
export type GwRegionData = z.infer<typeof gwRegionData>;

/** A region's data as a viewer knows it, with the people left to eat now (REGION-02). */
export const gwRegionInfo = gwRegionData.extend({ people: halves });
export type GwRegionInfo = z.infer<typeof gwRegionInfo>;

export const gwRegionCommands = [
  /** GM: two regions are adjacent (one 칸), or no longer. */
  z.object({ type: z.literal('region.link'), a: gwPlaceId, b: gwPlaceId, linked: z.boolean() }),
  z.object({ type: z.literal('region.set'), region: gwPlaceId, data: gwRegionData }),
  /** GM: a character's current region (CORE-08), outside the moves a scene resolves. */
  z.object({ type: z.literal('region.place'), character: gwCharacterId, region: gwPlaceId }),
  /** GM at resolution: a servant that declared 식인 eats this many in its region (REGION-05). */
  z.object({ type: z.literal('region.eat'), character: gwCharacterId, count: z.number().int().min(1).max(999) }),
] as const;

/** The map as one viewer knows it. */
export const gwMapView = z.strictObject({
  links: z.array(z.tuple([gwPlaceId, gwPlaceId])),
  closed: z.array(gwPlaceId),
  /** Region data: the GM's all; a player's those its masters reconnoitred (F21). */
  known: z.record(z.string(), gwRegionInfo),
  /** Current regions the viewer may know (F19). */
  at: z.record(z.string(), gwPlaceId),
  /** Bases the viewer may know (F22). */
  bases: z.array(z.strictObject({ master: gwCharacterId, region: gwPlaceId })),
});
export type GwMapView = z.infer<typeof gwMapView>;

const servantAt = { servant: gwCharacterId, region: gwPlaceId };

export const gwRegionEvents = [
  z.strictObject({ type: z.literal('region.linked'), a: gwPlaceId, b: gwPlaceId, linked: z.boolean() }),
  z.strictObject({ type: z.literal('region.set'), region: gwPlaceId, data: gwRegionData }),
  z.strictObject({ type: z.literal('region.placed'), character: gwCharacterId, region: gwPlaceId }),
  z.strictObject({ type: z.literal('region.learned'), knower: gwCharacterId, region: gwPlaceId, info: gwRegionInfo }),
  z.strictObject({ type: z.literal('region.eaten'), character: gwCharacterId, region: gwPlaceId, count }),
  /** GM only: a region's concealment fell by `loss` (REGION-04/05). */
  z.strictObject({ type: z.literal('region.concealment'), region: gwPlaceId, half: z.enum(['day', 'night']), loss: count, value: z.number().int() }),
  z.strictObject({ type: z.literal('region.closed'), region: gwPlaceId }),
  z.strictObject({ type: z.literal('base.created'), master: gwCharacterId, region: gwPlaceId }),
  z.strictObject({ type: z.literal('base.destroyed'), master: gwCharacterId, region: gwPlaceId }),
  /** HIDE-F30: an observer in range learns that a battle involving this servant happened in this region. */
  z.strictObject({ type: z.literal('battle.observed'), observer: gwCharacterId.nullable(), ...servantAt }),
] as const;
