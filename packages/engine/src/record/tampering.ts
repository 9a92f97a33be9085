import type { RecordEntry, SessionRecord } from '@veiltable/protocol';

/**
 * Forgeries of a session record, for the tests of everything that verifies one (the engine's verifier, the server's
 * open edition, `./vt verify`): a copy with one value of one entry changed, as a GM or a server that cheated would.
 */

/** A copy of the record with the entry of this seq changed by `edit`. */
export function tampered(record: SessionRecord, seq: number, edit: (entry: RecordEntry) => void): SessionRecord {
  const copy = structuredClone(record);
  const entry = copy.entries.find((e) => e.seq === seq);
  if (!entry) throw new Error(`the record has no entry ${seq}`);
  edit(entry);
  return copy;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the edits reach into logged events as JSON */
/** Another face of the first die of a logged roll (its entry's first event). */
export const changeDie = (entry: RecordEntry): void => {
  const die = (entry.events[0] as any).parts[0].seen.item.result.dice[0];
  die.values[0] = (die.values[0] % die.sides) + 1;
};

/** Another salt for the first answer of a logged reveal (the `decl.revealed` event of its entry). */
export const changeSalt = (entry: RecordEntry): void => {
  revealOf(entry).answers[0].salt = '0'.repeat(32);
};

/** Another text for the first answer of a logged reveal. */
export const changeAnswer = (entry: RecordEntry): void => {
  const answer = revealOf(entry).answers[0].answer;
  answer.text = answer.text === 'east' ? 'west' : 'east';
};

function revealOf(entry: RecordEntry): any {
  const event = entry.events.find((e: any) => e?.type === 'decl.revealed') as any;
  if (!event) throw new Error(`entry ${entry.seq} reveals no declaration`);
  return event.parts[0].seen.decl;
}
