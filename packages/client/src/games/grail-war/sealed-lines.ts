import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import { cardName, judgmentLabel } from './labels.ts';
import type { Words } from './line-words.ts';

type Of<K extends GwViewEvent['type']> = Extract<GwViewEvent, { type: K }>;
type Action = NonNullable<Of<'window.revealed'>['answers'][number]['answer']>['actions'][number];
type Prebattle = NonNullable<Of<'prebattle.revealed'>['answers'][number]['answer']>;

/** That a character sealed its choice, never what (GW-HIDE-F27): the commitment is checked at the reveal. */
export function sealedText(e: Of<'sealed.answered'>, { t, who }: Words): string {
  return t(`gw.line.sealed.${e.step}`, { name: who(e.character) });
}

/** What one pre-battle declaration used, as the reveal publishes it (GW-BATTLE-08). */
function prebattleParts(d: Prebattle, { t, word }: Words): string[] {
  return [
    ...d.seals.map((s) => t(`gw.seal.${s}`)),
    ...(d.conviction > 0 ? [t('gw.line.pre.conviction', { n: d.conviction })] : []),
    ...d.consumables.map((c) => (c.kind ? `${word('gw.item', c.item)} (${cardName(t, c.kind)})` : word('gw.item', c.item))),
    ...(d.activatePlus.length ? [t('gw.line.pre.plus', { stats: d.activatePlus.map((s) => word('gw.stat', s)).join(', ') })] : []),
    ...(d.guardian ? [t('gw.line.pre.guardian')] : []),
    ...(d.shieldMaster ? [t('gw.line.pre.shield')] : []),
  ];
}

/** The pre-battle reveal: each character's row and what it used, or that it declared nothing. */
export function prebattleText(e: Of<'prebattle.revealed'>, w: Words): string {
  const { t, who } = w;
  const each = e.answers.map((a) => {
    const row = e.rows[a.seat];
    const parts = [...(row ? [t(`gw.row.${row}`)] : []), ...(a.answer ? prebattleParts(a.answer, w) : [])];
    const said = a.declared ? parts.join(', ') || t('gw.line.pre.nothing') : t('gw.line.pre.missing');
    return t('gw.line.entry', { name: who(a.seat), what: said });
  });
  return t('gw.line.prebattleRevealed', { list: each.join('; ') });
}

/** One seal used in the window after a batch's reveal (GW-BATTLE-11). */
function actionText(a: Action, { t, who }: Words): string {
  switch (a.seal) {
    case 'actionRestriction':
      return t('gw.line.win.actionRestriction', { slot: a.slot, target: who(a.opponent), card: judgmentLabel(t, a.judgment) });
    case 'forcedAttack':
      return a.opponent ? t('gw.line.win.forcedAttackOn', { slot: a.slot, target: who(a.opponent) }) : t('gw.line.win.forcedAttack', { slot: a.slot });
    case 'absoluteDefense':
      return t('gw.line.win.absoluteDefense', { slot: a.slot });
    case 'defenseStanceHeal':
      return t('gw.win.defenseStanceHeal');
    case 'npBoost':
      return t('gw.line.win.npBoost', { slot: a.slot, target: who(a.opponent) });
  }
}

/** The window's reveal: each master's seals, or that it passed. */
export function windowText(e: Of<'window.revealed'>, w: Words): string {
  const { t, who } = w;
  const each = e.answers.map((a) => {
    const used = a.answer?.actions.map((x) => actionText(x, w)) ?? [];
    const said = !a.declared ? t('gw.line.pre.missing') : used.length ? used.join(', ') : t('gw.line.win.pass');
    return t('gw.line.entry', { name: who(a.seat), what: said });
  });
  return t('gw.line.windowRevealed', { batch: e.batch, list: each.join('; ') });
}
