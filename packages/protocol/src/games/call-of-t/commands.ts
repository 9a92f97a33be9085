import { z } from 'zod';
import { cardId, seatId } from '../../common.ts';
import { characterCommands } from '../../capabilities/characters.ts';
import { releaseCommands } from '../../capabilities/release.ts';
import { chatCommands } from '../../capabilities/chat.ts';
import { diceCommands } from '../../capabilities/dice.ts';

/** A square label: column letter then row number, "A1" is the top-left corner (COT-MOD-01). */
export const cotSquareId = z.string().regex(/^[A-Z][1-9][0-9]?$/);
/** Character ids are made by the engine at setup, in the order the GM entered the characters. */
export const cotCharacterId = z.string().regex(/^ch[0-9]{1,3}$/);
export const cotFactId = z.string().regex(/^f[0-9]{1,6}$/);

const pct = z.number().int().min(-100).max(500);
const stat = z.number().int().min(0).max(200);
const name = z.string().trim().min(1).max(60);

/** The load worn while waiting, T-REC (c). */
export const cotRestLoad = z.enum(['leather', 'halfStr', 'str', 'strCon']);
export const cotSkillSet = z.enum(['scout', 'memorial', 'spot']);
export const cotActivity = z.enum(['sleep', 'rest', 'watch']);
export const cotSense = z.enum(['see', 'listen', 'none']);
/** An orthogonal direction on the board: up is toward row 1, right toward the last column (COT-MOD-01). */
export const cotDirection = z.enum(['up', 'right', 'down', 'left']);

/** One character as the GM enters it at setup (COT-SET-01 step 6). */
export const cotCharacterInput = z.object({
  name,
  /** The seat that plays this character; null for one the GM runs. */
  seat: seatId.nullable(),
  str: stat,
  con: stat,
  pow: stat,
  int: stat,
  app: stat,
  mp: stat,
  moveLoad: z.number().int().min(0).max(1000),
  restLoad: cotRestLoad,
  skills: z.record(z.string().min(1).max(40), pct),
  skillSets: z.object({ scout: pct, memorial: pct, spot: pct }),
  spiritPressure: z.number().int().min(0).max(200),
  call: z.number().int().min(0).max(200),
  deathRites: pct,
  /** Bonus to the 〈偵察〉 set from Second Sight / Spirit Sight (COT-INV-03 step 5). */
  scoutBonus: z.number().int().min(0).max(100).default(0),
  /** Bonus to the 〈慰霊〉 set from the spells of COT-REM-01. */
  memorialBonus: z.number().int().min(0).max(100).default(0),
  exemptFromDeathOmen: z.boolean().default(false),
  /** Skills that cannot receive experience checks: they earn training hours instead (COT-DIE-09). */
  noChecks: z.array(z.string().min(1).max(40)).max(50).default([]),
  initialHand: z.number().int().min(0).max(10).default(0),
  /** The lowest armour points among arms and legs: it lowers the poison thorns' POT (T-OBS ♣5). */
  limbAp: z.number().int().min(0).max(30).default(0),
});
export type CotCharacterInput = z.infer<typeof cotCharacterInput>;

/** Every INFERRED default of §13 that a GM may override (COT-SET-01; defaults in defaultCotOptions). */
export const cotOptions = z.object({
  aceHigh: z.boolean(),
  autoFailAtZero: z.boolean(),
  openDeclarations: z.boolean(),
  scoutSharing: z.enum(['private', 'party']),
  visionResolution: z.enum(['scoutRoll', 'autoSuccess']),
  deathOmenTiming: z.enum(['timePhase', 'investigationPhase']),
  gateIsSafe: z.boolean(),
  watchCost: z.number().int().min(0).max(3),
  foodPerWait: z.number().int().min(0).max(20),
  recomputeMushi: z.boolean(),
  retreatSkipsInvestigation: z.boolean(),
  substituteLevel: z.enum(['success', 'special', 'critical']),
  sheetsPublic: z.boolean(),
  maxCycles: z.number().int().min(1).max(99),
  omenPlacement: z.enum(['nearGate', 'roadBack']),
  deckExhaustion: z.enum(['reshuffle', 'none']),
  foodTreasureRations: z.number().int().min(0).max(20),
  gmObstacleRows: z.boolean(),
});
export type CotOptions = z.infer<typeof cotOptions>;

/** The GM's setup (COT-SET-01): everything before cycle 1. */
export const cotSetup = z.object({
  width: z.number().int().min(2).max(26).default(5),
  height: z.number().int().min(2).max(26).default(5),
  gate: cotSquareId,
  bone: z.object({ square: cotSquareId, strength: z.number().int().min(1).max(30), pow: z.number().int().min(1).max(99) }),
  resonanceSkill: z.string().min(1).max(40),
  characters: z.array(cotCharacterInput).min(1).max(12),
  /** Indexes into characters; default: the order entered. Action order defaults to marching order (Q8). */
  marchingOrder: z.array(z.number().int().min(0).max(11)).optional(),
  actionOrder: z.array(z.number().int().min(0).max(11)).optional(),
  party: z.object({
    food: z.number().int().min(0).max(999),
    money: z.number().int().min(0).max(1_000_000),
    sleds: z.number().int().min(0).max(20),
    ropes: z.boolean(),
    /** Fairy dust in strength points (T-TRADE 妖精粉). */
    fairyDust: z.number().int().min(0).max(99).default(0),
  }),
  options: cotOptions.partial().default({}),
});
export type CotSetup = z.infer<typeof cotSetup>;

