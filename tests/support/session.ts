import { verifyCommitment } from '@veiltable/engine';
import type { GameCommandInput, GameViewEvent } from '@veiltable/protocol';
import type { DeclarationView } from '@veiltable/protocol/games/free-table';
import type { RecordingClient } from './recording-client.ts';

/** Runs a command that must be accepted and waits until the sender has applied it; returns its seq and events. */
export async function commit(client: RecordingClient, command: GameCommandInput): Promise<{ seq: number; events: GameViewEvent[] }> {
  const seq = await client.run(command);
  await client.waitForSeq(seq);
  return { seq, events: eventsAt(client, seq) };
}

/** The events a client received in the update of one seq. */
export function eventsAt(client: RecordingClient, seq: number): GameViewEvent[] {
  return client.events().filter((e) => e.seq === seq).map((e) => e.event);
}

/** Waits until every client has applied `seq`. */
export async function allAt(clients: readonly RecordingClient[], seq: number): Promise<void> {
  await Promise.all(clients.map((c) => c.waitForSeq(seq)));
}

/** The declaration as this client sees it now. */
export function declIn(client: RecordingClient, id: string): DeclarationView {
  const decl = client.current().declarations.find((d) => d.id === id);
  if (!decl) throw new Error(`${client.label}: no declaration ${id}`);
  return decl;
}

/** Commitments (seat → hash) this client learnt from decl.answered events of one declaration. */
export function commitmentsSeen(client: RecordingClient, declId: string): Map<string, string> {
  const seen = new Map<string, string>();
  for (const { event } of client.events()) {
    if (event.type === 'decl.answered' && event.decl === declId) seen.set(event.seat, event.commitment);
  }
  return seen;
}

/** The seq of the first update carrying `decl.revealed` for that declaration, if any. */
export function revealSeqOf(client: RecordingClient, declId: string): number | undefined {
  return client.events().find((e) => e.event.type === 'decl.revealed' && e.event.decl.id === declId)?.seq;
}

/** Every problem with a revealed declaration: unrevealed answers, missing salts, hashes that do not verify. */
export function verifyRevealed(decl: DeclarationView): string[] {
  const problems: string[] = [];
  if (decl.status !== 'revealed') problems.push(`${decl.id} is ${decl.status}`);
  for (const a of decl.answers) {
    if (!a.declared) continue;
    if (!a.answer || a.salt === undefined || !a.commitment) {
      problems.push(`${decl.id}/${a.seat}: answer, salt or commitment missing after reveal`);
    } else if (!verifyCommitment(a.answer, a.salt, a.commitment)) {
      problems.push(`${decl.id}/${a.seat}: commitment does not verify`);
    }
  }
  return problems;
}
