/** Bumped whenever a wire shape changes incompatibly; client and server refuse to talk across versions. */
export const PROTOCOL_VERSION = 3 as const;

/** Largest inbound message, in UTF-16 code units of its JSON text. */
export const MAX_MESSAGE_CHARS = 16_384;
