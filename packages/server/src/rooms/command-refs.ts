import type { Viewer } from '@veiltable/protocol';
import { viewerKey } from './viewer-key.ts';

/**
 * The refs of the commands a room committed lately, per actor, with their seqs: a command sent again under a ref
 * already committed (a client retrying after a lost answer) is answered with that seq instead of committed twice.
 * A retry comes within seconds or minutes of the first send, so the newest LIMIT refs are kept; the room fills
 * the index from the log's tail when it loads.
 */
export class CommandRefs {
  static readonly LIMIT = 10_000;
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
