import { z } from 'zod';
import { releaseEvents, releaseView } from '../../capabilities/release.ts';
import { cardFace, cardId, cardView, seatId, successLevel, viewer } from '../../common.ts';
import { characterEvents, charactersView } from '../../capabilities/characters.ts';
import { feedEvents, feedView } from '../../capabilities/feed.ts';
import { cotActivity, cotCharacterId, cotFactId, cotInvAction, cotOptions, cotRestLoad, cotSquareId } from './commands.ts';

/** A stack entry: existence, orientation and tap state are public; the face only where this viewer may know it. */
export const cotEntryView = z.object({
  id: cardId,
  faceUp: z.boolean(),
  tapped: z.boolean(),
  origin: z.enum(['deck', 'hand', 'bone']),
  face: cardFace.optional(),
});

export const cotSquareView = z.object({ id: cotSquareId, scouted: z.boolean(), stack: z.array(cotEntryView) });

/** A character sheet (COT-MOD-12); public by default (COT-HID-01), else only to its player and the GM. */
export const cotSheetView = z.object({
  str: z.number(),
  con: z.number(),
  pow: z.number(),
  int: z.number(),
  app: z.number(),
  mp: z.number(),
  moveLoad: z.number(),
  restLoad: cotRestLoad,
  skills: z.record(z.string(), z.number()),
  skillSets: z.object({ scout: z.number(), memorial: z.number(), spot: z.number() }),
  spiritPressure: z.number(),
  call: z.number(),
  deathRites: z.number(),
  experienceChecks: z.array(z.string()),
  trainingHours: z.number(),
  exemptFromDeathOmen: z.boolean(),
  limbAp: z.number(),
});

export const cotCharacterView = z.object({
  id: cotCharacterId,
  name: z.string(),
  seat: seatId.nullable(),
  handCount: z.number().int(),
  ltfThirds: z.number().int(),
  ltfAtCycleStart: z.number().int(),
  sheet: cotSheetView.optional(),
});

export const cotFactView = z.object({
  id: cotFactId,
  square: cotSquareId,
  entryId: cardId,
  fact: z.enum(['suit', 'card']),
  value: z.string(),
  learnedAt: z.number().int(),
  /** More than one player holds it (shared, or learned by several); who exactly is the GM's. */
  shared: z.boolean().optional(),
  /** Who holds the fact: shown to the GM only. */
  holders: z.array(seatId).optional(),
});

export const cotDeclarationView = z.object({
  character: cotCharacterId,
  declared: z.boolean(),
  locked: z.boolean(),
  commitment: z.string().optional(),
  /** Own character's choice; everyone's for the GM (live) or after the reveal. */
  action: cotInvAction.optional(),
  salt: z.string().optional(),
});

/** The phase and what it waits for, with nothing hidden in it. */
export const cotPhaseView = z.object({
  kind: z.enum(['setup', 'investigation', 'time', 'event', 'cycleEnd', 'departed', 'night']),
  step: z.string().nullable(),
  /** Public numbers of the current step: strengths, requirements, running totals, who still has to act. */
  detail: z.record(z.string(), z.json()),
});

