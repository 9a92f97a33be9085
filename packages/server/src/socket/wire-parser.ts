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

/** The `parser` option of the Socket.IO server: our encoder, the stock decoder (clients are unchanged). */
export const wireParser = { Encoder: WireEncoder, Decoder };
