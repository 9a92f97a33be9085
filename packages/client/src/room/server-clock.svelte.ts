/**
 * This device's estimate of the server's clock. Deadlines in views are server times (ms since the epoch); counting
 * down to them on the device's own clock would be off by however far that clock is off. Each server message that
 * tells the time gives a sample: a pong answers a ping, so the server read its clock about halfway through the round
 * trip; a welcome comes unasked, so it counts as a round trip of zero.
 */
export class ServerClock {
  /** Server time minus this device's time, in ms. */
  offset = $state(0);
  /** The ping whose pong will measure the offset, while it is awaited. */
  private asked: { ref: string; sentAt: number } | null = null;

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

  /** A ping with this ref was just sent to measure the offset. */
  asking(ref: string, sentAt = Date.now()): void {
    this.asked = { ref, sentAt };
  }

  /** A pong arrived: it refines the offset when it answers the ping asked; a pong for another ping is ignored. */
  answered(ref: string, server: number, receivedAt = Date.now()): void {
    if (this.asked?.ref !== ref) return;
    this.sample(server, receivedAt, this.asked.sentAt);
    this.asked = null;
  }
}

/** Whole seconds left until a server-time deadline, never below 0. */
export function secondsLeft(deadline: number, serverNow: number): number {
  return Math.max(0, Math.ceil((deadline - serverNow) / 1000));
}

/** Something that tells the server's time. */
export type Clock = { now(): number };
