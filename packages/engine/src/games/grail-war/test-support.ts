import type { Viewer } from '@veiltable/protocol';
import { expect } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { pendingSeats } from '../../kernel/sealed.ts';
import type { BatchPlan, GrailWarCommand, Judgment, Knowledge, ParticipantSpec, PrebattleDecl, SlotPlan, WindowDecl } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import { defineGame } from '../../kernel/define-game.ts';
import { grailWar, grailWarDefinition } from './index.ts';
import { handlers } from './handlers.ts';
import { enrol } from './setup-commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet, ServantSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { setup } from './state.ts';

export const SEED = 'a'.repeat(64);
export const GM: Viewer = { role: 'gm' };
export const SPECTATOR: Viewer = { role: 'spectator' };
export const seat = (s: string): Viewer => ({ role: 'player', seat: s });
/** The time stamped on commands the helpers below apply, unless a test passes its own (ms since the epoch). */
export const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

/** A servant sheet with C everywhere unless overridden. */
export function servant(over: Partial<ServantSheet> = {}): ServantSheet {
  return {
    kind: 'servant',
    alias: 'Saber of the east',
    trueName: 'Hidden Hero',
    className: 'saber',
    grade: 1,
    stats: { str: 'C', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' },
    magecraft: null,
    skill: null,
    defense: { cards: 0, value: null },
    cardCounts: null,
    noblePhantasms: [],
    attackBonuses: [],
    lineage: null,
    magicResistance: 0,
    hp: { current: 60, max: 60 },
    mp: { current: 40, max: 40 },
    merit: 10,
    xp: 0,
    items: [],
    consumables: {},
    ...over,
  };
}

export function master(over: Partial<MasterSheet> = {}): MasterSheet {
  return {
    kind: 'master',
    name: 'Master',
    grade: 3,
    stats: { combat: 'C', magic: 'C', conviction: 'C', fate: 'C' },
    specializations: [],
    conviction: { current: 3, max: 3 },
    fate: { current: 3, max: 3 },
    hp: { current: 30, max: 30 },
    mp: { current: 30, max: 30 },
    merit: 10,
    xp: 0,
    sealsLeft: null,
    judgmentLimit: null,
    spells: null,
    items: [],
    consumables: {},
    ...over,
  };
}

/** What one viewer reads of each event (the GM, who reads everything, unless told otherwise); null where nothing. */
export const readAll = (events: GrailWarEvent[], viewer: Viewer = GM) => events.map((e) => viewEvent(e, viewer));

/** The slot results one viewer reads in these events, in order: the log is the battle's record (the view keeps none). */
export const slotsRead = (events: GrailWarEvent[], viewer: Viewer) => readAll(events, viewer).flatMap((e) => (e?.type === 'slot.resolved' ? [e.record] : []));

/**
 * grailWar.apply with the game's event type: the kernel's Game types its events' readings as unknown, and every part
 * this game makes is a protocol view event.
 */
export function apply(state: GrailWarState, command: GrailWarCommand, actor: Viewer, at = AT): Result<{ state: GrailWarState; events: GrailWarEvent[] }> {
  return grailWar.apply(state, command, actor, at) as Result<{ state: GrailWarState; events: GrailWarEvent[] }>;
}

/** Applies a command and fails the test with the rejection if it is refused. */
export function run(state: GrailWarState, actor: Viewer, command: GrailWarCommand, at = AT): { state: GrailWarState; events: GrailWarEvent[] } {
  const r = apply(state, command, actor, at);
  if (!r.ok) throw new Error(`${command.type} refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The rejection code of a refused command (fails the test if it is accepted). */
export function refused(state: GrailWarState, actor: Viewer, command: GrailWarCommand): string {
  const r = apply(state, command, actor, AT);
  expect(r.ok).toBe(false);
  return r.ok ? '' : `${r.error.code} ${r.error.rule ?? ''}`.trim();
}

export type Cast = Record<string, { seat: string; partner?: string; sheet: ServantSheet | MasterSheet }>;

/** A registration under a handle of the test's choosing. */
type Enrolment = GrailWarCommand & { type: 'character.register'; handle: string };

/**
 * The game with one difference: a registration takes the handle it carries as the id, through the command's own rules
 * (enrol). Tests name characters 'a', 'ma'…; the engine's own names (c1, c2, …) are tested in character-ids.test.ts.
 */
const named = defineGame({
  ...grailWarDefinition,
  handlers: { ...handlers, 'character.register': (ctx, c) => enrol(ctx, (c as Enrolment).handle, c) },
});

/** A room with options and characters registered in order under their handles (partners after their counterpart). */
export function room(cast: Cast, options: Partial<GrailWarOptions> = {}): GrailWarState {
  let s = setup(SEED);
  if (Object.keys(options).length) s = run(s, GM, { type: 'options.set', options }).state;
  for (const [handle, c] of Object.entries(cast)) {
    const command: Enrolment = { type: 'character.register', handle, seat: c.seat, partner: c.partner ?? null, sheet: c.sheet };
    const r = named.apply(s, command, GM, AT);
    if (!r.ok) throw new Error(`registering ${handle} refused: ${JSON.stringify(r.error)}`);
    s = r.value.state;
  }
  return s;
}

export const emptyDecl = (over: Partial<PrebattleDecl> = {}): PrebattleDecl => ({
  row: null,
  seals: [],
  conviction: 0,
  consumables: [],
  activatePlus: [],
  guardian: false,
  ...over,
});

export function start(
  s: GrailWarState,
  participants: ParticipantSpec[],
  extra: { knowledge?: Knowledge[]; regions?: Record<string, string>; scene?: 'day' | 'night'; ambushSide?: string | null } = {},
): GrailWarState {
  return run(s, GM, {
    type: 'battle.start',
    scene: extra.scene ?? 'night',
    participants,
    regions: extra.regions ?? {},
    knowledge: extra.knowledge ?? [],
    ambushSide: extra.ambushSide ?? null,
  }).state;
}

/** Every pre-battle seat answers (given decls, else empty), in seat order. */
export function prepareAll(s: GrailWarState, decls: Record<string, Partial<PrebattleDecl>> = {}): GrailWarState {
  for (const id of [...s.battle!.prebattle.seats]) {
    s = run(s, seat(s.characters[id]!.seat), { type: 'battle.prepare', decl: emptyDecl(decls[id]) }).state;
  }
  return s;
}

const j = (card: Judgment['card'], extra: Partial<Judgment> = {}): Judgment => ({ card, ...extra });
export { j as judgment };

/** A plan from five per-slot judgments against a single opponent. */
export function planVs(opponent: string, slots: (Judgment | SlotPlan)[], activatePlus: BatchPlan['activatePlus'] = []): BatchPlan {
  const full = [...slots];
  while (full.length < 5) full.push({ card: 'wait' });
  return {
    slots: full.map((x) => ('type' in x ? x : { type: 'play', vs: opponent ? { [opponent]: x } : {} })),
    activatePlus,
  };
}

export function submit(s: GrailWarState, id: string, plan: BatchPlan): { state: GrailWarState; events: GrailWarEvent[] } {
  return run(s, seat(s.characters[id]!.seat), { type: 'battle.submit', plan });
}

export function windowDecl(s: GrailWarState, id: string, decl: WindowDecl): { state: GrailWarState; events: GrailWarEvent[] } {
  return run(s, seat(s.characters[id]!.seat), { type: 'battle.window', decl });
}

/** Every master in the seal window passes with an empty declaration (GW-BATTLE-11), so the revealed batch resolves. */
export function passWindow(s: GrailWarState): GrailWarState {
  while (s.battle?.phase === 'window') {
    const id = pendingSeats(s.battle.window!)[0]!;
    s = run(s, seat(s.characters[id]!.seat), { type: 'battle.window', decl: { actions: [] } }).state;
  }
  return s;
}

/** All hits of a battle so far, flattened. */
export const hitsOf = (s: GrailWarState) => s.battle!.history.flatMap((r) => r.hits.map((h) => ({ ...h, batch: r.batch, slot: r.slot })));
