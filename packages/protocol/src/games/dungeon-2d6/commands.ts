import { z } from 'zod';
import { characterCommands } from '../../capabilities/characters.ts';
import { releaseCommands } from '../../capabilities/release.ts';
import { chatCommands } from '../../capabilities/chat.ts';
import { diceCommands } from '../../capabilities/dice.ts';
import { seatId } from '../../common.ts';
import {
  d6Abilities, d6Ability, d6AttackId, d6BarrierId, d6CharacterId, d6CheckId, d6CheckKind, d6Controller, d6Equipment,
  d6FindId, d6ItemId, d6MoveId, d6OpposedId, d6Options, d6QuestionId, d6Sex, d6Side, d6Skill,
  d6TrapId, d6WindowId, d6ZoneId,
} from './common.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const ch = d6CharacterId;
const reason = text(300);

/** A check as requested: the ability (final value unless a rule says otherwise) and situational modifiers the GM enters. */
export const d6CheckSpec = z.object({
  character: ch,
  kind: d6CheckKind,
  ability: d6Ability,
  /** The GM's target number (D6-ENG-03); without one the roll stands as its total (D6-BASE-01). */
  target: z.number().int().min(0).max(99).optional(),
  /** D6-HID-07: whether the target number is shown during the window. */
  targetVisible: z.boolean().default(false),
  /** D6-HID-02: a secret roll publishes only that it happened. */
  secret: z.boolean().default(false),
  /** GM-entered situational modifiers (the base game's numbers). */
  modifiers: z.array(z.object({ source: text(60), value: z.number().int().min(-20).max(20) })).max(8).default([]),
  /** The lock, trap or hidden thing the check is about. */
  subject: z.union([d6TrapId, d6FindId, text(60)]).optional(),
  /** D6-SKL-CHARM-01: the NPC an information-gathering check is aimed at, when 魅了 is used. */
  charmTarget: ch.optional(),
  /** D6-SKL-PET-01: add the pet's matching ability when searching. */
  usePet: z.boolean().default(false),
  /** D6-SKL-IRONARM-01: 鉄腕's bonus (a base-game amount) on a non-attack strength check. */
  ironArm: z.number().int().min(0).max(10).optional(),
  /** 2d6 unless the base game calls for a single die. */
  dice: z.union([z.literal(1), z.literal(2)]).default(2),
});
export type D6CheckSpec = z.infer<typeof d6CheckSpec>;

/** A normal movement per 手番 in the table's own unit; the base game's number, entered by the GM (D6-ZONE-08). */
const movement = z.number().int().min(0).max(9999);

/** D6-BASE-05: a race bonus is +2 in total, spread over the abilities. */
const raceBonus = z.object({
  VAL: z.number().int().min(0).max(2).default(0),
  AGI: z.number().int().min(0).max(2).default(0),
  SPI: z.number().int().min(0).max(2).default(0),
});

const destination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sight'), zone: d6ZoneId, distanceM: z.number().min(0).max(100000) }),
  z.object({ kind: z.literal('known'), place: text(80), zone: d6ZoneId.optional() }),
  z.object({ kind: z.literal('mark'), place: text(80), zone: d6ZoneId.optional() }),
]);

