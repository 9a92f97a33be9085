import type { GwHitView, GwSlotView } from '@veiltable/protocol/games/grail-war';
import { judgmentLabel, npNameOf, sourceLabel } from './labels.ts';
import { signed, type Words } from './line-words.ts';

type Step = NonNullable<GwHitView['steps']>[number];

/** One damage step in words: the GM's carry the running total; a player's never hold the information term (GW-HIDE-03). */
function stepText(s: Step, { t }: Words): string {
  const running = 'running' in s ? ` = ${s.running}` : '';
  return `${t(`gw.step.${s.step}`)} ${sourceLabel(t, s.source)} ${signed(s.amount)}${running}`;
}

/** A hit: who dealt what to whom, how it arrived when not by the pairing, and its breakdown when this viewer has it. */
function hitText(h: GwHitView, w: Words): string {
  const { t, who } = w;
  const via = h.via === 'pairing' ? '' : ` (${t(`gw.via.${h.via}`)})`;
  const steps = h.steps?.length ? ` [${h.steps.map((s) => stepText(s, w)).join(' · ')}]` : '';
  return `${t('gw.line.hit', { who: who(h.attacker), target: who(h.target), hp: h.hp, mp: h.mp })}${via}${steps}.`;
}

/**
 * A resolved slot as one line: the judgments played, the supports, each hit, the 보구 MP paid (its payer's side only,
 * GW-HIDE-F06) and who fell. A 보구 reads by the name this viewer may read, never by its id (GW-HIDE-F04).
 */
export function slotText(r: GwSlotView, w: Words): string {
  const { t, who, view } = w;
  const plays = r.plays.map((p) =>
    t('gw.line.play', { who: who(p.character), card: judgmentLabel(t, p.judgment, view ? npNameOf(view, p.character, p.judgment.np) : null), target: who(p.opponent) }),
  );
  const supports = r.supports.map((s) =>
    t(s.accepted ? 'gw.line.support' : 'gw.line.supportRefused', { who: who(s.supporter), ally: who(s.ally), target: who(s.opponent), mode: t(`gw.line.supportMode.${s.mode}`) }),
  );
  const acts = [...plays, ...supports];
  return [
    t('gw.line.slot', { batch: r.batch, slot: r.slot }),
    acts.length ? `${acts.join('; ')}.` : '',
    r.hits.length ? r.hits.map((h) => hitText(h, w)).join(' ') : t('gw.line.noHit'),
    ...r.npCosts.map((c) => t('gw.line.npCost', { name: who(c.character), mp: c.mp })),
    ...r.defeated.map((d) => t('gw.line.defeated', { name: who(d) })),
  ]
    .filter(Boolean)
    .join(' ');
}
