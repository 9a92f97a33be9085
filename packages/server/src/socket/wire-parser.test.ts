import type { Packet } from 'socket.io-parser';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, test } from 'vitest';
import { WireDecoder, WireEncoder } from './wire-parser.ts';

const update = { type: 'update', seq: 7, patch: { base: 6, ops: [{ op: 'set', path: ['feed', 0, 'text'], value: 'quote " and \u2028 and 한국어' }] } };

function decode(encoded: unknown[]): Packet {
  const decoder = new Decoder();
  let out: Packet | undefined;
  decoder.on('decoded', (p: Packet) => (out = p));
  for (const part of encoded) decoder.add(part as string);
  if (!out) throw new Error('nothing decoded');
  return out;
}

describe('WireEncoder', () => {
  test.each<[string, Packet]>([
    ['a message on m', { type: PacketType.EVENT, nsp: '/', data: ['m', update] }],
    ['a message on m in another namespace, with an ack id', { type: PacketType.EVENT, nsp: '/admin', id: 12, data: ['m', { type: 'ack', ref: 'c1', seq: 3 }] }],
  ])('writes %s in exactly the stock text form, which decodes back to it', (_name, packet) => {
    const ours = new WireEncoder().encode(packet);
    expect(ours).toEqual(new Encoder().encode(packet));
    expect(decode(ours)).toEqual(packet);
  });

  test.each<[string, Packet]>([
    ['a connect', { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } }],
    ['another event holding binary', { type: PacketType.EVENT, nsp: '/', data: ['file', Buffer.from([1, 2, 3])] }],
    ['an ack', { type: PacketType.ACK, nsp: '/', id: 4, data: ['ok'] }],
  ])('hands %s to the stock encoder', (_name, packet) => {
    expect(new WireEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
  });
});

describe('WireDecoder', () => {
  test('decodes the text packets the protocol sends', () => {
    const decoder = new WireDecoder();
    let out: Packet | undefined;
    decoder.on('decoded', (p: Packet) => (out = p));
    decoder.add('2["m","{\\"type\\":\\"ping\\",\\"ref\\":\\"t1\\"}"]');
    expect(out).toEqual({ type: PacketType.EVENT, nsp: '/', data: ['m', '{"type":"ping","ref":"t1"}'] });
  });

  test.each([
    ['a binary event header announcing attachments', '51-["m",{"_placeholder":true,"num":0}]'],
    ['a binary ack header', '61-0[{"_placeholder":true,"num":0}]'],
    ['a raw binary frame', Buffer.from([1, 2, 3])],
  ])('refuses %s', (_name, frame) => {
    expect(() => new WireDecoder().add(frame)).toThrow('binary packets are not accepted');
  });
});
