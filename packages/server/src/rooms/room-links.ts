import type { SeatInfo } from '@veiltable/engine';
import type { Store } from '../db/store.ts';
import { newLinkKey, openToken, unwrapLinkKey, wrapLinkKey } from './link-seal.ts';
import { hashToken } from './tokens.ts';

/** A room's current links as raw tokens: null where a live link cannot be opened (made before links were kept). */
export type CurrentLinks = {
  seats: { seat: string; name: string; token: string | null }[];
  spectator: string | null;
};

/**
 * The room's link key, opened with a live GM token of the room (checked by the caller). A room made before links
 * were kept gets its key now; if two requests race to make it, the first one stored wins and both use it.
 */
export async function gmLinkKey(store: Store, roomId: string, gmToken: string): Promise<Buffer> {
  const hash = hashToken(gmToken);
  for (let attempt = 0; attempt < 2; attempt++) {
    const record = await store.findToken(hash);
    if (!record || record.roomId !== roomId || record.role !== 'gm') throw new Error(`room ${roomId}: not a GM token of the room`);
    if (record.sealed !== null) {
      const key = unwrapLinkKey(record.sealed, gmToken, roomId);
      if (!key) throw new Error(`room ${roomId}: the GM token's link key does not open`);
      return key;
    }
    const key = newLinkKey();
    if (await store.sealToken(hash, wrapLinkKey(key, gmToken, roomId))) return key;
  }
  throw new Error(`room ${roomId}: the GM token's link key could not be stored`);
}

/** Every seat's live link and the live spectator link, opened with the room's link key; revoked links are not read. */
export async function currentLinks(store: Store, roomId: string, seats: readonly SeatInfo[], linkKey: Buffer): Promise<CurrentLinks> {
  const bySeat = new Map<string, string>();
  let spectator: string | null = null;
  for (const record of await store.liveTokens(roomId)) {
    if (record.role === 'gm' || record.sealed === null) continue;
    const token = openToken(linkKey, record.sealed, { roomId, role: record.role, seat: record.seat });
    if (token === undefined) continue;
    // A seat has one live link: a new one is made only after revoking the old (tokens.ts reissueToken).
    if (record.role === 'spectator') spectator = token;
    else if (record.seat !== null) bySeat.set(record.seat, token);
  }
  return { seats: seats.map((s) => ({ seat: s.id, name: s.name, token: bySeat.get(s.id) ?? null })), spectator };
}
