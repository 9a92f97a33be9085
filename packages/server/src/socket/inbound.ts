import type { ClientMessage, ServerMessage } from '@veiltable/protocol';
import { clientMessage, MAX_MESSAGE_CHARS } from '@veiltable/protocol';

/** A refusal before the socket layer stamps it with the room's seq. */
type Rejected = Omit<Extract<ServerMessage, { type: 'rejected' }>, 'seq'>;

/** The `type`s a client may send; anything else is UNKNOWN_TYPE rather than a shape error. */
const CLIENT_TYPES: ReadonlySet<string> = new Set(clientMessage.options.map((o) => o.shape.type.value));

/**
 * Turns one raw Socket.IO payload into a valid client message, or the rejection to answer with. `rawCommand` is the
 * command as sent: the wire union of every game's commands strips what the first matching game's schema does not
 * know (several games have an `options.set`), so a room with its own parser must parse the original.
 */
export function parseInbound(payload: unknown): { ok: true; msg: ClientMessage; rawCommand: unknown } | { ok: false; rejected: Rejected } {
  if (typeof payload !== 'string') return reject(null, 'BAD_MESSAGE', 'messages are JSON text');
  if (payload.length > MAX_MESSAGE_CHARS) return reject(null, 'TOO_LARGE', `at most ${MAX_MESSAGE_CHARS} characters`);
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return reject(null, 'BAD_JSON');
  }
  const ref = readRef(data);
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !CLIENT_TYPES.has(type)) return reject(ref, 'UNKNOWN_TYPE');
  const parsed = clientMessage.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    return reject(ref, 'BAD_SHAPE', detail);
  }
  return { ok: true, msg: parsed.data, rawCommand: (data as { command?: unknown }).command };
}

/** The ref, when one can be read, so a client can match even a malformed message's rejection. */
function readRef(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const ref = (data as { ref?: unknown }).ref;
  return typeof ref === 'string' && ref.length >= 1 && ref.length <= 64 ? ref : null;
}

function reject(ref: string | null, code: string, detail?: string): { ok: false; rejected: Rejected } {
  return { ok: false, rejected: rejection(ref, code, undefined, detail) };
}

/** A `rejected` message, with detail trimmed to what the schema allows. */
export function rejection(ref: string | null, code: string, rule?: string, detail?: string): Rejected {
  return {
    type: 'rejected',
    ref,
    code,
    ...(rule ? { rule } : {}),
    ...(detail ? { detail: detail.slice(0, 500) } : {}),
  };
}
