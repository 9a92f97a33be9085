import { verifyCommitment } from '@veiltable/engine';
import type { DeclarationView } from '@veiltable/protocol';
import type { GameCommandInput, RecordingClient } from './recording-client.ts';

/** Runs a command that must be accepted and waits until the sender has applied it; returns its seq. */
export async function commit(client: RecordingClient, command: GameCommandInput): Promise<{ seq: number }> {
  const seq = await client.run(command);
  await client.waitForSeq(seq);
  return { seq };
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

/** The newest declaration in this client's free-table view (the one a decl.open just made). */
export function newestDecl(client: RecordingClient): DeclarationView {
  const decl = client.current().declarations.at(-1);
  if (!decl) throw new Error(`${client.label}: no declaration`);
  return decl;
}

/**
 * Commitments (seat → hash) this client was shown while the declaration was sealed, from every view it held: what
 * it can check the reveal against. A commitment that changed while sealed (a changed answer) keeps the last one.
 */
export function commitmentsSeen(client: RecordingClient, declId: string): Map<string, string> {
  const seen = new Map<string, string>();
  for (const { view } of client.views) {
    if (view.game !== 'free-table') continue;
    const decl = view.declarations.find((d) => d.id === declId);
    if (decl?.status !== 'open') continue;
    for (const a of decl.answers) if (a.commitment) seen.set(a.seat, a.commitment);
  }
  return seen;
}

/** The seq of the first view this client held with that declaration revealed, if any. */
export function revealSeqOf(client: RecordingClient, declId: string): number | undefined {
  return client.views.find(({ view }) => view.game === 'free-table' && view.declarations.some((d) => d.id === declId && d.status === 'revealed'))?.seq;
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
