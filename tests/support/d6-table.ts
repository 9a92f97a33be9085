import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import type { RecordingClient } from './recording-client.ts';

/**
 * Readers of what a dungeon-2d6 client was sent, from the views it held (updates carry no events): the records the
 * engine keeps for checks, attacks and windows say what a test used to read from the events that changed them.
 */

export type D6CheckRecord = D6View['checks'][number];
export type D6WindowRecord = D6View['windows'][number];
/** An attack target as the view holds it (see the engine's AttackTarget). */
export type D6AttackTarget = { target: string; defender: string; coverer: string | null; state: string; defence: string[] };
export type D6AttackRecord = { id: string; attacker: string; check: string | null; targets: D6AttackTarget[] };

/** The dungeon-2d6 view this client held at `seq`: the last one it got at or before it. */
export function d6ViewAt(client: RecordingClient, seq: number): D6View {
  const held = client.views.filter((v) => v.seq <= seq).at(-1)?.view;
  if (held?.game !== 'dungeon-2d6') throw new Error(`${client.label}: no dungeon-2d6 view at seq ${seq}`);
  return held;
}

/** The check of that id in this client's current view, if it sees it. */
export function d6Check(client: RecordingClient, id: string): D6CheckRecord | undefined {
  return client.currentD6().checks.find((k) => k.id === id);
}

/** The newest check in this client's current view. */
export function newestCheck(client: RecordingClient): D6CheckRecord {
  const check = client.currentD6().checks.at(-1);
  if (!check) throw new Error(`${client.label}: no check`);
  return check;
}

/** The attacks in this client's current view. */
export function d6Attacks(client: RecordingClient): D6AttackRecord[] {
  return client.currentD6().attacks as unknown as D6AttackRecord[];
}

/** One target of an attack in this client's current view. */
export function attackTarget(client: RecordingClient, attack: string, target: string): D6AttackTarget | undefined {
  return d6Attacks(client).find((a) => a.id === attack)?.targets.find((t) => t.target === target);
}

/** The window of that id in this client's current view, if it sees it. */
export function d6Window(client: RecordingClient, id: string): D6WindowRecord | undefined {
  return client.currentD6().windows.find((w) => w.id === id);
}

/** Whether any view this client held shows the window closed for that reason (the view keeps `closedBy`). */
export function sawWindowClosed(client: RecordingClient, id: string, reason: string): boolean {
  return client.views.some(({ view }) => view.game === 'dungeon-2d6' && view.windows.some((w) => w.id === id && w.status === 'closed' && w.closedBy === reason));
}
