import { randomBytes } from 'node:crypto';
import type { RawFrame, RecordingClient } from './recording-client.ts';

/** Who looks at the room, as the audit names them: 'gm', 'spectator' or a seat id. */
export type ViewerKey = string;

/** A unique string planted in one secret, and who may see it when. */
export type Plant = {
  label: string;
  text: string;
  /** Viewers who may see it from the start. */
  before: readonly ViewerKey[];
  /** Viewers who must have it from `revealSeq` on; absent while it was never revealed. */
  after?: readonly ViewerKey[];
  revealSeq?: number;
  /** Viewers who must have received it at some point before its reveal; defaults to `before`. */
  mustReach?: readonly ViewerKey[];
};

/** A fresh planted string; letters, digits and dashes only, so it survives JSON escaping untouched. */
export function plantText(label: string): string {
  return `PLANT-${label}-${randomBytes(8).toString('hex')}`;
}

/** The plants of one session, and how a test plants the next: `planted(label, before)` returns its text. */
export function plantBook(): { plants: Plant[]; planted(label: string, before: readonly ViewerKey[]): string } {
  const plants: Plant[] = [];
  return {
    plants,
    planted(label, before) {
      const text = plantText(label);
      plants.push({ label, text, before });
      return text;
    },
  };
}

export type AuditReport = { leaks: string[]; missing: string[] };

/** What the audit reads of a receiver: a socket's frames, or a page's (see page-traffic.ts). */
export type FrameSource = Pick<RecordingClient, 'label' | 'frames'>;

/**
 * Looks for every plant in every raw frame of every client. A leak is a frame holding a plant for a viewer not
 * entitled to it at that seq; missing is an entitled viewer who never got it (the positive control).
 */
export function auditFrames(clients: ReadonlyMap<ViewerKey, readonly FrameSource[]>, plants: readonly Plant[]): AuditReport {
  const leaks: string[] = [];
  const missing: string[] = [];
  for (const plant of plants) {
    for (const [key, list] of clients) {
      const mayBefore = plant.before.includes(key);
      const mayAfter = plant.revealSeq !== undefined && (plant.after ?? []).includes(key);
      let gotBefore = false;
      let gotAfter = false;
      for (const client of list) {
        const bad: RawFrame[] = [];
        for (const frame of client.frames) {
          if (!frame.text.includes(plant.text)) continue;
          const revealed = plant.revealSeq !== undefined && frame.seq >= plant.revealSeq;
          if (revealed) gotAfter = true;
          else gotBefore = true;
          if (!mayBefore && !(revealed && mayAfter)) bad.push(frame);
        }
        // One line per secret and socket keeps a real leak readable; the count says how far it spread.
        const first = bad[0];
        if (first) {
          const where = `in ${bad.length} frame(s), first at seq ${first.seq}`;
          leaks.push(`${plant.label} reached ${client.label} ${where}: ${excerpt(first.text, plant.text)}`);
        }
      }
      if ((plant.mustReach ?? plant.before).includes(key) && !gotBefore) {
        missing.push(`${plant.label} never reached ${key} before its reveal, though it may see it`);
      }
      if (mayAfter && !gotAfter) missing.push(`${plant.label} did not reach ${key} after its reveal at seq ${plant.revealSeq}`);
    }
  }
  return { leaks, missing };
}

function excerpt(text: string, needle: string): string {
  const at = text.indexOf(needle);
  return '…' + text.slice(Math.max(0, at - 160), at + needle.length + 40) + '…';
}
