import { readFile } from 'node:fs/promises';
import { games } from '@veiltable/engine/games';
import type { RecordFailure, RecordVerdict } from '@veiltable/engine/record';
import { verifyRecord } from '@veiltable/engine/record';
import type { RecordEntry } from '@veiltable/protocol';
import { recordEntry, recordHead } from '@veiltable/protocol';
import type { z } from 'zod';

/**
 * `./vt verify FILE`: checks a session record (the open edition's JSON) on its own, with the engine's verifier, and
 * prints one verdict. Exit 0 when every draw and event replays from the committed seed, 1 when the record fails
 * (the line names the seq) or is not a record, 2 without a file.
 */

/** An entry of the file that is not one (the verifier never sees it). */
class BadEntry extends Error {
  constructor(index: number, issue: string) {
    super(`entry #${index + 1} is not a record entry: ${issue}`);
  }
}

const issueOf = (error: z.ZodError): string => {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || '(top)'}: ${first.message}` : 'invalid';
};

/** The file's entries, each parsed as it is reached, so a bad one is named by its place in the file. */
function* parsedEntries(raw: unknown[]): Generator<RecordEntry> {
  for (const [i, entry] of raw.entries()) {
    const parsed = recordEntry.safeParse(entry);
    if (!parsed.success) throw new BadEntry(i, issueOf(parsed.error));
    yield parsed.data;
  }
}

/** Short JSON of a value for the verdict line. */
function shown(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The verdict as one line (a failure with the seq to look at first). */
function verdictLine(file: string, game: string, verdict: RecordVerdict): string {
  if (verdict.ok) {
    return `OK ${file}: ${game}, ${verdict.entries} entries (seq 1-${verdict.lastSeq}), ${verdict.draws} random blocks re-derived from the committed seed`;
  }
  return `FAIL ${file}: ${failureText(verdict.failure)}`;
}

function failureText(f: RecordFailure): string {
  switch (f.kind) {
    case 'alg':
      return `unknown RNG algorithm ${f.alg}`;
    case 'commitment':
      return `the seed does not match the commitment (sha256 of the seed is ${f.actual}, the room published ${f.expected})`;
    case 'game':
      return `unknown game ${f.game}`;
    case 'sequence':
      return `at seq ${f.seq}: expected seq ${f.expected} here (an entry is missing or out of order)`;
    case 'command':
      return `at seq ${f.seq}: the command is not one of this game (${f.code})`;
    case 'refused':
      return `at seq ${f.seq}: the rules refuse this command (${f.code}${f.rule ? `, ${f.rule}` : ''}) but the log shows it committed`;
    case 'events':
      return `at seq ${f.seq}: ${f.event ?? 'an event'} differs at events${f.path}: logged ${shown(f.logged)}, replayed ${shown(f.replayed)}`;
  }
}

/** Reads, parses and verifies one file: the line to print and the exit code. */
async function verifyFile(file: string): Promise<{ line: string; code: 0 | 1 }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    return { line: `FAIL ${file}: cannot read it as JSON (${e instanceof Error ? e.message : String(e)})`, code: 1 };
  }
  const head = recordHead.safeParse(raw);
  const entries = (raw as { entries?: unknown }).entries;
  if (!head.success) return { line: `FAIL ${file}: not a session record (${issueOf(head.error)})`, code: 1 };
  if (!Array.isArray(entries)) return { line: `FAIL ${file}: not a session record (entries: expected an array)`, code: 1 };
  try {
    const verdict = verifyRecord({ ...head.data, entries: parsedEntries(entries) }, games);
    return { line: verdictLine(file, head.data.game, verdict), code: verdict.ok ? 0 : 1 };
  } catch (e) {
    if (e instanceof BadEntry) return { line: `FAIL ${file}: ${e.message}`, code: 1 };
    throw e;
  }
}

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: ./vt verify FILE   (a session record, as JSON)');
  process.exit(2);
}
const { line, code } = await verifyFile(file);
(code === 0 ? console.log : console.error)(line);
process.exitCode = code;
