import type { PROTOCOL_VERSION, WIRE_EVENT } from '@veiltable/protocol';

// The protocol package's constants live beside its zod schemas; a value import would bring zod into the page. Typed
// from the package instead, these fail to compile the day the protocol changes them.

/** The protocol version this client speaks, sent in every handshake. */
export const PROTOCOL: typeof PROTOCOL_VERSION = 3;

/** The Socket.IO event every message travels on, in both directions. */
export const WIRE: typeof WIRE_EVENT = 'm';
