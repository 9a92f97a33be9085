import type { GwCommand, GwSheet, GwSlotView, GwView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import { createRoom, type TestRoom } from './http-api.ts';
import { RecordingClient } from './recording-client.ts';
import type { ServerStack } from './server-stack.ts';
import { commit } from './session.ts';

type ServantSheet = Extract<GwSheet, { kind: 'servant' }>;
type MasterSheet = Extract<GwSheet, { kind: 'master' }>;
type Command<T extends GwCommand['type']> = Extract<GwCommand, { type: T }>;
type Participant = Command<'battle.start'>['participants'][number];
type Plan = Command<'battle.submit'>['plan'];
type Judgment = Extract<Plan['slots'][number], { type: 'play' }>['vs'][string];

/** The Grail War view a socket holds; throws before its first welcome or when the room runs another game. */
export function gwView(client: RecordingClient): GwView {
  const v = client.view;
  if (v?.game !== 'grail-war') throw new Error(`${client.label}: not a grail-war view`);
  return v;
}

/** A grade-1 saber with C in most stats and 60 HP / 40 MP; `extra` lays overrides on top. */
export function servantSheet(alias: string, extra: Partial<ServantSheet> = {}): GwSheet {
  return {
    kind: 'servant', alias, trueName: `${alias} true`, className: 'saber', grade: 1,
    stats: { str: 'C', end: 'C', agi: 'C', mag: 'E', luk: 'E', np: 'C' },
    magecraft: null, skill: null, defense: { cards: 0, value: null }, cardCounts: null, noblePhantasms: [], attackBonuses: [],
    lineage: null, magicResistance: 0, hp: { current: 60, max: 60 }, mp: { current: 40, max: 40 }, merit: 0, xp: 0, items: [], consumables: {},
    ...extra,
  };
}

/** A grade-3 master with C in every stat, full 신념 and 명운 (3) and 30 HP / 30 MP; `extra` lays overrides on top. */
export function masterSheet(name: string, extra: Partial<MasterSheet> = {}): GwSheet {
  return {
    kind: 'master', name, grade: 3, stats: { combat: 'C', magic: 'C', conviction: 'C', fate: 'C' }, specializations: [],
    conviction: { current: 3, max: 3 }, fate: { current: 3, max: 3 }, hp: { current: 30, max: 30 }, mp: { current: 30, max: 30 },
    merit: 0, xp: 0, sealsLeft: null, judgmentLimit: null, spells: null, items: [], consumables: {},
    ...extra,
  };
}

/** A pre-battle declaration that changes nothing. */
export const NO_PREPARATION: Command<'battle.prepare'>['decl'] = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false };

/** Five plays: the `first` slots as given, then 대기 against each of `opponents` in the rest. */
export function waitingPlan(opponents: readonly string[], first: readonly Record<string, Judgment>[] = []): Plan {
  const wait = Object.fromEntries(opponents.map((o) => [o, { card: 'wait' as const }]));
  const slots = Array.from({ length: 5 }, (_, i) => ({ type: 'play' as const, vs: first[i] ?? wait }));
  return { slots, activatePlus: [] };
}

/** The GM registers a character for a seat; returns the id the engine gave it (c1, c2, …). */
export async function register(gm: RecordingClient, seat: string, partner: string | null, sheet: GwSheet): Promise<string> {
  await commit(gm, { type: 'character.register', seat, partner, sheet });
  const id = gwView(gm).characters.find((c) => c.seat === seat)?.id;
  if (!id) throw new Error(`no character registered for ${seat}`);
  return id;
}

/** The GM starts a night battle with these participants, no ambush and nothing known in advance. */
export function startBattle(gm: RecordingClient, participants: Participant[], regions: Record<string, string> = {}) {
  return commit(gm, { type: 'battle.start', scene: 'night', participants, regions, knowledge: [], ambushSide: null });
}

/**
 * A Grail War room under `title` at the stack's server, a seat per name, with its GM's socket and one for each seat
 * index in `online`, all connected.
 */
export async function gwRoom<const N extends readonly string[], const O extends readonly number[]>(
  stack: ServerStack,
  title: string,
  seatNames: N,
  online: O,
): Promise<{ room: TestRoom; seats: { [K in keyof N]: string }; gm: RecordingClient; players: { [K in keyof O]: RecordingClient } }> {
  const room = await createRoom(stack.url, title, [...seatNames], 'grail-war');
  const gm = new RecordingClient(stack.url, room.gmToken, `${title}: gm`);
  const players = online.map((i) => new RecordingClient(stack.url, room.seats[i]!.token, `${title}: ${room.seats[i]!.name}`));
  stack.sockets.push(gm, ...players);
  await Promise.all([gm, ...players].map((c) => c.connect()));
  const seats = room.seats.map((s) => s.seat) as { [K in keyof N]: string };
  return { room, seats, gm, players: players as { [K in keyof O]: RecordingClient } };
}

/** The view this client held at `seq`: the last it got at or before that seq. */
export function gwViewAt(client: RecordingClient, seq: number): GwView {
  const held = client.views.findLast((v) => v.seq <= seq)?.view;
  if (held?.game !== 'grail-war') throw new Error(`${client.label}: no grail-war view at seq ${seq}`);
  return held;
}

/**
 * Every slot result this client was told, in log order, with its line's seq: the battle's record is the room's log,
 * one `slot.resolved` line per slot its viewer may see, each redacted for it (the view keeps no history).
 */
export function slotsSeen(client: RecordingClient): { seq: number; record: GwSlotView }[] {
  return client.lines().flatMap(({ seq, seen }) => {
    const e = seen as GwViewEvent;
    return e.type === 'slot.resolved' ? [{ seq, record: e.record }] : [];
  });
}

type Submission = NonNullable<NonNullable<GwView['battle']>['submission']>;

/** Batch `batch`'s submissions as this client first saw them revealed, with the seq of that view; undefined if never. */
export function batchRevealed(client: RecordingClient, batch: number): { seq: number; entries: Submission['entries'] } | undefined {
  for (const { seq, view } of client.views) {
    const b = view.game === 'grail-war' ? view.battle : null;
    if (b?.batch === batch && b.submission?.status === 'revealed') return { seq, entries: b.submission.entries };
  }
  return undefined;
}

/** The commitments (character → hash) this client was shown while batch `batch` was sealed: what it checks the reveal by. */
export function batchCommitmentsSeen(client: RecordingClient, batch: number): Map<string, string> {
  const seen = new Map<string, string>();
  for (const { view } of client.views) {
    const b = view.game === 'grail-war' ? view.battle : null;
    if (b?.batch !== batch || b.submission?.status !== 'open') continue;
    for (const e of b.submission.entries) if (e.commitment) seen.set(e.character, e.commitment);
  }
  return seen;
}
