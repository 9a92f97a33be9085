/** Bumped whenever a wire shape changes incompatibly; client and server refuse to talk across versions. */
export const PROTOCOL_VERSION = 5 as const;

/** The longest spectator delay a GM may set (ms): long enough to hide a scene, short enough to stream. */
export const MAX_SPECTATOR_DELAY = 10 * 60 * 1000;

/** Most lines one `log` request may ask for. */
export const MAX_LOG_PAGE = 200;

/** Largest inbound message, in UTF-16 code units of its JSON text. */
export const MAX_MESSAGE_CHARS = 16_384;

/**
 * Socket.IO event name used for every message in both directions. Client to server, the payload is the message's
 * JSON text (the server size-checks and parses it); server to client, it is the message object itself, so Socket.IO
 * serializes it once.
 */
export const WIRE_EVENT = 'm';
