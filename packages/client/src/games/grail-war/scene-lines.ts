import type { GwFlowStep, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Words } from './line-words.ts';

type SceneType = 'place.added' | 'scene.begun' | 'scene.declared' | 'scene.rewritten' | 'scene.revealed' | 'scene.resolved' | 'scene.ended' | 'day.ended' | 'upkeep.paid';
type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;

/** "Day 2 · Night scene 1", as the header and the lines write a scene. */
export function whereText(at: { day: number; half: 'day' | 'night'; index: number }, w: Pick<Words, 't'>): string {
  return w.t('gw.flow.where', { day: at.day, half: w.t(`gw.flow.half.${at.half}`), index: at.index });
}

/** The steps the engine left to the GM, by name (never passed over in silence: GW-FLOW-03 S4, FLOW-04). */
const gmSteps = (steps: GwFlowStep[], { t, word }: Words): string => {
  const left = steps.filter((s) => s.status === 'gm').map((s) => word('gw.flowStep', s.step));
  return left.length ? left.join(', ') : t('gw.line.gmNothing');
};

/** One sentence per scene event; the GM's own notes reach only the GM (the engine sends others none). */
export const sceneLines: { [K in SceneType]: (e: Of<K>, w: Words) => string } = {
  'place.added': (e, { t }) => t('gw.line.placeAdded', { name: e.place.name }),
  'scene.begun': (e, w) => w.t('gw.line.sceneBegun', { where: whereText(e, w) }),
  'scene.declared': (e, { t, who }) => t('gw.line.sceneDeclared', { name: who(e.character) }),
  'scene.rewritten': (e, { t, who }) => t('gw.line.sceneRewritten', { master: who(e.master), servant: who(e.servant) }),
  'scene.revealed': (e, { t, who }) => (e.missing.length ? t('gw.line.sceneRevealedMissing', { names: e.missing.map(who).join(', ') }) : t('gw.line.sceneRevealed')),
  'scene.resolved': (e, { t }) => (e.note ? t('gw.line.sceneResolvedNote', { step: t(`gw.resolve.${e.step}`), note: e.note }) : t('gw.line.sceneResolved', { step: t(`gw.resolve.${e.step}`) })),
  // A bare scene end is one logged before the flow existed.
  'scene.ended': (e, w) =>
    e.day !== undefined && e.half !== undefined && e.index !== undefined && e.steps
      ? w.t('gw.line.sceneEndedAt', { where: whereText({ day: e.day, half: e.half, index: e.index }, w), steps: gmSteps(e.steps, w) })
      : w.t('gw.line.sceneEnded'),
  'day.ended': (e, w) => w.t('gw.line.dayEnded', { day: e.day, steps: gmSteps(e.steps, w) }),
  'upkeep.paid': (e, { t, who }) => t('gw.line.upkeep', { name: who(e.character), servant: who(e.servant), mp: e.mp }),
};
