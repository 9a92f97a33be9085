import type { ClientMessage, ServerMessage } from '@veiltable/protocol';
import { clientMessage, MAX_MESSAGE_CHARS } from '@veiltable/protocol';
import { unstorableTextIn } from './bad-text.ts';

/** A refusal before the socket layer stamps it with the room's seq. */
export type Rejected = Omit<Extract<ServerMessage, { type: 'rejected' }>, 'seq'>;

/** The `type`s a client may send; anything else is UNKNOWN_TYPE rather than a shape error. */
const CLIENT_TYPES: ReadonlySet<string> = new Set(clientMessage.options.map((o) => o.shape.type.value));

/**
 * Turns one raw Socket.IO payload into a client message, or the rejection to answer with. A command is data here:
 * the room parses it against its own game. Text no database can store (NUL, a lone surrogate) is refused at once,
 * BAD_TEXT, so it can never fail the write of the batch it would have shared with other commands.
 */
export function parseInbound(payload: unknown): { ok: true; msg: ClientMessage } | { ok: false; rejected: Rejected } {
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
  const bad = unstorableTextIn(data);
  if (bad !== null) return reject(ref, 'BAD_TEXT', `${bad}: NUL and unpaired surrogates cannot be stored`);
  return { ok: true, msg: parsed.data };
}

/** The ref of a payload, when one can be read, so even a refusal before parsing (RATE_LIMITED) names its command. */
export function refOfPayload(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > MAX_MESSAGE_CHARS) return null;
  try {
    return readRef(JSON.parse(payload));
  } catch {
    return null;
  }
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
