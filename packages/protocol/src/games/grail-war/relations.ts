import { z } from 'zod';
import { gwCharacterId } from './sheets.ts';

/**
 * The relationship chart's players' side on the wire (GW-REL, GW-HIDE-D7/D10/D11): mutual registration, one-sided
 * cuts, the sealed scene-end scores and information sharing, the viewer's part of the chart and the events.
 */

const actingAs = { character: gwCharacterId.optional() };
/** GW-INFO-02: the four kinds of information point. */
const infoKind = z.enum(['encounter', 'rumor', 'combat', 'legend']);
const pair = { from: gwCharacterId, to: gwCharacterId };

/** Each character's relationship commands, client → server. */
export const gwRelationCommands = [
  /** REL-01 / HIDE-D10: offer registration to a character met this scene. */
  z.object({ type: z.literal('relation.propose'), other: gwCharacterId, ...actingAs }),
  /** REL-01: consent to the other's offer; both register each other. */
  z.object({ type: z.literal('relation.accept'), other: gwCharacterId, ...actingAs }),
  /** REL-05/06/07: remove one's own entry; the other side is not told and keeps its own. */
  z.object({ type: z.literal('relation.cut'), other: gwCharacterId, ...actingAs }),
  /** REL-03 / HIDE-D7: the sealed scene-end scoring, one +1 and one −1 to different entries, either may be left out. */
  z.object({ type: z.literal('relation.score'), plus: gwCharacterId.nullable(), minus: gwCharacterId.nullable(), ...actingAs }),
  /** REL-10 / REL-09 / HIDE-D11: share information points with a character one holds at ±1 or more; some may be false. */
  z.object({
    type: z.literal('info.share'),
    to: gwCharacterId,
    target: gwCharacterId,
    kind: infoKind,
    points: z.number().int().min(1).max(20),
    falsePoints: z.number().int().min(0).max(20).optional(),
    ...actingAs,
  }),
] as const;

/** The viewer's part of the chart's open business: offers it made or received, this scene's new entries, its sealed scores. */
export const gwChartView = z.strictObject({
  proposals: z.array(z.strictObject(pair)),
  /** REL-01: new registrations this scene, per character the viewer holds entries for. */
  newThisScene: z.record(z.string(), z.number().int().min(0)),
  /** HIDE-D7: the holder's sealed choice for this scene end; holder and GM only. */
  scores: z.array(z.strictObject({ holder: gwCharacterId, plus: gwCharacterId.nullable(), minus: gwCharacterId.nullable() })),
});
export type GwChartView = z.infer<typeof gwChartView>;

/** What one viewer learns from a relationship event (server → client). */
export const gwRelationEvents = [
  z.strictObject({ type: z.literal('relation.proposed'), ...pair }),
  z.strictObject({ type: z.literal('relation.registered'), ...pair }),
  z.strictObject({ type: z.literal('relation.scoreSealed'), holder: gwCharacterId, plus: gwCharacterId.nullable(), minus: gwCharacterId.nullable() }),
  /** The giver's and the GM's record of a share; the receiver learns only its new believed total (HIDE-F13, D11). */
  z.strictObject({ type: z.literal('info.shared'), giver: gwCharacterId, to: gwCharacterId, target: gwCharacterId, points: z.number().int(), falsePoints: z.number().int() }),
] as const;
