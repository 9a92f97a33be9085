import type { ClientMessage } from '@veiltable/protocol';

/** What became of one command: committed at a room seq, or refused with a code. */
export type CommandOutcome = { ok: true; seq: number } | { ok: false; code: string; rule?: string; detail?: string };

/** A refusal to show the user. `ref` is null for refusals not tied to a command (a bad frame, a lost link). */
export type Rejection = { id: number; ref: string | null; code: string; rule?: string };

type Waiting = { message: ClientMessage; resolve: (outcome: CommandOutcome) => void };

/** How many refusals stay on screen at once: a burst of them should not bury the table. */
const SHOWN = 4;

/** A prefix no other page will draw: refs are the server's idempotency keys across tabs and reloads of one seat. */
function randomPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The commands this page sent and the answers awaited: each gets a ref of its own, which the server keeps as an
 * idempotency key. A command unanswered when the socket drops is kept, and sent again with the same ref once the
 * room welcomes us back; the server answers a ref it already committed with its first outcome.
 */
export class CommandTracker {
  /** Refs of commands sent and not yet answered, oldest first. */
  pending = $state<string[]>([]);
  /** Refusals on screen, oldest first. */
  rejections = $state<Rejection[]>([]);

  private readonly prefix: string;
  private next = 1;
  private nextRejection = 1;
  private readonly waiting = new Map<string, Waiting>();

  constructor(prefix: string = randomPrefix()) {
    this.prefix = prefix;
  }

  /** A ref never used before by any page: this tracker's random prefix and a counter. */
  ref(): string {
    return `${this.prefix}.${this.next++}`;
  }

  /** Records a command about to be sent; the promise settles with its answer. */
  track(command: unknown): { message: ClientMessage; outcome: Promise<CommandOutcome> } {
    const message: ClientMessage = { type: 'command', ref: this.ref(), command };
    this.pending.push(message.ref);
    const outcome = new Promise<CommandOutcome>((resolve) => this.waiting.set(message.ref, { message, resolve }));
    return { message, outcome };
  }

  /** The commands still unanswered, in the order they were first sent, to send again on a new socket, as retries. */
  unanswered(): ClientMessage[] {
    return [...this.waiting.values()].map((w) => ({ ...w.message, retry: true }));
  }

  /** The server committed these commands, each at its own seq. */
  committed(acks: readonly { ref: string; seq: number }[]): void {
    for (const { ref, seq } of acks) this.settle(ref, { ok: true, seq });
  }

  /**
   * The server refused a command (or, with no ref, something not tied to one); the user is told either way. The
   * detail (which field a malformed command got wrong) goes to the command's caller.
   */
  refused(ref: string | null, code: string, rule?: string, detail?: string): void {
    this.notify(code, ref, rule);
    if (ref !== null) this.settle(ref, { ok: false, code, ...(rule ? { rule } : {}), ...(detail ? { detail } : {}) });
  }

  /** No answer will come (the page leaves, the link is dead): every waiting command ends with `code`, said once. */
  abandon(code: string): void {
    if (this.waiting.size === 0) return;
    for (const ref of [...this.waiting.keys()]) this.settle(ref, { ok: false, code });
    this.notify(code);
  }

  /** Shows a refusal that no command waits for. */
  notify(code: string, ref: string | null = null, rule?: string): void {
    const rejection: Rejection = { id: this.nextRejection++, ref, code, ...(rule ? { rule } : {}) };
    this.rejections = [...this.rejections.slice(-(SHOWN - 1)), rejection];
  }

  dismiss(id: number): void {
    this.rejections = this.rejections.filter((r) => r.id !== id);
  }

  private settle(ref: string, outcome: CommandOutcome): void {
    const waiting = this.waiting.get(ref);
    if (!waiting) return;
    this.waiting.delete(ref);
    this.pending = this.pending.filter((r) => r !== ref);
    waiting.resolve(outcome);
  }
}