/** An investigation choice (COT-INV-01, T-INV-PLACE), sealed until every character locks (COT-HID-03). */
export const cotInvAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scout'),
    target: cotSquareId,
    /** A ♥ from the hand played instead of the roll (T-FX-INV). */
    substitute: cardId.optional(),
    /** On a critical: the square next to the target whose suit to learn, and a hand card to set there if blank. */
    peek: cotSquareId.optional(),
    setCard: cardId.optional(),
  }),
  z.object({ kind: z.literal('vision'), target: cotSquareId, card: cardId }),
  z.object({ kind: z.literal('prayer'), substitute: cardId.optional() }),
  z.object({ kind: z.literal('resonance'), target: cotSquareId }),
  z.object({ kind: z.literal('probe'), target: cotSquareId, card: cardId }),
  z.object({ kind: z.literal('none') }),
]);
export type CotInvAction = z.infer<typeof cotInvAction>;

export const cotPlan = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('move'),
    to: cotSquareId,
    /** A hand card laid face-up on a blank destination (COT-TIM-07). */
    place: z.object({ character: cotCharacterId, card: cardId }).optional(),
  }),
  z.object({ kind: z.literal('wait') }),
  z.object({ kind: z.literal('leave') }),
]);
export type CotPlan = z.infer<typeof cotPlan>;

const handCard = z.object({ character: cotCharacterId, card: cardId });

/** What the GM reports after running an encounter's tactical combat (COT-ENC-03). */
export const cotEncounterOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('victory') }),
  z.object({ outcome: z.literal('retreat'), to: cotSquareId }),
  z.object({ outcome: z.literal('clubEscape'), to: cotSquareId, clubs: z.array(handCard).min(1).max(13) }),
  z.object({ outcome: z.literal('other') }),
]);

/** What the GM reports after an interaction (COT-INT-01..04); combat results are the GM's. */
export const cotInteractionOutcome = z.discriminatedUnion('effect', [
  z.object({ effect: z.literal('none') }),
  /** 移動(N): the squares walked, in order. Each T-INT row holds it to its own N; the longest walk here covers the largest board. */
  z.object({ effect: z.literal('move'), path: z.array(cotSquareId).min(1).max(26 * 26) }),
  z.object({ effect: z.literal('reinforce'), to: cotSquareId, value: z.number().int().min(0).max(99) }),
  z.object({ effect: z.literal('defend'), value: z.number().int().min(0).max(99) }),
  z.object({ effect: z.literal('combatWon') }),
  /** 偵察: a substitute scout roll (a success) on each square named, at most the effect value of them. */
  z.object({ effect: z.literal('scout'), squares: z.array(cotSquareId).min(1).max(4) }),
]);

