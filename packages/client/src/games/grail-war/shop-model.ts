import { CATALOGUE, type ShopItemId } from '@veiltable/engine/games/grail-war';
import type { GwConsumableId, GwItemId, GwSceneAction, GwView } from '@veiltable/protocol/games/grail-war';

type Character = GwView['characters'][number];

/** Why the engine would refuse this purchase or craft now, as a message key suffix; null when it would accept. */
export type ShopProblem = 'battle' | 'notNow' | 'noPlace' | 'stock' | 'owned' | 'funds' | 'craftOff' | 'mastersCraft';

export type ShopRow = { item: ShopItemId; grade: string; price: number; mysticCode: boolean; problem: ShopProblem | null };

/** The items in the table's order (E → A, Mystic Codes first, as the source lists them). */
export const SHOP_ITEMS = Object.keys(CATALOGUE) as ShopItemId[];

const running = (view: GwView): boolean => view.battle !== null && view.battle.phase !== 'ended';

/** The place this character declared for the scene, as its side sees its own declaration (GW-HIDE-D1). */
export function placeOf(view: GwView, id: string): string | null {
  return view.campaign.declarations?.entries.find((e) => e.character === id)?.answer?.place ?? null;
}

/** Whether the half now resolved is one this character declared `action` for (FLOW-03 S3 steps 2 and 5). */
export function actingNow(view: GwView, id: string, action: GwSceneAction): boolean {
  const step = view.campaign.resolveStep;
  const answer = view.campaign.declarations?.entries.find((e) => e.character === id)?.answer;
  if (!answer || (step !== 'firstHalf' && step !== 'secondHalf')) return false;
  const plan = answer.plan;
  const half = plan.length === 'long' ? plan.action : step === 'firstHalf' ? plan.first : plan.second;
  return half === action;
}

const owns = (me: Character, item: ShopItemId): boolean => {
  const held: readonly string[] = [...(me.status?.stash ?? []), ...(me.sheet?.items ?? [])];
  return CATALOGUE[item].kind === 'mysticCode' && held.includes(item);
};

/** What a player's character could buy here or craft now, with the reason each one is closed (GW-ITEM-01, FLOW-05, HIDE-D12). */
export function shopRows(view: GwView, me: Character, mode: 'buy' | 'craft'): ShopRow[] {
  const place = placeOf(view, me.id);
  const stock = view.shops.find((s) => s.place === place)?.items ?? [];
  const funds = me.status?.funds ?? 0;
  const items = mode === 'buy' ? SHOP_ITEMS.filter((i) => stock.includes(i)) : SHOP_ITEMS;
  return items.map((item) => {
    const { grade, price, kind } = CATALOGUE[item];
    return { item, grade, price, mysticCode: kind === 'mysticCode', problem: problemOf(view, me, mode, item, place, funds) };
  });
}

function problemOf(view: GwView, me: Character, mode: 'buy' | 'craft', item: ShopItemId, place: string | null, funds: number): ShopProblem | null {
  if (mode === 'craft' && view.options.crafting === 'off') return 'craftOff';
  if (mode === 'craft' && view.options.crafting === 'masters' && me.kind !== 'master') return 'mastersCraft';
  if (running(view)) return 'battle';
  if (!actingNow(view, me.id, 'buyCraft')) return 'notNow';
  if (mode === 'buy' && place === null) return 'noPlace';
  if (owns(me, item)) return 'owned';
  return funds < CATALOGUE[item].price ? 'funds' : null;
}

/** One owned thing: a Mystic Code worn or not, or a consumable with its count. */
export type InventoryRow =
  | { item: GwItemId; mysticCode: true; worn: boolean; canEquip: boolean }
  | { item: GwConsumableId; mysticCode: false; count: number; needs: 'target' | 'kind' | null; automaton: boolean };

/** A character's inventory (GW-HIDE-F09: its own side sees it): what it wears, what it holds, what each use needs. */
export function inventoryRows(me: Character): InventoryRow[] {
  const sheet = me.sheet;
  if (!sheet) return [];
  const worn: readonly string[] = sheet.items;
  const stash: readonly string[] = me.status?.stash ?? [];
  const counts: Partial<Record<string, number>> = sheet.consumables;
  const codes = SHOP_ITEMS.filter((i): i is GwItemId => worn.includes(i) || stash.includes(i)).map((item) => ({ item, mysticCode: true as const, worn: worn.includes(item), canEquip: me.kind === 'master' }));
  const held = SHOP_ITEMS.filter((i): i is GwConsumableId => CATALOGUE[i].kind === 'consumable' && (counts[i] ?? 0) > 0).map((item) => ({
    item,
    mysticCode: false as const,
    count: counts[item]!,
    // A Love Potion names its target (ITEM-A2); a servant's Berserker's Potion the card kind it adds (ITEM-B4).
    needs: item === 'lovePotion' ? ('target' as const) : item === 'berserkerPotion' && me.kind === 'servant' ? ('kind' as const) : null,
    automaton: item === 'scoutAutomaton' || item === 'combatAutomaton',
  }));
  return [...codes, ...held];
}

/** Why using an automaton now would be refused (FLOW-05 자동 인형, ITEM-C4/B5: 10 MP a use), or null. */
export function automatonProblem(view: GwView, me: Character, mp: number): 'battle' | 'notNow' | 'master' | 'mp' | null {
  if (me.kind !== 'master') return 'master';
  if (running(view)) return 'battle';
  if (!actingNow(view, me.id, 'automaton')) return 'notNow';
  return (me.sheet?.mp.current ?? 0) < mp ? 'mp' : null;
}
