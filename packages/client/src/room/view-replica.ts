import type { ServerMessage } from '@veiltable/protocol';
import { applyPatch, PatchMismatch } from './apply-patch.ts';

/** What one message did to the view held. */
export type ReplicaStep =
  /** The view was replaced or patched. */
  | 'changed'
  /** The message brought no view: the room changed nothing this viewer sees. */
  | 'unchanged'
  /** A patch for a view this page does not hold, or one that does not apply: only a fresh welcome helps. */
  | 'lost';

/**
 * The view exactly as the server sent it, kept in step with `welcome` and `update` messages: a whole view replaces
 * it; a patch applies only when made for the view held, named by the seq it came with (`base`). Updates without a
 * view or patch leave it, and its seq, as they are: the next patch is made against the view last received.
 */
export class ViewReplica {
  private held: unknown;
  private heldSeq: number | undefined;
  /** Set once a patch could not be applied, until the next whole view. */
  private lost = false;

  /** The view held (JSON values as received), undefined before the first. */
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
    if (message.type !== 'update' || message.patch === undefined) return 'unchanged';
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
