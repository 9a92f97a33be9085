import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';

/** Who may read an event in full. The GM always may. */
export type Audience = { kind: 'all' } | { kind: 'gm' } | { kind: 'seats'; seats: string[] };

/**
 * A stored event: the full truth for its audience, and optionally what everyone else learns from it.
 * Only viewEvent turns it into what a socket receives.
 */
export type CotEvent = { to: Audience; body: CotViewEvent; others?: CotViewEvent };
