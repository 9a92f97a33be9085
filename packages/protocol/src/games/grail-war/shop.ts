import { z } from 'zod';
import { gwPlaceId } from './scenes.ts';
import { gwBasicKind, gwCharacterId, gwConsumableId, gwItemId } from './sheets.ts';

/**
 * Funds 자금점 and the shop on the wire (GW-CORE-04, GW-ITEM, GW-HIDE-F09/D12): the eighteen things a character can
 * buy or craft, the commands that move funds and items, the events they send and the stock a viewer may see.
 */

/** Every item of the §5 table: the nine Mystic Codes and the nine consumables. */
export const gwShopItemId = z.enum([...gwItemId.options, ...gwConsumableId.options]);
export type GwShopItemId = z.infer<typeof gwShopItemId>;

const actingAs = { character: gwCharacterId.optional() };

/** Client → server. */
export const gwShopCommands = [
  /** Buys one item the shop of the character's place stocks (GW-ITEM-01, declared as 구매 / 제작, FLOW-05). */
  z.object({ type: z.literal('shop.buy'), item: gwShopItemId, ...actingAs }),
  /** Crafts one item for its price, wherever the character stands (GW-ITEM-01, `opt:crafting`). */
  z.object({ type: z.literal('shop.craft'), item: gwShopItemId, ...actingAs }),
  /** Master: wears (or takes off) an owned Mystic Code (GW-ITEM-01). */
  z.object({ type: z.literal('item.equip'), item: gwItemId, equip: z.boolean(), ...actingAs }),
  /** Uses an owned consumable outside battle; a Berserker's Potion names its kind, a Love Potion its target. */
  z.object({ type: z.literal('item.use'), item: gwConsumableId, kind: gwBasicKind.optional(), target: gwCharacterId.optional(), ...actingAs }),
  /** GM: funds earned (노동 labor, region income, NPC traits) or corrected, never below 0 (GW-CORE-04). */
  z.object({ type: z.literal('funds.grant'), character: gwCharacterId, amount: z.number().int().min(-999).max(999), source: z.enum(['labor', 'income', 'npc', 'gm']).optional() }),
  /** GM: gives (count > 0) or takes (count < 0) items, e.g. a Scout Automaton destroyed at an encounter (GW-ITEM-C4). */
  z.object({ type: z.literal('item.grant'), character: gwCharacterId, item: gwShopItemId, count: z.number().int().min(-99).max(99) }),
  /** GM: what the shop of a place sells (GW-ITEM-01 "지역에 따라 구입 가능한 물품의 항목이 다를 수도 있습니다"). */
  z.object({ type: z.literal('shop.stock'), place: gwPlaceId, items: z.array(gwShopItemId).max(gwShopItemId.options.length) }),
] as const;

const funds = z.number().int().min(0);

/** Server → client: each one the owner's, the partner's and the GM's only (GW-HIDE-F09), the stock the GM's. */
export const gwShopEvents = [
  z.strictObject({ type: z.literal('item.bought'), character: gwCharacterId, item: gwShopItemId, price: z.number().int(), crafted: z.boolean(), funds }),
  z.strictObject({ type: z.literal('funds.granted'), character: gwCharacterId, amount: z.number().int(), source: z.enum(['labor', 'income', 'npc', 'gm']), funds }),
  z.strictObject({ type: z.literal('item.granted'), character: gwCharacterId, item: gwShopItemId, count: z.number().int() }),
  z.strictObject({ type: z.literal('item.equipped'), character: gwCharacterId, item: gwItemId, equipped: z.boolean() }),
  z.strictObject({ type: z.literal('item.used'), character: gwCharacterId, item: gwConsumableId, target: gwCharacterId.nullable(), mp: z.number().int() }),
  z.strictObject({ type: z.literal('shop.stocked'), place: gwPlaceId, items: z.array(gwShopItemId) }),
] as const;

/** The shops one viewer may see: the GM every stocked place, a player the places its characters stand at this scene. */
export const gwShopsView = z.array(z.strictObject({ place: gwPlaceId, items: z.array(gwShopItemId) }));
export type GwShopsView = z.infer<typeof gwShopsView>;
