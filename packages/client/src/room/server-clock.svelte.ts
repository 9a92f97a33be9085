import { getContext, setContext } from 'svelte';

/**
 * This device's estimate of the server's clock. Deadlines in views are server times (ms since the epoch); counting
 * down to them on the device's own clock would be off by however far that clock is off. Each server message that
 * tells the time gives a sample: a pong answers a ping, so the server read its clock about halfway through the round
 * trip; a welcome comes unasked, so it counts as a round trip of zero.
 */
export class ServerClock {
  /** Server time minus this device's time, in ms. */
  offset = $state(0);

  /** The server's time now, as best this device can tell (ms since the epoch). */
  now(local = Date.now()): number {
    return local + this.offset;
  }

  /**
   * Takes a server time that arrived at `receivedAt` in answer to a request sent at `sentAt` (this device's clock);
   * a message sent unasked has no request, so its round trip counts as zero.
   */
  sample(server: number, receivedAt: number, sentAt = receivedAt): void {
    this.offset = Math.round(server - (sentAt + receivedAt) / 2);
  }
}

/** Whole seconds left until a server-time deadline, never below 0. */
export function secondsLeft(deadline: number, serverNow: number): number {
  return Math.max(0, Math.ceil((deadline - serverNow) / 1000));
}

/** Something that tells the server's time. */
export type Clock = { now(): number };

const KEY = Symbol('server-clock');

/** Makes the room's server clock available to every component below (the room page calls it once). */
export function provideServerClock(clock: Clock): void {
  setContext(KEY, clock);
}

/** The room's server clock; this device's own clock where no room provides one. */
export function serverClock(): Clock {
  return getContext<Clock | undefined>(KEY) ?? { now: () => Date.now() };
}
