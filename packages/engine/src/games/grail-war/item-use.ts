import type { GwBattleConsumableId } from '@veiltable/protocol/games/grail-war';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter } from './context.ts';
import { emit } from './events.ts';
import { alreadyInForce, useConsumable } from './scene-effects.ts';
import { AUTOMATON_MP, CATALOGUE, isAutomaton } from './shop-catalogue.ts';
import { checkWhen } from './shop.ts';
import { characterOf } from './state.ts';

const isBattleConsumable = (id: Cmd<'item.use'>['item']): id is GwBattleConsumableId => !isAutomaton(id) && id !== 'lovePotion';

/**
 * Uses an owned consumable outside battle (GW-ITEM-01: "소모품은 '사용' 하는 것으로", any character, INFERRED).
 * - A potion works as in the pre-battle step and is spent (1회 사용); "for the scene" effects end at scene end.
 * - An automaton is the master's declared 자동 인형 action (FLOW-05): each use costs 10 MP and it stays
 *   (ITEM-C4 "사용할 때마다 마력 10점 소모", B5). What the scout sees and what the familiar does are the GM's
 *   (C4: info without XP; B5's familiar rules are a GAP).
 * - A Love Potion names its target and is spent; the forced relationship change (ITEM-A2, REL-06) is the GM's to
 *   set in the chart, as the event tells it.
 */
export function itemUse(ctx: Ctx, c: Cmd<'item.use'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const ch = me.value;
  const rule = CATALOGUE[c.item].rule;
  if ((ch.sheet.consumables[c.item] ?? 0) < 1) return err('NOT_OWNED', rule);
  const when = checkWhen(ctx, ch, isAutomaton(c.item) ? 'automaton' : null);
  if (!when.ok) return when;
  let mp = 0;
  let target: string | null = null;
  if (isAutomaton(c.item)) {
    if (ch.sheet.kind !== 'master') return err('MASTERS_USE_AUTOMATONS', 'GW-FLOW-05');
    if (ch.sheet.mp.current < AUTOMATON_MP) return err('NOT_ENOUGH_MP', rule);
    ch.sheet.mp.current -= AUTOMATON_MP;
    mp = AUTOMATON_MP;
  } else if (c.item === 'lovePotion') {
    const other = c.target === undefined ? undefined : characterOf(ctx.state, c.target);
    if (!other || other.id === ch.id) return err('NEEDS_TARGET', rule);
    target = other.id;
    ch.sheet.consumables.lovePotion = (ch.sheet.consumables.lovePotion ?? 0) - 1;
  } else if (isBattleConsumable(c.item)) {
    if (alreadyInForce(ch, c.item)) return err('ALREADY_IN_EFFECT', 'GW-ITEM-01');
    if (c.item === 'berserkerPotion' && ch.sheet.kind === 'servant' && !c.kind) return err('POTION_NEEDS_KIND', 'GW-ITEM-B4');
    useConsumable(ch, { item: c.item, ...(c.kind ? { kind: c.kind } : {}) }, ctx.state.options);
  }
  emit(ctx, { type: 'item.used', character: ch.id, item: c.item, target, mp });
  return done;
}
