import type { ClassId } from './sheets.ts';

export type Catalyst = { id: string; description: string; servant: string };

/**
 * GW-SUMMON-01: the classes drawn for the participants' seats, the catalysts 성유물 the GM gave servants, and
 * CONTRACT-02's cancelled servants with the scene they were cut in (`day:half:index`).
 */
export type Summon = { classes: Record<string, ClassId>; catalysts: Catalyst[]; cancelled: Record<string, string> };

export const newSummon = (): Summon => ({ classes: {}, catalysts: [], cancelled: {} });
