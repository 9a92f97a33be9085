import type { D6EventType } from '@veiltable/protocol/games/dungeon-2d6';

/**
 * Who may learn of an event at all. The GM always may. 'seats' also admits no spectator.
 * Audiences are decided when the event is made, from the state at that moment, so viewEvent needs no state.
 */
export type Audience = { to: 'all' } | { to: 'gm' } | { to: 'seats'; seats: string[] };

/**
 * A stored dungeon-2d6 event. data is what every admitted viewer sees; hidden holds the fields that only the GM and
 * hidden.seats may see (a secret roll's dice, an enemy's HP, a hidden target number). Redaction is therefore one rule
 * for every event type, and a test can plant strings in every hidden field.
 */
export type D6Event = {
  type: D6EventType;
  audience: Audience;
  data: Record<string, unknown>;
  hidden?: { data: Record<string, unknown>; seats: string[] };
};

/** An event as one viewer receives it. */
export type D6ViewEvent = { type: D6EventType; data: Record<string, unknown> };
