import type { ServerMessage } from './messages.ts';
import { applyPatch, PatchMismatch } from './apply-patch.ts';

/** What one message did to the view a client holds. */
export type ReplicaStep =
  /** The view was replaced or patched: `view` is the new one. */
  | 'changed'
  /** The message brought no view. */
  | 'unchanged'
  /** A patch for a view this client does not hold, or one that does not apply: ask the server for a fresh welcome. */
  | 'lost';

/**
 * The view a client holds, exactly as the server sent it, kept in step with `welcome` and `update` messages: a
 * whole view replaces it, and a patch applies to it only when it was made for the seq of the view held. Feed it
 * messages as received rather than schema-parsed copies, so the view patched is the one the server diffed against.
 */
export class ViewReplica {
  private held: unknown;
  private heldSeq: number | undefined;
  /** Set once a patch could not be applied, until the next whole view. */
  private lost = false;

  /** The view held now (JSON values as received), undefined before the first. */
  get view(): unknown {
    return this.held;
  }

  /** The seq of the view held. */
  get seq(): number | undefined {
    return this.heldSeq;
  }

  receive(message: ServerMessage): ReplicaStep {
    if (message.type === 'welcome' || (message.type === 'update' && message.view !== undefined)) {
      this.held = message.view;
      this.heldSeq = message.seq;
      this.lost = false;
      return 'changed';
    }
    if (message.type !== 'update') return 'unchanged';
    if (message.patch === undefined) {
      // No change to this view up to the update's seq (lines or acks only): the view held is the one at that seq.
      if (!this.lost && this.heldSeq !== undefined) this.heldSeq = message.seq;
      return 'unchanged';
    }
    if (this.lost || this.heldSeq === undefined || message.patch.base !== this.heldSeq) return this.lose();
    try {
      this.held = applyPatch(this.held, message.patch.ops);
    } catch (e) {
      if (e instanceof PatchMismatch) return this.lose();
      throw e;
    }
    this.heldSeq = message.seq;
    return 'changed';
  }

  /** Marks the view held as out of step: every patch is refused until a whole view arrives. */
  lose(): 'lost' {
    this.lost = true;
    return 'lost';
  }
}