/** Call of <T> as one viewer may see it (COT-HID-01). Produced only by the engine's view(). */
export const cotView = z.object({
  game: z.literal('call-of-t'),
  viewer,
  /** The players' seats (public: names only). */
  seats: z.array(z.object({ id: seatId, name: z.string() })),
  /** The table's chat and dice lines this viewer may read. */
  ...feedView,
  /** Every character at the table (seats' and the GM's NPCs), each as this viewer may see it. */
  ...charactersView,
  ...releaseView,
  cycle: z.number().int(),
  phase: cotPhaseView,
  options: cotOptions,
  board: z.object({
    width: z.number().int(),
    height: z.number().int(),
    gate: cotSquareId,
    squares: z.array(cotSquareView),
    markers: z.array(z.object({ character: cotCharacterId, square: cotSquareId })),
  }),
  /** The skill resonance rolls (public, COT-SET-01 step 4). */
  resonanceSkill: z.string(),
  deckCount: z.number().int(),
  discard: z.array(cardView),
  bone: z.object({
    revealed: z.boolean(),
    square: cotSquareId.optional(),
    strength: z.number().int().optional(),
    pow: z.number().int().optional(),
  }),
  party: z.object({
    position: cotSquareId,
    previousPosition: cotSquareId.nullable(),
    marchingOrder: z.array(cotCharacterId),
    actionOrder: z.array(cotCharacterId),
    food: z.number(),
    money: z.number(),
    sleds: z.number(),
    ropes: z.boolean(),
    fairyDust: z.number(),
    /** Antidote doses by the poison they cancel (T-TRADE 毒消し). */
    antidoteThorns: z.number().int(),
    antidoteGas: z.number().int(),
    remains: z.number(),
    responses: z.number(),
    tenkai: z.boolean(),
    thirdResponder: cotCharacterId.nullable(),
    mushi: z.number().int(),
    activeSpades: z.array(cardId),
    forcedMove: z.object({ to: cotSquareId, reason: z.enum(['fumble', 'retreat']) }).nullable(),
    mustReturn: z.boolean(),
  }),
  characters: z.array(cotCharacterView),
  /** Hands this viewer may see: its own characters', every hand for the GM, none for a spectator. */
  hands: z.record(cotCharacterId, z.array(cardView)),
  facts: z.array(cotFactView),
  declarations: z.array(cotDeclarationView).nullable(),
  activities: z.record(cotCharacterId, cotActivity),
});
export type CotView = z.infer<typeof cotView>;

const noteParam = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What one viewer learns from one event: the game's own, and those of the table's chat, dice and characters. */
export const cotViewEvent = z.discriminatedUnion('type', [
  ...feedEvents,
  ...characterEvents,
  ...releaseEvents,
  z.object({ type: z.literal('seat.added'), seat: seatId, name: z.string() }),
  z.object({ type: z.literal('cot.phase'), cycle: z.number().int(), phase: z.string(), step: z.string().nullable() }),
  z.object({
    type: z.literal('cot.declared'),
    character: cotCharacterId,
    commitment: z.string(),
    action: cotInvAction.optional(),
  }),
  z.object({ type: z.literal('cot.locked'), character: cotCharacterId }),
  z.object({
    type: z.literal('cot.revealed'),
    /** The cycle whose declaration this is: each device judges the reveal against what it saw sealed in it. Events logged before it was recorded lack it. */
    cycle: z.number().int().optional(),
    answers: z.array(
      z.object({
        character: cotCharacterId,
        declared: z.boolean(),
        action: cotInvAction.optional(),
        salt: z.string().optional(),
        commitment: z.string().optional(),
      }),
    ),
  }),
  z.object({
    type: z.literal('cot.check'),
    character: cotCharacterId.nullable(),
    purpose: z.string(),
    /** The chance rolled against: absent where the character's sheet is private to this viewer (COT-HID-01). */
    chance: z.number().optional(),
    roll: z.number().int().nullable(),
    level: successLevel,
    sd: z.number().int(),
    substituted: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('cot.card'),
    op: z.enum(['placed', 'opened', 'moved', 'removed', 'drawn', 'discarded', 'tapped', 'returned', 'passed', 'played']),
    /** Absent when the card went into a hand this viewer may not see: not even its id is told. */
    card: cardView.optional(),
    square: cotSquareId.nullable(),
    character: cotCharacterId.nullable(),
    faceUp: z.boolean().optional(),
    to: z.string().optional(),
  }),
  z.object({ type: z.literal('cot.fact'), fact: cotFactView }),
  /** How an event step ended (its start is a cot.phase naming the step); steps are played in the open. */
  z.object({ type: z.literal('cot.step'), cycle: z.number().int(), step: z.string(), outcome: z.string(), params: z.record(z.string(), noteParam) }),
  z.object({ type: z.literal('cot.note'), key: z.string(), params: z.record(z.string(), noteParam) }),
]);
export type CotViewEvent = z.infer<typeof cotViewEvent>;