/** Every command of the dungeon-2d6 rule set. */
export const d6Command = z.discriminatedUnion('type', [
  // The table's chat and dice.
  ...chatCommands,
  ...characterCommands,
  ...releaseCommands,
  ...diceCommands,
  // Table and scene set-up (GM). Seats are the players' links; characters name their owning seat.
  z.object({ type: z.literal('seat.add'), name: text(40) }),
  z.object({ type: z.literal('options.set'), options: d6Options.partial() }),
  z.object({ type: z.literal('zone.add'), name: text(60), adjacent: z.array(d6ZoneId).max(20).default([]) }),
  z.object({ type: z.literal('zone.link'), a: d6ZoneId, b: d6ZoneId }),
  z.object({
    type: z.literal('character.add'),
    name: text(60),
    controller: d6Controller,
    owner: seatId.optional(),
    side: d6Side.optional(),
    zone: d6ZoneId,
    base: d6Abilities,
    hp: z.number().int().min(0).max(999),
    maxHp: z.number().int().min(1).max(999),
    skills: z.array(z.object({ skill: d6Skill, uses: z.number().int().min(0).max(99).optional() })).max(40).default([]),
    sex: d6Sex.optional(),
    magicCapable: z.boolean().default(false),
    equipment: z.array(d6Equipment).max(30).default([]),
    pet: d6Abilities.optional(),
    gmNotes: z.string().max(2000).default(''),
    movement: movement.optional(),
  }),
  /**
   * D6-BASE-05: a PC's 元能力値 from occupation values + race bonus + one free point. values and bonus may be left out
   * for the occupations and races the rules list; entered values win, so the GM can correct the translated table.
   */
  z.object({
    type: z.literal('character.build'),
    character: ch,
    occupation: z.object({ name: text(40), values: d6Abilities.optional() }),
    race: z.object({ name: text(40), bonus: raceBonus.optional() }),
    free: d6Ability,
  }),
  z.object({ type: z.literal('character.equip'), character: ch, item: d6ItemId, wielded: z.boolean() }),
  z.object({
    type: z.literal('skill.register'),
    skill: d6Skill,
    permanent: z.boolean(),
    consumable: z.boolean(),
    usesPerSession: z.number().int().min(0).max(99).optional(),
    officialText: z.string().max(2000).default(''),
  }),
  z.object({ type: z.literal('trap.add'), zone: d6ZoneId, area: z.boolean(), note: z.string().max(500) }),
  z.object({ type: z.literal('find.add'), zone: d6ZoneId, note: z.string().max(500) }),
  z.object({ type: z.literal('session.start') }),
  z.object({ type: z.literal('combat.start') }),
  z.object({ type: z.literal('combat.end') }),
  z.object({ type: z.literal('turn.next') }),
  z.object({ type: z.literal('rest'), character: ch, hours: z.number().int().min(1).max(240) }),
  // GM overrides (D6-ENG-07): always with a reason, kept in the log.
  z.object({
    type: z.literal('gm.override'),
    target: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('check'), check: d6CheckId, outcome: z.enum(['success', 'failure']) }),
      z.object({ kind: z.literal('hp'), character: ch, hp: z.number().int().min(0).max(999) }),
    ]),
    reason,
  }),
  z.object({ type: z.literal('gm.spirit-note'), text: text(2000) }),
  // Reaction windows (D6-WIN-11): pass, GM close, and the server's clock.
  z.object({ type: z.literal('window.pass'), window: d6WindowId, character: ch }),
  z.object({ type: z.literal('window.close'), window: d6WindowId }),
  z.object({ type: z.literal('window.timeout'), window: d6WindowId }),
  z.object({ type: z.literal('window.min-elapsed'), window: d6WindowId }),
  // Checks.
  z.object({ type: z.literal('check.roll'), check: d6CheckSpec }),
  z.object({ type: z.literal('check.concentrate'), check: d6CheckId, hp: z.number().int().min(1).max(99) }),
  /** D6-ENG-03: the GM settles a check; without an outcome a check without a target stands as its total (D6-BASE-01). */
  z.object({ type: z.literal('check.resolve'), check: d6CheckId, outcome: z.enum(['success', 'failure']).optional() }),
  /** The GM takes a pending check off the table unsettled (an opposed one with both its sides). */
  z.object({ type: z.literal('check.drop'), check: d6CheckId }),
  z.object({ type: z.literal('check.consume'), check: d6CheckId }),
  z.object({
    type: z.literal('opposed.start'),
    active: d6CheckSpec,
    passive: z.object({ character: ch, ability: d6Ability, secret: z.boolean().default(false) }),
    /** D6-BASE-03: false when neither side is clearly active (a tie is then a draw). */
    clearActive: z.boolean().default(true),
  }),
  z.object({ type: z.literal('opposed.roll-passive'), opposed: d6OpposedId, secret: z.boolean().default(false) }),
  z.object({ type: z.literal('opposed.resolve'), opposed: d6OpposedId }),
  // Combat.
  z.object({ type: z.literal('initiative.roll'), side: z.enum(['party', 'enemies']), character: ch }),
  z.object({ type: z.literal('initiative.decide'), first: z.enum(['party', 'enemies']) }),
  z.object({
    type: z.literal('attack.declare'),
    attacker: ch,
    targets: z.array(z.union([ch, d6BarrierId])).min(1).max(20),
    mode: z.enum(['melee', 'ranged', 'mental']),
    ability: d6Ability.optional(),
    skill: d6Skill.optional(),
    area: z.boolean().default(false),
    element: text(40).optional(),
    secret: z.boolean().default(false),
  }),
  z.object({ type: z.literal('attack.cover'), attack: d6AttackId, target: ch, coverer: ch }),
  z.object({ type: z.literal('attack.evade'), attack: d6AttackId, target: ch }),
  z.object({ type: z.literal('attack.teleport-evade'), attack: d6AttackId, target: ch, zone: d6ZoneId }),
  /** secret (GM only, D6-HID-02): the defence roll of a GM-run character publishes only that it happened. */
  z.object({ type: z.literal('attack.defend'), attack: d6AttackId, target: z.union([ch, d6BarrierId]), ability: d6Ability.optional(), secret: z.boolean().default(false) }),
  /**
   * gmReactions (D6-WIN-05): the GM keeps the カウンター/自己犠牲 window open for its own characters too. Without it
   * the GM passes for them as it enters the damage, so whether they hold those skills never shows (D6-HID-01).
   */
  z.object({
    type: z.literal('attack.damage'), attack: d6AttackId, target: z.union([ch, d6BarrierId]),
    amounts: z.array(z.number().int().min(0).max(999)).min(1).max(2), gmReactions: z.boolean().default(false),
  }),
  z.object({ type: z.literal('attack.counter'), attack: d6AttackId, target: ch }),
  z.object({ type: z.literal('attack.counter-ruling'), attack: d6AttackId, target: ch, success: z.boolean() }),
  z.object({ type: z.literal('attack.sacrifice'), attack: d6AttackId, target: ch, by: ch }),
  z.object({ type: z.literal('fukutsu.use'), character: ch }),
  // Zones and movement.
  z.object({ type: z.literal('move'), character: ch, path: z.array(d6ZoneId).min(1).max(10) }),
  z.object({ type: z.literal('move.obstruct'), move: d6MoveId, blocker: ch }),
  z.object({ type: z.literal('move.allow'), move: d6MoveId }),
  z.object({ type: z.literal('zone.leave'), character: ch }),
  z.object({ type: z.literal('trap.trigger'), trap: d6TrapId, damage: z.number().int().min(0).max(999).optional() }),
  z.object({ type: z.literal('light.make'), character: ch }),
  // Skills.
  z.object({ type: z.literal('skill.use'), user: ch, skill: d6Skill, targets: z.array(ch).max(20).default([]), effect: text(60).optional() }),
  z.object({ type: z.literal('skill.enchant'), user: ch, target: ch, ability: d6Ability }),
  z.object({ type: z.literal('skill.mana-shield'), user: ch, target: ch }),
  z.object({ type: z.literal('skill.iron-wall'), user: ch, ability: d6Ability }),
  /** secret (GM only, D6-HID-02): a GM-run caster's 精神 check publishes only that it happened. */
  z.object({ type: z.literal('skill.barrier'), user: ch, secret: z.boolean().default(false) }),
  z.object({ type: z.literal('skill.illusion'), user: ch }),
  z.object({ type: z.literal('skill.teleport'), user: ch, destination, passengers: z.array(ch).max(40).default([]) }),
  /** D6-SKL-TELEPORT-04: a passenger the sender does not run accepts the ride in its window (declining is window.pass). */
  z.object({ type: z.literal('teleport.accept'), window: d6WindowId, character: ch }),
  z.object({ type: z.literal('teleport.mark'), user: ch, place: text(80) }),
  z.object({ type: z.literal('teleport.learn-place'), user: ch, place: text(80), wellKnown: z.boolean() }),
  z.object({ type: z.literal('skill.summon'), user: ch, name: text(60), secret: z.boolean().default(false) }),
  z.object({ type: z.literal('summon.choose-skill'), summon: ch, skill: d6Skill }),
  z.object({ type: z.literal('telepathy.send'), from: ch, to: ch, text: text(2000) }),
  z.object({ type: z.literal('telepathy.read'), user: ch, target: ch }),
  z.object({ type: z.literal('telepathy.answer'), question: d6QuestionId, text: text(2000) }),
  z.object({ type: z.literal('encyclopedia.ask'), character: ch, question: text(1000) }),
  z.object({ type: z.literal('encyclopedia.answer'), question: d6QuestionId, text: text(2000) }),
  z.object({ type: z.literal('encyclopedia.refuse'), question: d6QuestionId }),
  z.object({ type: z.literal('skill.cheer'), user: ch, target: ch }),
  z.object({ type: z.literal('survival.share'), check: d6CheckId, characters: z.array(ch).min(1).max(20) }),
  z.object({ type: z.literal('skill.intimidate'), user: ch, skill: z.enum(['intimidate', 'perform']), target: ch, effect: z.enum(['no-active', 'penalty']) }),
  z.object({ type: z.literal('status.stun'), character: ch }),
  z.object({ type: z.literal('skill.virtue'), user: ch, matter: text(300) }),
  z.object({ type: z.literal('skill.item-bag'), user: ch, item: text(80), kind: z.enum(['flavour', 'town-consumable', 'exploration', 'other']) }),
  /** speed: the flight speed taken when taking off; at most about 3× normal movement (D6-SKL-FLIGHT-04). */
  z.object({ type: z.literal('skill.flight'), user: ch, on: z.boolean(), speed: movement.optional() }),
  z.object({ type: z.literal('skill.transform'), user: ch, on: z.boolean(), asReaction: z.boolean().default(false) }),
  z.object({ type: z.literal('skill.steal'), user: ch, target: ch, item: d6ItemId }),
  z.object({ type: z.literal('skill.stealth'), user: ch, on: z.boolean() }),
  z.object({ type: z.literal('skill.spirit-sight'), user: ch, on: z.boolean() }),
  z.object({ type: z.literal('skill.heal'), user: ch, targets: z.array(ch).min(1).max(20) }),
  z.object({ type: z.literal('hp.heal'), character: ch, amount: z.number().int().min(1).max(999) }),
]);
export type D6Command = z.infer<typeof d6Command>;
