import { z } from 'zod';
import { releaseView } from '../../capabilities/release.ts';
import { charactersView } from '../../capabilities/characters.ts';
import { feedView } from '../../capabilities/feed.ts';
import { seatId, viewer } from '../../common.ts';
import { d6Abilities, d6Ability, d6Options } from './common.ts';

const record = z.record(z.string(), z.unknown());

/**
 * The dungeon-2d6 room as one viewer may see it. Produced only by the engine's view(). Characters and checks are
 * records whose GM-only fields are simply absent for other viewers (spec §10.1).
 */
export const d6View = z.object({
  game: z.literal('dungeon-2d6'),
  viewer,
  options: d6Options,
  /** The players' seats (public: names only). */
  seats: z.array(z.object({ id: seatId, name: z.string() })),
  /** The table's chat and dice lines this viewer may read. */
  ...feedView,
  /** Every character at the table (seats' and the GM's NPCs), each as this viewer may see it. */
  ...charactersView,
  ...releaseView,
  mode: z.enum(['travel', 'combat']),
  turn: z.number().int(),
  zones: z.array(z.object({ id: z.string(), name: z.string(), adjacent: z.array(z.string()) })),
  /** GM-run characters carry only their public fields for other viewers, so the sheet fields are optional. */
  characters: z.array(z.looseObject({
    id: z.string(),
    name: z.string(),
    /** D6-BASE-05: how the abilities were built, or null when the GM entered them directly. */
    build: z.object({
      occupation: z.string(), occupationValues: d6Abilities, race: z.string(), raceBonus: d6Abilities, free: d6Ability,
    }).nullable().optional(),
    /** Normal movement per 手番 (the GM's base-game number) and, while flying, the flight speed (D6-SKL-FLIGHT-04). */
    movement: z.number().nullable().optional(),
    flightSpeed: z.number().nullable().optional(),
  })),
  traps: z.array(z.object({ id: z.string(), zone: z.string(), area: z.boolean(), found: z.boolean(), disarmed: z.boolean(), note: z.string().optional() })),
  finds: z.array(z.object({ id: z.string(), zone: z.string(), note: z.string(), found: z.boolean() })),
  /** A barrier's HP and ability come from its caster's 精神 (D6-SKL-BARRIER-01/03): absent when the caster is GM-run. */
  barriers: z.array(z.object({ id: z.string(), zone: z.string(), caster: z.string(), hp: z.number().optional(), ability: z.number().optional() })),
  checks: z.array(z.looseObject({ id: z.string(), character: z.string(), kind: z.string() })),
  attacks: z.array(record),
  windows: z.array(z.looseObject({
    id: z.string(),
    kind: z.string(),
    status: z.enum(['open', 'closed']),
    /**
     * D6-WIN-11: when the server's timeout closes the window (ms since the epoch; null: no timeout), and D6-WIN-13:
     * when its minimum span ends (null: none or over). Absent for viewers who may not act in the window.
     */
    deadline: z.number().int().nullable().optional(),
    minSpanEnds: z.number().int().nullable().optional(),
  })),
  /** D6-WIN-15: each side's total; the die of a GM-run representative is the GM's (D6-HID-01), absent for others. */
  initiative: z.object({
    party: z.object({ character: z.string(), die: z.number().optional(), total: z.number() }).nullable(),
    enemies: z.object({ character: z.string(), die: z.number().optional(), total: z.number() }).nullable(),
    first: z.enum(['party', 'enemies']).nullable(),
    tie: z.boolean(),
  }),
  questions: z.array(z.object({
    id: z.string(), kind: z.enum(['encyclopedia', 'mind-read', 'virtue']), character: z.string(), seat: z.string().nullable(),
    text: z.string(), answer: z.string().nullable(), status: z.enum(['open', 'answered', 'refused']), window: z.string(),
  })),
  telepathy: z.array(z.object({ from: z.string(), to: z.string(), seats: z.array(z.string()), text: z.string() })),
  spiritNotes: z.array(z.string()),
  /** GM-only: the override log (D6-ENG-07); empty for everyone else. */
  log: z.array(z.object({ kind: z.literal('override'), target: z.string(), reason: z.string(), before: z.string(), after: z.string() })),
});
export type D6View = z.infer<typeof d6View>;

/**
 * Every event type the engine emits; the engine's emit() takes only these, so the compiler keeps the list complete.
 * A literal list also lets a client narrow a room's events by `type`.
 */
export const d6EventType = z.enum([
  'attack.applied', 'attack.counter', 'attack.counter-ruled', 'attack.covered', 'attack.damage', 'attack.declared',
  'attack.defended', 'attack.evaded', 'attack.failed', 'attack.fumbled', 'attack.illusion', 'attack.sacrifice',
  'attack.teleport-evaded', 'barrier.created', 'barrier.damaged', 'barrier.defended', 'barrier.ended',
  'character.added', 'character.built', 'character.down', 'character.equipped', 'character.moved', 'check.concentrated',
  'check.consumed', 'check.resolved', 'check.rolled', 'combat.ended', 'combat.started', 'find.added', 'find.found',
  'flight.ended', 'flight.started', 'fukutsu.used', 'gm.override', 'gold.received', 'heal.declared', 'hp.changed',
  'illusion.created', 'initiative.decided', 'initiative.rolled', 'initiative.tie', 'iron-wall.ended',
  'iron-wall.started', 'item-bag.produced', 'light.made', 'lock.opened', 'modifier.added', 'move.declared',
  'move.failed', 'move.obstructed', 'opposed.passive-rolled', 'opposed.resolved', 'opposed.started', 'options.set',
  'question.answered', 'question.asked', 'question.refused', 'seat.added', 'session.started', 'skill.registered',
  'skill.used', 'spirit-sight.changed', 'spirit.note', 'status.added', 'stealth.changed', 'summon.created',
  'summon.skill', 'telepathy.message', 'teleport.accepted', 'teleport.marked', 'teleport.place', 'teleported', 'transform.changed',
  'trap.added', 'trap.disarmed', 'trap.found', 'trap.triggered', 'turn.started', 'weapon.dropped', 'window.closed',
  'window.min-elapsed', 'window.opened', 'window.passed', 'zone.added', 'zone.linked',
]);
export type D6EventType = z.infer<typeof d6EventType>;

/** One event as one viewer reads it: the `seen` of the kernel event part that admits that viewer. */
export const d6ViewEvent = z.object({ type: d6EventType, data: record });
export type D6ViewEvent = z.infer<typeof d6ViewEvent>;
/** The same type under its earlier name. */
export type D6ViewEventWire = D6ViewEvent;
