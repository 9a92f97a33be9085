import { z } from 'zod';
import { gwCharacterId } from './sheets.ts';

/**
 * The scene and day flow on the wire (GW-FLOW-02..05, GW-HIDE-D1/D2): the actions a character may declare, the
 * sealed declaration, the GM's console commands, the campaign as a viewer sees it and the events it sends.
 */

/** FLOW-05 actions a character declares for a half (or the whole scene); move is the location itself. */
export const gwSceneAction = z.enum(['recon', 'search', 'sweep', 'rest', 'labor', 'study', 'cannibalism', 'createBase', 'contract', 'buyCraft', 'automaton', 'special']);
export type GwSceneAction = z.infer<typeof gwSceneAction>;

/** A place the GM defined (FLOW-01 step 2), named by the engine (p1, p2, …). */
export const gwPlaceId = z.string().regex(/^p[0-9]{1,4}$/);
export const gwPlace = z.strictObject({ id: gwPlaceId, name: z.string() });
export type GwPlace = z.infer<typeof gwPlace>;

/** GW-HIDE-D1: a location (the basic action, move) plus two short actions or one long action (FLOW-03 S2). */
export const gwSceneDecl = z.object({
  place: gwPlaceId,
  plan: z.discriminatedUnion('length', [
    z.object({ length: z.literal('short'), first: gwSceneAction, second: gwSceneAction }),
    z.object({ length: z.literal('long'), action: gwSceneAction }),
  ]),
});
export type GwSceneDecl = z.infer<typeof gwSceneDecl>;

/** FLOW-03 S3, in order. */
export const gwResolveStep = z.enum(['moves', 'firstHalf', 'encounters', 'battles', 'secondHalf', 'special']);
export type GwResolveStep = z.infer<typeof gwResolveStep>;

/** A named step of scene start, scene end or day end, and whether the engine ran it or leaves it to the GM. */
export const gwFlowStep = z.strictObject({ step: z.string(), rule: z.string(), status: z.enum(['done', 'gm', 'off']) });
export type GwFlowStep = z.infer<typeof gwFlowStep>;

const noteAudience = z.enum(['public', 'gm']);
const scenePosition = { day: z.number().int().min(1), half: z.enum(['day', 'night']), index: z.number().int().min(1) };
const actingAs = { character: gwCharacterId.optional() };
const side = z.string().regex(/^[A-Za-z0-9~_-]{1,40}$/);

/** The GM's scene console and each character's declaration, client → server. */
export const gwSceneCommands = [
  z.object({ type: z.literal('place.add'), name: z.string().trim().min(1).max(60) }),
  /** GM: S1 scene-start processing, then the S2 declarations open. */
  z.object({ type: z.literal('scene.begin') }),
  z.object({ type: z.literal('scene.declare'), decl: gwSceneDecl, ...actingAs }),
  /** Master: SEAL-10 (a), rewrite the servant's declaration before lock (GW-HIDE-D2). */
  z.object({ type: z.literal('scene.rewrite'), decl: gwSceneDecl, ...actingAs }),
  /** GM: lock the declarations now; who has not declared takes no action (GW-HIDE-04). */
  z.object({ type: z.literal('scene.reveal') }),
  /** GM: the current S3 step is resolved, with a note that is public or the GM's own. */
  z.object({ type: z.literal('scene.resolve'), note: z.string().trim().max(500).optional(), audience: noteAudience.optional() }),
  /** GM: during S3 step 4, a battle between the characters it picks (§15). */
  z.object({
    type: z.literal('scene.battle'),
    participants: z.array(z.object({ character: gwCharacterId, side, row: z.enum(['front', 'back']).optional() })).min(2).max(14),
    ambushSide: side.nullable(),
  }),
] as const;

const declView = z.strictObject({
  character: gwCharacterId,
  declared: z.boolean(),
  commitment: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  answer: gwSceneDecl.optional(),
  /** SEAL-10 (a) was used on it: the servant's side and the GM only. */
  rewritten: z.boolean().optional(),
});

/** The campaign as one viewer may see it (GW-HIDE-F19): declarations per character only to owner, partner and GM. */
export const gwCampaignView = z.strictObject({
  ...scenePosition,
  step: z.enum(['pre', 'declare', 'resolve']),
  /** The next S3 step to resolve, null outside S3 or once all are done. */
  resolveStep: gwResolveStep.nullable(),
  places: z.array(gwPlace),
  /** Null for spectators (F19: none). */
  declarations: z.strictObject({ status: z.enum(['open', 'revealed']), entries: z.array(declView) }).nullable(),
  /** MASTER-01 (a): masters who may only rest this scene, those the viewer may know of. */
  restOnly: z.array(gwCharacterId),
  /** GW-HIDE-04: when the open declarations lock by the room's step timer (ms since the epoch), or null. */
  deadline: z.number().int().nullable(),
  /** CLASS-02 (1) streak days per character, those the viewer may know of. */
  streaks: z.record(z.string(), z.number().int()),
});
export type GwCampaignView = z.infer<typeof gwCampaignView>;

/** What one viewer learns from a scene event (server → client). */
export const gwSceneEvents = [
  z.strictObject({ type: z.literal('place.added'), place: gwPlace }),
  z.strictObject({ type: z.literal('scene.begun'), ...scenePosition, steps: z.array(gwFlowStep) }),
  z.strictObject({ type: z.literal('scene.declared'), character: gwCharacterId, commitment: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.strictObject({ type: z.literal('scene.rewritten'), master: gwCharacterId, servant: gwCharacterId, commitment: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.strictObject({ type: z.literal('scene.revealed'), declared: z.array(gwCharacterId), missing: z.array(gwCharacterId) }),
  z.strictObject({ type: z.literal('scene.resolved'), step: gwResolveStep, note: z.string().nullable() }),
  z.strictObject({ type: z.literal('day.ended'), day: z.number().int(), steps: z.array(gwFlowStep) }),
  z.strictObject({ type: z.literal('upkeep.paid'), character: gwCharacterId, servant: gwCharacterId, mp: z.number().int() }),
] as const;

/** The scene end's report; a bare `scene.ended` is one logged before the flow existed. */
export const gwSceneEnded = z.strictObject({ type: z.literal('scene.ended'), ...partial(scenePosition), steps: z.array(gwFlowStep).optional() });

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}
