import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { LineContext, LineRenderer } from '../../ui/timeline/line-renderers.ts';
import { hasKey } from '../../shell/i18n/translate.ts';
import { actionText, cardText, factText, nameOf, phaseText, purposeText } from './line-words.ts';
import { noteText } from './timeline-notes.ts';

type Seen<K extends CotViewEvent['type']> = Extract<CotViewEvent, { type: K }>;

/** A roll with its level, its success degree and whether a card stood in for it; the chance only when told. */
function checkText(e: Seen<'cot.check'>, ctx: LineContext): string {
  const { t } = ctx;
  const params = { name: nameOf(ctx, e.character), purpose: purposeText(t, e.purpose), roll: e.roll ?? t('cot.log.noRoll'), level: t(`feed.level.${e.level}`) };
  const text = e.chance === undefined ? t('cot.log.checkOpen', params) : t('cot.log.check', { ...params, chance: e.chance });
  return `${text}${e.sd ? ` · ${t('cot.log.sd', { sd: e.sd })}` : ''}${e.substituted ? ` (${t('cot.log.substituted')})` : ''}`;
}

/**
 * Every choice of the reveal (COT-HID-03). Whether each matches the commitment this device saw sealed is the
 * ledger's verdict, shown beside the line (room/ledger), never a check of the reveal against itself.
 */
function revealText(e: Seen<'cot.revealed'>, ctx: LineContext): string {
  const { t } = ctx;
  const answers = e.answers.map((a) => `${nameOf(ctx, a.character)}: ${actionText(t, a.action)}`);
  return t('cot.log.revealed', { answers: answers.join('; ') });
}

/** A card move; `to` names a character for a passing, a square for a move. */
function cardMoveText(e: Seen<'cot.card'>, ctx: LineContext): string {
  return ctx.t(`cot.log.card.${e.op}`, {
    card: cardText(ctx, e.card, e.faceUp),
    name: nameOf(ctx, e.character),
    square: e.square ?? '—',
    to: e.op === 'passed' ? nameOf(ctx, e.to) : (e.to ?? '—'),
  });
}

/** How an event step ended, with the characters it names by name; null for an outcome without words. */
function stepText(e: Seen<'cot.step'>, ctx: LineContext): string | null {
  const { t } = ctx;
  const key = `cot.log.step.${e.step}.${e.outcome}`;
  const params = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, v === null ? '—' : typeof v === 'boolean' ? String(v) : v]));
  return hasKey(key) ? t(key, { ...params, summoner: nameOf(ctx, e.params.summoner), winner: nameOf(ctx, e.params.winner) }) : null;
}

/** A fact: "you learn" for its holder; the GM reads who learned it. */
function factLine(e: Seen<'cot.fact'>, { t, seat }: LineContext): string {
  const params = { square: e.fact.square, value: factText(e.fact) };
  return e.fact.holders ? t('cot.log.factOf', { ...params, names: e.fact.holders.map(seat).join(', ') }) : t('cot.log.fact', params);
}

/** Every Call of <T> event a viewer's timeline may hold, as the sentence of what that viewer was told. */
const cotLines: LineRenderer = (seen, ctx) => {
  const e = seen as CotViewEvent;
  const { t } = ctx;
  switch (e.type) {
    case 'seat.added':
      return t('cot.log.seatAdded', { name: e.name });
    case 'cot.phase':
      return t('cot.log.phase', { n: e.cycle, phase: phaseText(t, e.phase, e.step) });
    case 'cot.declared':
      return e.action ? t('cot.log.declaredAs', { name: nameOf(ctx, e.character), action: actionText(t, e.action) }) : t('cot.log.declared', { name: nameOf(ctx, e.character) });
    case 'cot.locked':
      return t('cot.log.locked', { name: nameOf(ctx, e.character) });
    case 'cot.revealed':
      return revealText(e, ctx);
    case 'cot.check':
      return checkText(e, ctx);
    case 'cot.card':
      return cardMoveText(e, ctx);
    case 'cot.fact':
      return factLine(e, ctx);
    case 'cot.step':
      return stepText(e, ctx);
    case 'cot.note':
      return noteText(e, ctx);
    default:
      // Chat lines and rolls are the timeline's own, the characters' and dice system's events every game's
      // (ui/timeline/capability-lines.ts); any other event has no sentence here.
      return null;
  }
};

export default cotLines;