/** Every command of Call of <T>. */
/** Call of <T>'s commands, with the table's chat and dice. */
export const cotCommand = z.discriminatedUnion('type', [
  ...chatCommands,
  ...characterCommands,
  ...releaseCommands,
  ...diceCommands,
  /** A player seat (the link the GM hands out); characters name their seat at setup. */
  z.object({ type: z.literal('seat.add'), name: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('cot.setup'), setup: cotSetup }),
  /** A character entered after the setup, for a seat added later or one the GM runs (COT-SET-01 step 6). */
  z.object({ type: z.literal('cot.character.add'), character: cotCharacterInput }),
  z.object({ type: z.literal('cot.inv.declare'), character: cotCharacterId, action: cotInvAction }),
  z.object({ type: z.literal('cot.inv.lock'), character: cotCharacterId }),
  z.object({ type: z.literal('cot.inv.force') }),
  z.object({
    type: z.literal('cot.knowledge.share'),
    fact: cotFactId,
    /** Seats to share with; absent means every player. */
    to: z.array(seatId).min(1).max(12).optional(),
  }),
  z.object({ type: z.literal('cot.omen.confirm'), squares: z.array(cotSquareId).max(12).optional() }),
  /**
   * The GM confirms where the sleepwalkers head (COT-TIM-03), or changes some: a direction, or null for no move.
   * Sleepwalkers left out keep the direction the engine derived.
   */
  z.object({
    type: z.literal('cot.sleepwalk.confirm'),
    moves: z.array(z.object({ character: cotCharacterId, direction: cotDirection.nullable() })).max(12).optional(),
  }),
  z.object({ type: z.literal('cot.time.restrain'), character: cotCharacterId, sleepwalker: cotCharacterId }),
  z.object({ type: z.literal('cot.time.activity'), character: cotCharacterId, activity: cotActivity }),
  z.object({ type: z.literal('cot.time.propose'), plan: cotPlan }),
  z.object({ type: z.literal('cot.time.accept') }),
  z.object({ type: z.literal('cot.pursuer.choose'), entry: cardId }),
  z.object({ type: z.literal('cot.enc.sense'), character: cotCharacterId, sense: cotSense }),
  z.object({ type: z.literal('cot.enc.roll') }),
  z.object({ type: z.literal('cot.enc.outcome'), result: cotEncounterOutcome }),
  z.object({
    type: z.literal('cot.treasure.resolve'),
    diamond: handCard.optional(),
    spotters: z.array(cotCharacterId).max(12),
  }),
  z.object({
    type: z.literal('cot.remains.search'),
    searchers: z.array(z.object({ character: cotCharacterId, substitute: cardId.optional() })).max(12),
  }),
  z.object({
    type: z.literal('cot.tsp.accept'),
    adjust: z.array(z.object({ character: cotCharacterId, direction: z.enum(['up', 'down']) })).max(12),
  }),
  /** The sender's summoners; none is a player's vote to fight without summoning itself (COT-TSP-01). */
  z.object({
    type: z.literal('cot.tsp.summon'),
    summoners: z.array(z.object({ character: cotCharacterId, skill: z.string().min(1).max(40) })).max(12),
  }),
  z.object({ type: z.literal('cot.tsp.outcome'), winner: cotCharacterId.nullable() }),
  z.object({
    type: z.literal('cot.obs.attempt'),
    rolls: z
      .array(
        z.object({
          character: cotCharacterId,
          skill: z.string().min(1).max(40),
          fail: z.boolean().optional(),
          /** Across the crevasse on the rope another character fixed: a sure success for 1 LTF (T-OBS ♣9). */
          rope: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(12),
  }),
  z.object({ type: z.literal('cot.obs.heart'), character: cotCharacterId, card: cardId }),
  z.object({ type: z.literal('cot.obs.withdraw') }),
  z.object({ type: z.literal('cot.obs.rule'), passed: z.boolean() }),
  /** T-FX-OBS ♦ after an obstacle is overcome (COT-FX-04); `done` moves on without one. */
  z.object({ type: z.literal('cot.obs.diamond'), character: cotCharacterId, card: cardId }),
  z.object({ type: z.literal('cot.obs.done') }),
  /** The number a T-OBS row leaves to the GM: the gas's CON multiplier (♣3), the labyrinth's POW total (♣K). */
  z.object({ type: z.literal('cot.obs.value'), value: z.number().int().min(-999).max(999) }),
  /** The lore roll of a row with a bonus (♣7, ♣10): each character once per obstacle. */
  z.object({ type: z.literal('cot.obs.bonus'), characters: z.array(cotCharacterId).min(1).max(12) }),
  /** Fairy dust lowers the required SD of ♣4, ♣7, ♣10 and ♣K by its strength (T-TRADE 妖精粉). */
  z.object({ type: z.literal('cot.obs.dust'), strength: z.number().int().min(1).max(99) }),
  /** Poison thorns (♣5): a character pays 1 LTF to take one point of progress off without poison. */
  z.object({ type: z.literal('cot.obs.thornsPay'), character: cotCharacterId }),
  /** Poison thorns (♣5): the party pushes through what progress is left, taking its poison. */
  z.object({ type: z.literal('cot.obs.thornsPush') }),
  /**
   * An antidote (T-TRADE 毒消し) from the party's doses cancels the POT the obstacle just overcome dealt this
   * character: the thorns' antidote for the poison thorns (♣5), the gas antidote for toxic gas (♣3).
   */
  z.object({ type: z.literal('cot.obs.antidote'), character: cotCharacterId }),
  /** The old boat (♣Q) at double the required SD: the GM names the next square the party goes on to. */
  z.object({ type: z.literal('cot.obs.boat'), to: cotSquareId }),
  z.object({ type: z.literal('cot.int.outcome'), result: cotInteractionOutcome }),
  z.object({ type: z.literal('cot.end.confirm'), character: cotCharacterId }),
  z.object({ type: z.literal('cot.end.pass'), from: cotCharacterId, to: cotCharacterId, card: cardId }),
  z.object({ type: z.literal('cot.end.next') }),
  /** The GM edits counters by hand (damage, payments and other GM rulings of §10 land here). */
  z.object({
    type: z.literal('cot.gm.adjust'),
    party: z
      .object({
        food: z.number().int().min(0).max(999),
        money: z.number().int().min(0).max(1_000_000),
        sleds: z.number().int().min(0).max(20),
        ropes: z.boolean(),
        remains: z.number().int().min(0).max(99),
        fairyDust: z.number().int().min(0).max(99),
        antidoteThorns: z.number().int().min(0).max(99),
        antidoteGas: z.number().int().min(0).max(99),
      })
      .partial()
      .optional(),
    character: z
      .object({
        id: cotCharacterId,
        ltfThirds: z.number().int().min(0).max(999).optional(),
        call: z.number().int().min(0).max(200).optional(),
        mp: stat.optional(),
        spiritPressure: z.number().int().min(0).max(200).optional(),
        deathRites: pct.optional(),
      })
      .optional(),
  }),
]);
export type CotCommand = z.infer<typeof cotCommand>;
