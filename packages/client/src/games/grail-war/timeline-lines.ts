import type { GwView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { LineRenderer } from '../../ui/timeline/line-renderers.ts';
import { prebattleText, sealedText, windowText } from './sealed-lines.ts';
import { contractLines } from './contract-lines.ts';
import { regionLines } from './region-lines.ts';
import { sceneLines } from './scene-lines.ts';
import { shopLines } from './shop-lines.ts';
import { slotText } from './slot-line.ts';
import { signed, wordsFor, type Words } from './line-words.ts';

type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;

/** One sentence per event type the game tells a viewer; the record's type makes a missing type a compile error. */
const lines: { [K in GwViewEvent['type']]: (e: Of<K>, w: Words) => string } = {
  'options.set': (e, { t }) => t('gw.line.options', { version: e.options.rulesVersion }),
  'seat.added': (e, { t }) => t('gw.line.seatAdded', { name: e.name }),
  'character.registered': (e, { t }) => t(`gw.line.registered.${e.kind}`, { name: e.name }),
  'character.updated': (e, { t }) => t('gw.line.updated', { name: e.name }),
  'knowledge.set': ({ entry: k }, { t, who }) => {
    const facts = [
      t('gw.line.info.points', { n: k.believed }),
      ...(k.total !== undefined && k.total !== k.believed ? [t('gw.line.info.total', { n: k.total })] : []),
      ...(k.classKnown ? [t('gw.line.info.class')] : []),
      ...(k.failedGuess ? [t('gw.line.info.failedGuess')] : []),
      ...(k.trueNameKnown ? [t('gw.line.info.trueName')] : []),
    ];
    return t('gw.line.knowledgeSet', { knower: who(k.knower), target: who(k.target), facts: facts.join(', ') });
  },
  'knowledge.removed': (e, { t, who }) => t('gw.line.knowledgeRemoved', { knower: who(e.knower), target: who(e.target) }),
  'battle.overridden': ({ override: o }, { t, who }) =>
    t('gw.line.override', { name: who(o.character), batch: o.batch, slot: o.afterSlot, hp: signed(o.hp), mp: signed(o.mp), reason: o.reason }),
  'battle.started': (e, { t }) => {
    const sides = [...new Set(e.participants.map((p) => p.side))];
    const list = sides.map((side) => {
      const names = e.participants.filter((p) => p.side === side).map((p) => t('gw.line.inRow', { name: p.name, row: t(`gw.row.${p.row}`) }));
      return t('gw.line.side', { side, names: names.join(', ') });
    });
    return t('gw.line.started', { n: e.battle, scene: t(`gw.scene.${e.scene}`), sides: list.join(' / ') });
  },
  'sealed.answered': (e, w) => sealedText(e, w),
  'prebattle.revealed': (e, w) => prebattleText(e, w),
  'batch.opened': (e, { t }) => t('gw.line.batchOpened', { batch: e.batch }),
  'batch.revealed': (e, { t, who }) => {
    const missing = e.answers.filter((a) => !a.declared).map((a) => who(a.seat));
    return missing.length ? t('gw.line.batchRevealedMissing', { batch: e.batch, names: missing.join(', ') }) : t('gw.line.batchRevealed', { batch: e.batch });
  },
  'window.opened': (e, { t, who }) => t('gw.line.windowOpened', { batch: e.batch, names: e.masters.map(who).join(', ') }),
  'window.revealed': (e, w) => windowText(e, w),
  'slot.resolved': (e, w) => slotText(e.record, w),
  'battle.withdrawn': (e, { t, who }) => t('gw.line.withdrawn', { name: who(e.by), side: e.side }),
  'battle.betrayed': (e, { t, who }) => t('gw.line.betrayed', { name: who(e.character), side: e.side }),
  'battle.extended': (e, { t }) => t('gw.line.extended', { n: e.batches }),
  'seal.retreat': (e, { t, who }) => t(e.endsBattle ? 'gw.line.retreatEnds' : 'gw.line.retreat', { name: who(e.master), servant: who(e.servant) }),
  'battle.ended': (e, w) => w.t('gw.ended', { reason: w.word('gw.reason', e.reason), winner: e.winner ?? w.t('gw.winner.none') }),
  'battle.decided': (e, { t }) => t('gw.line.decided', { winner: e.winner ?? t('gw.winner.none') }),
  'battle.rewards': (e, { t, who }) => e.rewards.map((r) => t('gw.rewards', { name: who(r.character), xp: r.xp, merit: r.merit })).join(' · '),
  'battle.closed': (e, { t }) => t('gw.line.closed', { n: e.battle }),
  'master.zero': (e, { t, who }) => t('gw.line.masterZero', { name: who(e.character), hp: e.hp, mp: e.mp }),
  'master.converted': (e, { t, who }) => t('gw.line.masterConverted', { name: who(e.character), hp: e.hp, mp: e.mp }),
  'master.settled': (e, { t, who }) => t(e.dead ? 'gw.line.masterDied' : 'gw.line.masterLives', { name: who(e.character) }),
  'master.rested': (e, { t, who }) => t('gw.line.masterRested', { name: who(e.character), hp: e.hp, mp: e.mp }),
  'merit.shared': (e, { t, who }) => t('gw.line.meritShared', { name: who(e.character), to: who(e.to), paid: e.paid, received: e.received }),
  'ss.keywordsSet': (e, { t, who }) => t('gw.line.ssKeywords', { name: who(e.character), words: e.keywords.join(', ') }),
  'ss.rewarded': (e, { t, who }) => t('gw.line.ssRewarded', { name: who(e.character), n: e.merit }),
  'seal.summoned': (e, { t, who }) =>
    t(e.left ? 'gw.line.summonedOut' : 'gw.line.summoned', { name: who(e.character), servant: who(e.servant) }),
  'seal.bound': (e, { t, who }) =>
    t('gw.line.bound', { name: who(e.character), servant: who(e.servant), order: e.binding.order, extreme: t(`gw.line.extreme.${e.binding.extreme}`) }),
  'seal.resisted': (e, { t, who }) => (e.binding ? t('gw.line.resisted', { name: who(e.character), order: e.binding.order }) : t('gw.line.resistedRewrite', { name: who(e.character) })),
  'seal.early': (e, { t, who }) => t('gw.line.early', { name: who(e.character), servant: who(e.servant), seal: t(`gw.seal.${e.seal}`) }),
  'xp.awarded': (e, { t, who }) => t('gw.line.xpAwarded', { name: who(e.character), xp: e.xp, merit: e.merit, reason: e.reason }),
  'xp.spent': (e, { t, who }) => t('gw.line.xpSpent', { name: who(e.character), grade: e.grade, n: e.cost }),
  'pool.recovered': (e, { t, who }) => t('gw.line.recovered', { name: who(e.character), n: e.amount, pool: t(`gw.recover.${e.pool}`), merit: e.merit }),
  'concealment.lost': (e, { t, who }) => t('gw.line.concealmentLost', { name: who(e.character), loss: e.loss, value: e.value }),
  'concealment.sanctioned': (e, { t, who }) => t(`gw.line.sanctioned.${e.reason}`, { name: who(e.character) }),
  'relation.set': ({ entry: r }, { t, who }) => t('gw.line.relationSet', { holder: who(r.holder), other: who(r.other), score: signed(r.score) }),
  'relation.removed': (e, { t, who }) => t('gw.line.relationRemoved', { holder: who(e.holder), other: who(e.other) }),
  'relation.proposed': (e, { t, who }) => t('gw.line.relationProposed', { from: who(e.from), to: who(e.to) }),
  'relation.registered': (e, { t, who }) => t('gw.line.relationRegistered', { from: who(e.from), to: who(e.to) }),
  'relation.scoreSealed': (e, { t, who }) => t('gw.line.relationScoreSealed', { holder: who(e.holder) }),
  'info.shared': (e, { t, who }) =>
    t(e.falsePoints ? 'gw.line.infoSharedFalse' : 'gw.line.infoShared', { giver: who(e.giver), to: who(e.to), target: who(e.target), n: e.points, f: e.falsePoints }),
  ...sceneLines,
  ...shopLines,
  ...regionLines,
  ...contractLines,
  'servant.vanished': (e, { t, who }) => t('gw.line.servantVanished', { name: who(e.character) }),
};

const isType = (type: string): type is GwViewEvent['type'] => Object.hasOwn(lines, type);

/**
 * Every Grail War event as a sentence of what this viewer was told (its `seen`), characters under the names this
 * viewer's view gives them; null for an event of another module (the generic line is shown).
 */
const grailWarLines: LineRenderer = (seen, ctx) => {
  if (!isType(seen.type)) return null;
  const line = lines[seen.type] as (e: GwViewEvent, w: Words) => string;
  return line(seen as unknown as GwViewEvent, wordsFor(ctx.t, (ctx.view as GwView | undefined) ?? null, seen));
};

export default grailWarLines;
