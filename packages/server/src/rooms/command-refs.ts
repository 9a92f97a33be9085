import type { Viewer } from '@veiltable/protocol';
import { viewerKey } from './viewer-key.ts';

/**
 * The refs of the commands a room committed lately, per actor, with their seqs: a command sent again under a ref
 * its actor already committed is answered with that seq instead of committed twice. A retry usually comes within
 * moments (a client resends what a dropped connection left unanswered), so the newest LIMIT refs are kept here;
 * a retry the room no longer holds is looked up in the log (the client marks retries, so fresh commands never are).
 */
export class CommandRefs {
  static readonly LIMIT = 256;
  /** Keys in the order committed, so the oldest go first. */
  private readonly seqs = new Map<string, number>();

  seqOf(actor: Viewer, ref: string): number | undefined {
    return this.seqs.get(key(actor, ref));
  }

  record(actor: Viewer, ref: string, seq: number): void {
    this.seqs.set(key(actor, ref), seq);
    if (this.seqs.size > CommandRefs.LIMIT) this.seqs.delete(this.seqs.keys().next().value!);
  }
}

const key = (actor: Viewer, ref: string) => `${viewerKey(actor)}\n${ref}`;
