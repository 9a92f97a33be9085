import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256Hex } from './hash.ts';

/**
 * The room's random source, kept in game state so a replay draws the same numbers.
 * A hash DRBG: block n is sha256(seed ":" n), the seed and n as text (the seed's 64 hex digits, n in decimal).
 * Salts and opaque ids stay unpredictable until the seed is released: sha256 outputs (and the published sha256 of the
 * seed) reveal nothing of the seed, so no block seen lets anyone compute the next one.
 */
export type RngState = { seed: string; counter: number };

/** The name of this DRBG as records and the room's commitment carry it; a change to `Rng`'s draws needs a new one. */
export const RNG_ALG = 'sha256-drbg/1';

/** What a room publishes of its seed before the release: the DRBG's name and sha256 of the seed's hex text. */
export function rngCommitment(seedHex: string): { alg: typeof RNG_ALG; hash: string } {
  return { alg: RNG_ALG, hash: sha256Hex(seedHex) };
}

export function newRngState(seedHex: string): RngState {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('rng seed must be 64 hex digits');
  return { seed: seedHex, counter: 0 };
}

/** Draws from an RngState, advancing its counter in place (use on a working copy of state). */
export class Rng {
  readonly state: RngState;
  constructor(state: RngState) {
    this.state = state;
  }

  private block(): Uint8Array {
    const out = sha256(utf8ToBytes(`${this.state.seed}:${this.state.counter}`));
    this.state.counter += 1;
    return out;
  }

  /** Uniform integer in [0, 2^32). */
  uint32(): number {
    const b = this.block();
    return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  }

  /** Uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`rng.below: bad bound ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.uint32();
      if (x < limit) return x % n;
    }
  }

  /** Uniform integer in [1, sides]: one die. */
  die(sides: number): number {
    return this.below(sides) + 1;
  }

  /** `bytes` random bytes as hex (at most 32). */
  hex(bytes: number): string {
    if (bytes < 1 || bytes > 32) throw new Error('rng.hex: 1..32 bytes');
    return bytesToHex(this.block().subarray(0, bytes));
  }

  /** Fisher–Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}
