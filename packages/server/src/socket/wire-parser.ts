import { WIRE_EVENT } from '@veiltable/protocol';
import type { Packet } from 'socket.io-parser';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

/**
 * Socket.IO's stock encoder first walks every packet's data looking for binary (Buffers, typed arrays) to split
 * out; our `m` messages are plain JSON values that never hold any, so the walk over each one only costs time.
 * This encoder writes an event on `m` straight as text, in the stock text form (`2`, the namespace unless it is the
 * main one, the ack id if any, then the JSON of `[event, ...args]`), and hands every other packet to the stock path.
 */
export class WireEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    if (packet.type !== PacketType.EVENT || !Array.isArray(packet.data) || packet.data[0] !== WIRE_EVENT) {
      return super.encode(packet);
    }
    const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
    return [`${PacketType.EVENT}${nsp}${packet.id ?? ''}${JSON.stringify(packet.data)}`];
  }
}

/** The text forms of Socket.IO's binary packets: their header announces attachments the decoder would wait for. */
const BINARY_TYPES: ReadonlySet<string> = new Set([String(PacketType.BINARY_EVENT), String(PacketType.BINARY_ACK)]);

/**
 * The stock decoder, refusing binary: the protocol sends only JSON text, so a binary packet (or the header that
 * announces one, which the stock decoder would hold in memory until its attachments arrive) ends the connection.
 */
export class WireDecoder extends Decoder {
  override add(obj: unknown): void {
    if (typeof obj !== 'string' || BINARY_TYPES.has(obj.charAt(0))) throw new Error('binary packets are not accepted');
    super.add(obj);
  }
}

/** The `parser` option of the Socket.IO server: our encoder and decoder (clients are unchanged). */
export const wireParser = { Encoder: WireEncoder, Decoder: WireDecoder };
