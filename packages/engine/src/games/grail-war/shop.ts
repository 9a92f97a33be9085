import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { resolveStepOf } from './campaign.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { SceneAction } from './scene-actions.ts';
import { halvesOf } from './scene-actions.ts';
import type { ShopItemId } from './shop-catalogue.ts';
import { CATALOGUE, isMysticCode } from './shop-catalogue.ts';
import type { Character, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/** Sheets cap their counts at 999 (sheets.ts); funds share the cap. */
const CAP = 999;

/** The place a character declared for this scene (its location, GW-HIDE-D1), or null outside a declared scene. */
export function placeOf(state: GrailWarState, id: string): string | null {
  const sealed = state.campaign.declarations;
  return (sealed && sealedAnswerOf(sealed, id)?.answer.place) ?? null;
}

/**
 * Whether the character's declared action for the half now being resolved is this one (FLOW-03 S3 steps 2 and 5:
 * a short action resolves in its half, a long one in both).
 */
export function actingNow(state: GrailWarState, id: string, action: SceneAction): boolean {
  const step = resolveStepOf(state.campaign);
  const sealed = state.campaign.declarations;
  const decl = sealed && sealedAnswerOf(sealed, id)?.answer;
  if (!decl || (step !== 'firstHalf' && step !== 'secondHalf')) return false;
  return halvesOf(decl)[step === 'firstHalf' ? 0 : 1] === action;
}

/**
 * GW-HIDE-D12: purchases, crafting and equipping happen outside battle. A player acts in the half its declared
 * action resolves in (FLOW-05 구매 / 제작, 자동 인형); the GM may act for a character at its table at any time.
 */
export function checkWhen(ctx: Ctx, ch: Character, action: SceneAction | null): Result<void> {
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended') return err('BATTLE_IN_PROGRESS', 'GW-HIDE-D12');
  if (ctx.actor.role === 'gm' || action === null) return done;
  return actingNow(ctx.state, ch.id, action) ? done : err('NOT_DECLARED_NOW', 'GW-FLOW-05', action);
}

/** Whether the character already owns this Mystic Code, worn or not (GW-ITEM-01 DEFAULT: one copy of each). */
const ownsCode = (ch: Character, id: ShopItemId): boolean => isMysticCode(id) && (ch.stash.includes(id) || ch.sheet.items.includes(id));

/** Puts one item in the character's inventory: a Mystic Code not worn yet, or one more of a consumable. */
function receive(ch: Character, id: ShopItemId, n: number): void {
  if (isMysticCode(id)) ch.stash.push(id);
  else ch.sheet.consumables[id] = (ch.sheet.consumables[id] ?? 0) + n;
}

/**
 * Funds earned or corrected (GW-CORE-04: never below 0): labor 노동, region income (REGION-01), NPC traits (NPC-01)
 * or the GM. The one place funds grow or shrink apart from a purchase.
 */
export function earnFunds(ctx: Ctx, ch: Character, amount: number, source: 'labor' | 'income' | 'npc' | 'gm'): Result<void> {
  const next = ch.funds + amount;
  if (next < 0) return err('FUNDS_NEGATIVE', 'GW-CORE-04');
  if (next > CAP) return err('BAD_AMOUNT', 'GW-CORE-04');
  ch.funds = next;
  emit(ctx, { type: 'funds.granted', character: ch.id, amount, source, funds: next });
  return done;
}

/** Pays an item's price from the character's funds and hands it over (GW-ITEM-01: 구입 및 제작에 '자금점'을 소모). */
function pay(ctx: Ctx, ch: Character, id: ShopItemId, crafted: boolean): Result<void> {
  const { price } = CATALOGUE[id];
  if (ownsCode(ch, id)) return err('ALREADY_OWNED', 'GW-ITEM-01');
  if (ch.funds < price) return err('NOT_ENOUGH_FUNDS', CATALOGUE[id].rule, `${ch.funds} < ${price}`);
  ch.funds -= price;
  receive(ch, id, 1);
  emit(ctx, { type: 'item.bought', character: ch.id, item: id, price, crafted, funds: ch.funds });
  return done;
}

/**
 * Player or GM: buys one item from the shop of the character's place (GW-ITEM-01: "지역에 따라 구입 가능한 물품의
 * 항목이 다를 수도 있습니다"). The GM at its table, for a character standing nowhere this scene, vouches for the shop.
 */
export function shopBuy(ctx: Ctx, c: Cmd<'shop.buy'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const when = checkWhen(ctx, me.value, 'buyCraft');
  if (!when.ok) return when;
  const place = placeOf(ctx.state, me.value.id);
  if (place === null && ctx.actor.role !== 'gm') return err('NOT_AT_A_PLACE', 'GW-ITEM-01');
  if (place !== null && !(ctx.state.stock[place] ?? []).includes(c.item)) return err('NOT_IN_STOCK', 'GW-ITEM-01', place);
  return pay(ctx, me.value, c.item, false);
}

/** Player or GM: crafts one item for its price, with or without a shop (GW-ITEM-01, INFERRED; `opt:crafting`). */
export function shopCraft(ctx: Ctx, c: Cmd<'shop.craft'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const rule = ctx.state.options.crafting;
  if (rule === 'off') return err('RULE_OFF', 'GW-ITEM-01');
  if (rule === 'masters' && me.value.sheet.kind !== 'master') return err('MASTERS_CRAFT', 'GW-ITEM-01');
  const when = checkWhen(ctx, me.value, 'buyCraft');
  if (!when.ok) return when;
  return pay(ctx, me.value, c.item, true);
}

/**
 * Master: wears an owned Mystic Code or takes it off (GW-ITEM-01: "마술 예장은 마스터가 장비하여"; no slot limit,
 * DEFAULT). A worn code is on the sheet's items, where battles read it for the master and its servant.
 */
export function itemEquip(ctx: Ctx, c: Cmd<'item.equip'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const ch = me.value;
  if (ch.sheet.kind !== 'master') return err('MASTERS_EQUIP', 'GW-ITEM-01');
  const when = checkWhen(ctx, ch, null);
  if (!when.ok) return when;
  const [from, to] = c.equip ? [ch.stash, ch.sheet.items] : [ch.sheet.items, ch.stash];
  const at = from.indexOf(c.item);
  if (at < 0) return err(c.equip ? 'NOT_OWNED' : 'NOT_EQUIPPED', 'GW-ITEM-01');
  from.splice(at, 1);
  to.push(c.item);
  emit(ctx, { type: 'item.equipped', character: ch.id, item: c.item, equipped: c.equip });
  return done;
}

/** GM: funds for labor 노동 (amount GAP, ×2 under a region feature), region income, NPC traits, or a correction. */
export function fundsGrant(ctx: Ctx, c: Cmd<'funds.grant'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const ch = characterOf(ctx.state, c.character);
  if (!ch) return err('NO_SUCH_CHARACTER');
  if (c.amount === 0) return err('BAD_AMOUNT', 'GW-CORE-04');
  return earnFunds(ctx, ch, c.amount, c.source ?? 'gm');
}

/**
 * GM: gives or takes items without funds: a gift, a battle's item handed out by the GM, a Scout Automaton destroyed
 * when it meets an opponent (GW-ITEM-C4 "상대와 조우 시 파괴됨"). A taken Mystic Code comes off first if worn.
 */
export function itemGrant(ctx: Ctx, c: Cmd<'item.grant'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const ch = characterOf(ctx.state, c.character);
  if (!ch) return err('NO_SUCH_CHARACTER');
  const id = c.item;
  if (c.count === 0) return err('BAD_AMOUNT', 'GW-ITEM-01');
  if (isMysticCode(id)) {
    if (Math.abs(c.count) !== 1) return err('ONE_COPY', 'GW-ITEM-01');
    if (c.count > 0 && ownsCode(ch, id)) return err('ALREADY_OWNED', 'GW-ITEM-01');
    if (c.count < 0 && !ownsCode(ch, id)) return err('NOT_OWNED', 'GW-ITEM-01');
    if (c.count > 0) receive(ch, id, 1);
    else for (const list of [ch.stash, ch.sheet.items]) if (list.includes(id)) list.splice(list.indexOf(id), 1);
  } else {
    const next = (ch.sheet.consumables[id] ?? 0) + c.count;
    if (next < 0) return err('NOT_OWNED', 'GW-ITEM-01');
    if (next > CAP) return err('BAD_AMOUNT', 'GW-ITEM-01');
    ch.sheet.consumables[id] = next;
  }
  emit(ctx, { type: 'item.granted', character: ch.id, item: id, count: c.count });
  return done;
}

/** GM: what a place's shop sells (GW-ITEM-01); the list replaces the one before. Region data is the GM's (HIDE-F21). */
export function shopStock(ctx: Ctx, c: Cmd<'shop.stock'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!ctx.state.campaign.places.some((p) => p.id === c.place)) return err('NO_SUCH_PLACE', 'GW-FLOW-01');
  if (new Set(c.items).size !== c.items.length) return err('DUPLICATE_ITEM', 'GW-ITEM-01');
  ctx.state.stock[c.place] = [...c.items];
  emit(ctx, { type: 'shop.stocked', place: c.place, items: [...c.items] });
  return done;
}
