import { z } from 'zod';
import { seatId } from '../../common.ts';
import { gwCharacterId, gwClassId } from './sheets.ts';

/** A catalyst 성유물 the GM gives a servant (GW-SUMMON-01 ① step 3): k1, k2, … in the order they were given. */
export const gwCatalystId = z.string().regex(/^k[0-9]{1,3}$/);

/** GM commands of contracts and summoning (GW-CONTRACT-02, GW-SUMMON-01). */
export const gwContractCommands = [
  /** Draws a class for each listed participant, one class each (SUMMON-01, CORE-01: 7 classes for 7 participants). */
  z.object({ type: z.literal('summon.draw'), seats: z.array(seatId).min(1).max(7) }),
  /** Gives a servant its catalyst; the description is what masters choose by (SUMMON-01 ① step 3, HIDE-F24). */
  z.object({ type: z.literal('summon.catalyst'), servant: gwCharacterId, description: z.string().trim().min(1).max(200) }),
  /** Cancels a servant's contract 계약 해지 (CONTRACT-02). */
  z.object({ type: z.literal('contract.cancel'), servant: gwCharacterId }),
  /** Contracts a master and a servant without a partner: the first pairing or a re-contract 재계약 (CONTRACT-02). */
  z.object({ type: z.literal('contract.form'), master: gwCharacterId, servant: gwCharacterId }),
] as const;

/**
 * Summoning as one viewer sees it (HIDE-F20, F24): the classes drawn that concern it (all for the GM), and the
 * catalysts by description; `servant` is shown to the GM and to that servant's own player only.
 */
export const gwSummonView = z.strictObject({
  classes: z.array(z.strictObject({ seat: seatId, className: gwClassId })),
  catalysts: z.array(z.strictObject({ id: gwCatalystId, description: z.string(), servant: gwCharacterId.nullable() })),
});

/** What one viewer reads of contract and summoning events. */
export const gwContractEvents = [
  z.strictObject({ type: z.literal('summon.drawn'), classes: z.array(z.strictObject({ seat: seatId, className: gwClassId })) }),
  z.strictObject({ type: z.literal('summon.catalyst'), id: gwCatalystId, description: z.string(), servant: gwCharacterId.nullable() }),
  /** `character` is the servant; told to its owner, its master's owner (read before the cut) and the GM. */
  z.strictObject({ type: z.literal('contract.cancelled'), character: gwCharacterId, master: gwCharacterId }),
  z.strictObject({ type: z.literal('contract.formed'), character: gwCharacterId, master: gwCharacterId }),
] as const;

export type GwSummonView = z.infer<typeof gwSummonView>;
