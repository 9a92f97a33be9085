/**
 * What the Call of <T> table lends its timeline lines while it is shown. An event names a character by its id (ch1)
 * and a line renderer is handed the seats' names only, so the table lends its view's characters (read here, the
 * lines follow a rename). The lines ship with every game's timeline, so the table lends the commitment check too:
 * its hashing stays in the table's own chunk.
 */

type Named = { id: string; name: string };
export type Lent = {
  characters: () => readonly Named[];
  verify: (answer: unknown, salt: string, commitment: string) => boolean;
};

let lent = $state.raw<Lent | null>(null);

/** Lends the table's characters and commitment check to the lines; returns what takes them back (an $effect's cleanup). */
export function lendToLines(next: Lent): () => void {
  lent = next;
  return () => {
    if (lent === next) lent = null;
  };
}

/** A character's name as the table shows it, or its id when the table does not list it. */
export function characterNamed(id: string): string {
  return lent?.characters().find((c) => c.id === id)?.name ?? id;
}

/** Whether a revealed choice hashes to the commitment published before (COT-HID-03); null with no table to check. */
export function commitmentHolds(answer: unknown, salt: string, commitment: string): boolean | null {
  return lent ? lent.verify(answer, salt, commitment) : null;
}
