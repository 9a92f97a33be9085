import type { GwShopItemId } from '@veiltable/protocol/games/grail-war';
import type { ConsumableId, ItemId } from './sheets.ts';
import { ITEM_IDS } from './sheets.ts';

export type ShopItemId = GwShopItemId;
export type Grade = 'E' | 'D' | 'C' | 'B' | 'A';

/**
 * One row of the GW-ITEM table [000 §4]: its rule ID, grade, Korean name, price in funds 자금점, whether it is a
 * Mystic Code (worn by a master) or a consumable, and for a consumable whether a use spends it (1회 사용) or it stays
 * (사용할 때마다 마력 10점 소모: the automatons).
 */
export type CatalogueEntry = { rule: string; grade: Grade; korean: string; price: number; kind: 'mysticCode' | 'consumable'; reusable: boolean };

const code = (rule: string, grade: Grade, korean: string, price: number): CatalogueEntry => ({ rule, grade, korean, price, kind: 'mysticCode', reusable: false });
const consumable = (rule: string, grade: Grade, korean: string, price: number, reusable = false): CatalogueEntry => ({ rule, grade, korean, price, kind: 'consumable', reusable });

/** The eighteen items, grade by grade, as the source lists them. */
export const CATALOGUE: Record<ShopItemId, CatalogueEntry> = {
  guardianCharm: code('GW-ITEM-E1', 'E', '수호의 부적', 4),
  giantsBelt: code('GW-ITEM-D1', 'D', '거인의 허리띠', 8),
  thunderboltShield: code('GW-ITEM-D2', 'D', '뇌격의 방패', 8),
  fairyShoes: code('GW-ITEM-D3', 'D', '요정의 신발', 8),
  nekote: code('GW-ITEM-C1', 'C', '네코테', 12),
  lifeCharm: code('GW-ITEM-C2', 'C', '생명의 부적', 12),
  crystalBall: code('GW-ITEM-B1', 'B', '수정구슬', 16),
  manaNecklace: code('GW-ITEM-B2', 'B', '마력의 목걸이', 16),
  magusCloak: code('GW-ITEM-B3', 'B', '마술사의 망토', 16),
  rabbitsFoot: code('GW-ITEM-A1', 'A', '토끼발 목걸이', 20),
  recoveryPotion: consumable('GW-ITEM-E2', 'E', '회복 물약', 2),
  lifePotion: consumable('GW-ITEM-D4', 'D', '생명의 물약', 4),
  mindPotion: consumable('GW-ITEM-D5', 'D', '정신의 물약', 4),
  protectionPotion: consumable('GW-ITEM-C3', 'C', '보호의 물약', 6),
  scoutAutomaton: consumable('GW-ITEM-C4', 'C', '정찰용 자동 인형', 6, true),
  berserkerPotion: consumable('GW-ITEM-B4', 'B', '광전사의 물약', 8),
  combatAutomaton: consumable('GW-ITEM-B5', 'B', '전투용 자동 인형', 8, true),
  lovePotion: consumable('GW-ITEM-A2', 'A', '사랑의 묘약', 10),
};

/** GW-ITEM-C4 / B5: "사용할 때마다 마력 10점 소모". */
export const AUTOMATON_MP = 10;

export const isMysticCode = (id: ShopItemId): id is ItemId => (ITEM_IDS as readonly string[]).includes(id);
export const isConsumable = (id: ShopItemId): id is ConsumableId => !isMysticCode(id);
export const isAutomaton = (id: ShopItemId): boolean => id === 'scoutAutomaton' || id === 'combatAutomaton';

/**
 * GW-ITEM-B1 수정구슬 "착용 시 마스터 <정찰> 범위가 주변 1칸 범위로 증가": how many 칸 around its own region a master's
 * 정찰 reaches (FLOW-05 recon: own region, the Crystal Ball adds 1 칸 around).
 */
export const reconReach = (sheet: { kind: 'master' | 'servant'; items: readonly string[] }): number => (sheet.kind === 'master' && sheet.items.includes('crystalBall') ? 1 : 0);
