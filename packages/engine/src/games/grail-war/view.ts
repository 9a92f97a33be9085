import type { Viewer } from '@veiltable/protocol';
import type { Sealed, SealedReveal } from '../../kernel/sealed.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { KnowledgeView, SlotView } from './access.ts';
import { inBattle, knowledgeFor, mirrors, relationsFor, rewardsFor, seesPrivate, seesRelation, seesReveals, slotFor } from './access.ts';
import type { BatchPlan, PrebattleDecl, WindowAction, WindowDecl } from './commands.ts';
import { concealmentOf } from './concealment.ts';
import { aclOf } from './context.ts';
import type { Acl, GrailWarEvent, PublicParticipant } from './events.ts';
import { PAIR_EVENTS } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import type { Pool } from './pool.ts';
import type { Relation } from './relations.ts';
import type { SceneEffect } from './scene-effects.ts';
import type { ClassId, Meter, Sheet } from './sheets.ts';
import type { Battle, Binding, Character, GrailWarState, Override, Participant, Reward, Seat } from './state.ts';

/** A scene effect as shown: what it moved the current HP and MP by is bookkeeping for its end, not shown. */
export type SceneEffectView = Pick<SceneEffect, 'item' | 'kind' | 'maxHp' | 'maxMp'>;

/** `seat`: the owner's seat, for those who see the character privately (so a client knows which one it plays). */
/** Campaign flags the battle engine keeps (MASTER-01, MISC-01, SEAL-09, TRUST): owner, partner and GM only. */
export type CharacterStatusView = {
  zero: boolean;
  dead: boolean;
  ssKeywords: string[];
  binding: Binding | null;
  /** HIDE-F17: the servant and the GM; its master only under `partnerSeesTrust`. */
  trust: number | null;
  trustLockDays: number | null;
  sealResisted: boolean;
  /**
   * "For the scene" consumables, HP raises and trust shifts in force (GW-ITEM, TRUST-02), with what they added to the
   * maxima, and an Attack Stance waiting for the next battle (SEAL-00/03).
   */
  sceneEffects: SceneEffectView[];
  stanceReady: boolean;
  /** SAN (§13 trial, HIDE-F18): concealment left; null while `characterConcealment` is off. */
  concealment: number | null;
  /** HIDE-F01 under `notifyTrueNameReveal`: someone outside the pair knows this servant's true name (not who). */
  trueNameRevealed: boolean | null;
};
export type CharacterView = {
  id: string;
  kind: 'servant' | 'master';
  name: string;
  seat: string | null;
  className: ClassId | null;
  trueName: string | null;
  sheet: Sheet | null;
  status: CharacterStatusView | null;
  /** SAN-01: Church sanctions are public (HIDE-F18). */
  sanctions: number;
};
export type SealedView<A> = { status: 'open' | 'revealed'; entries: { character: string; declared: boolean; commitment?: string; answer?: A }[] };
export type ParticipantView = {
  id: string;
  side: string;
  row: 'front' | 'back';
  status: Participant['status'];
  hp: Meter | null;
  mp: Meter | null;
  /** Pool, remaining counts and battle effects: the character's own side only (F26). */
  private: Omit<Participant, 'id' | 'side' | 'row' | 'status' | 'pool'> & { pool: Pool } | null;
};
export type BattleView = {
  id: number;
  phase: Battle['phase'];
  scene: Battle['scene'];
  batch: number;
  batches: number;
  slotsPlayed: number;
  engaged: Record<string, string[]>;
  participants: ParticipantView[];
  prebattle: SealedView<PrebattleDecl> | null;
  submission: SealedView<BatchPlan> | null;
  window: SealedView<WindowDecl> | null;
  /** GW-HIDE-04: when the open sealed step is forced (ms since the epoch); null without a timer or outside the battle. */
  deadline: number | null;
  /** The current batch's plans once revealed. */
  plans: Record<string, BatchPlan> | null;
  windowActions: { master: string; action: WindowAction }[] | null;
  history: SlotView[];
  knowledge: KnowledgeView[];
  withdrawnSides: string[];
  winner: string | null;
  endReason: Battle['endReason'];
  rewards: Reward[];
  /** GM overrides of characters this viewer sees privately. */
  overrides: Override[];
};
export type GrailWarView = {
  game: 'grail-war';
  viewer: Viewer;
  options: GrailWarOptions;
  seats: Seat[];
  characters: CharacterView[];
  /** The room's information ledger, per knower (HIDE-F11); the authoritative total for the GM only (F13). */
  ledger: KnowledgeView[];
  /** The relationship chart, per holder (HIDE-F15/F16). */
  relations: Relation[];
  battle: BattleView | null;
};

/** The room as this viewer may see it (§17). Everything hidden is left out, never masked. */
export function view(state: GrailWarState, viewer: Viewer): GrailWarView {
  const acl = aclOf(state);
  const battle = state.battle;
  // A battle reads its own snapshot; between battles the room ledger says what each knower knows (INFO-13).
  const known = knowledgeFor(acl, battle ? battle.knowledge : state.ledger, viewer);
  const characters: CharacterView[] =
    viewer.role === 'spectator' && !mirrors(acl, viewer)
      ? []
      : Object.values(state.characters).map((c) => {
          const own = seesPrivate(acl, c.id, viewer);
          const k = known.find((x) => x.target === c.id);
          const servant = c.sheet.kind === 'servant' ? c.sheet : null;
          return {
            id: c.id,
            kind: c.sheet.kind,
            name: servant ? servant.alias : c.sheet.kind === 'master' ? c.sheet.name : '',
            seat: own ? c.seat : null,
            className: servant && (own || k?.classKnown) ? servant.className : null,
            trueName: servant && (own || k?.trueNameKnown) ? servant.trueName : null,
            sheet: own ? structuredClone(c.sheet) : null,
            status: own ? statusFor(state, acl, c, viewer) : null,
            sanctions: concealmentOf(state, c.id).sanctions,
          };
        });
  return {
    game: 'grail-war',
    viewer: structuredClone(viewer),
    options: structuredClone(state.options),
    seats: state.seats.map((s) => ({ ...s })),
    characters,
    ledger: knowledgeFor(acl, state.ledger, viewer),
    relations: relationsFor(acl, state.relations, viewer),
    battle: battle ? battleFor(state, acl, battle, viewer, known) : null,
  };
}

/** The campaign flags of a character its owner, partner or the GM sees; trust stays with the servant (HIDE-F17). */
function statusFor(state: GrailWarState, acl: Acl, c: Character, v: Viewer): CharacterStatusView {
  const trustShown = mirrors(acl, v) || (v.role === 'player' && acl.ownerOf[c.id] === v.seat) || state.options.partnerSeesTrust;
  return {
    zero: c.zero,
    dead: c.dead,
    ssKeywords: [...c.ssKeywords],
    binding: c.binding ? { ...c.binding } : null,
    trust: trustShown ? c.trust : null,
    trustLockDays: trustShown ? c.trustLockDays : null,
    sealResisted: c.sealResisted,
    sceneEffects: c.sceneEffects.map(({ item, kind, maxHp, maxMp }) => ({ item, kind, maxHp, maxMp })),
    stanceReady: c.stanceReady,
    concealment: state.options.characterConcealment ? concealmentOf(state, c.id).value : null,
    trueNameRevealed: state.options.notifyTrueNameReveal && c.sheet.kind === 'servant' ? trueNameKnownOutside(state, c) : null,
  };
}

/** Whether a ledger entry, in the room or the running battle's snapshot, gives someone outside the pair the true name. */
function trueNameKnownOutside(state: GrailWarState, c: Character): boolean {
  const entries = [...state.ledger, ...(state.battle?.knowledge ?? [])];
  return entries.some((k) => k.target === c.id && k.trueNameKnown && k.knower !== c.partner);
}

function battleFor(state: GrailWarState, acl: Acl, b: Battle, v: Viewer, known: KnowledgeView[]): BattleView | null {
  if (!seesReveals(acl, v)) return null;
  const member = inBattle(acl, v);
  return {
    id: b.id,
    phase: b.phase,
    scene: b.scene,
    batch: b.batch,
    batches: b.batches,
    slotsPlayed: b.slotsPlayed,
    engaged: structuredClone(b.engaged),
    participants: b.participants.map((p) => {
      const own = seesPrivate(acl, p.id, v);
      const sheet = state.characters[p.id]!.sheet;
      const showHp = own || (member && state.options.showHpToOpponents);
      const { id, side, row, status, ...rest } = p;
      return { id, side, row, status, hp: showHp ? { ...sheet.hp } : null, mp: showHp ? { ...sheet.mp } : null, private: own ? structuredClone(rest) : null };
    }),
    prebattle: member ? sealedFor(acl, b.prebattle, v) : null,
    submission: member && b.submission ? sealedFor(acl, b.submission, v) : null,
    window: member && b.window ? sealedFor(acl, b.window, v) : null,
    deadline: member ? b.deadline : null,
    // Plans are stored only at reveal, so whatever is here is public to battle viewers.
    plans: Object.keys(b.plans).length > 0 ? structuredClone(b.plans) : null,
    // Seals used in battle are announced by name at the window's reveal (F10); they are stored only then.
    windowActions: b.windowActions.length > 0 ? structuredClone(b.windowActions) : null,
    history: b.history.map((r) => slotFor(acl, r, v)),
    knowledge: known,
    withdrawnSides: [...b.withdrawnSides],
    winner: b.winner,
    endReason: b.endReason,
    rewards: rewardsFor(acl, b.rewards ?? [], v),
    overrides: b.overrides.filter((o) => seesPrivate(acl, o.character, v)).map((o) => ({ ...o })),
  };
}

/** A sealed step: who answered and the commitment for all; the answer for its own side until reveal, for all after. */
function sealedFor<A>(acl: Acl, s: Sealed<A>, v: Viewer): SealedView<A> {
  return {
    status: s.status,
    entries: s.seats.map((seat) => {
      const e = sealedAnswerOf(s, seat);
      if (!e) return { character: seat, declared: false };
      const show = s.status === 'revealed' || seesPrivate(acl, seat, v);
      return show ? { character: seat, declared: true, commitment: e.commitment, answer: structuredClone(e.answer) } : { character: seat, declared: true, commitment: e.commitment };
    }),
  };
}

export type GrailWarViewEvent =
  | { type: 'options.set'; options: GrailWarOptions }
  | { type: 'seat.added'; seat: string; name: string }
  | { type: 'character.registered'; id: string; kind: 'servant' | 'master'; name: string; sheet?: Sheet }
  | { type: 'character.updated'; id: string; kind: 'servant' | 'master'; name: string; sheet?: Sheet }
  | { type: 'knowledge.set'; entry: KnowledgeView }
  | { type: 'knowledge.removed'; knower: string; target: string }
  | { type: 'relation.set'; entry: Relation }
  | { type: 'relation.removed'; holder: string; other: string }
  | { type: 'scene.ended' }
  | { type: 'battle.overridden'; override: Override }
  | { type: 'battle.started'; battle: number; scene: 'day' | 'night'; participants: PublicParticipant[]; knowledge: KnowledgeView[] }
  | { type: 'sealed.answered'; step: 'prebattle' | 'batch' | 'window'; character: string; commitment: string }
  | { type: 'prebattle.revealed'; answers: SealedReveal<PrebattleDecl>[]; rows: Record<string, 'front' | 'back'> }
  | { type: 'batch.opened'; batch: number; engaged: Record<string, string[]> }
  | { type: 'batch.revealed'; batch: number; answers: SealedReveal<BatchPlan>[] }
  | { type: 'window.opened'; batch: number; masters: string[] }
  | { type: 'window.revealed'; batch: number; answers: SealedReveal<WindowDecl>[] }
  | { type: 'slot.resolved'; record: SlotView }
  | { type: 'battle.withdrawn'; side: string; by: string }
  | { type: 'battle.betrayed'; character: string; side: string }
  | { type: 'battle.extended'; batches: number }
  | { type: 'seal.retreat'; master: string; servant: string; endsBattle: boolean }
  | { type: 'battle.ended'; reason: string; winner: string | null; slotsPlayed: number }
  | { type: 'battle.decided'; winner: string | null }
  | { type: 'battle.rewards'; rewards: Reward[] }
  | { type: 'battle.closed'; battle: number }
  | { type: 'concealment.sanctioned'; character: string; reason: 'zero' | 'bigLoss' }
  | PairViewEvent;

/** A pair event without its ACL, for the owner, the partner and the GM (PAIR_EVENTS). */
type PairEvent = Extract<GrailWarEvent, { type: (typeof PAIR_EVENTS)[number] }>;
export type PairViewEvent = PairEvent extends infer E ? (E extends PairEvent ? Omit<E, 'acl'> : never) : never;

function isPairEvent(e: GrailWarEvent): e is PairEvent {
  return (PAIR_EVENTS as readonly string[]).includes(e.type);
}

/** What one viewer learns from one stored event, from the event alone; null when nothing. */
export function viewEvent(event: GrailWarEvent, v: Viewer): GrailWarViewEvent | null {
  switch (event.type) {
    case 'options.set':
      return { type: 'options.set', options: structuredClone(event.options) };
    case 'battle.closed':
      return { type: 'battle.closed', battle: event.battle };
    case 'scene.ended':
      return { type: 'scene.ended' };
    case 'relation.set':
      return seesRelation(event.acl, event.entry.holder, v) ? { type: 'relation.set', entry: { ...event.entry } } : null;
    case 'relation.removed':
      return seesRelation(event.acl, event.holder, v) ? { type: 'relation.removed', holder: event.holder, other: event.other } : null;
    case 'concealment.sanctioned':
      return { type: 'concealment.sanctioned', character: event.character, reason: event.reason };
    case 'seat.added':
      return { type: 'seat.added', seat: event.seat, name: event.name };
    case 'character.registered':
    case 'character.updated': {
      const { acl, sheet } = event;
      if (v.role === 'spectator' && !mirrors(acl, v)) return null;
      const name = sheet.kind === 'servant' ? sheet.alias : sheet.name;
      const base = { type: event.type, id: event.id, kind: sheet.kind, name };
      return seesPrivate(acl, event.id, v) ? { ...base, sheet: structuredClone(sheet) } : base;
    }
    case 'knowledge.set': {
      const [entry] = knowledgeFor(event.acl, [event.entry], v);
      return entry ? { type: 'knowledge.set', entry } : null;
    }
    case 'knowledge.removed':
      return knowledgeFor(event.acl, [{ ...event, total: 0, believed: 0, classKnown: false, failedGuess: false, trueNameKnown: false }], v).length
        ? { type: 'knowledge.removed', knower: event.knower, target: event.target }
        : null;
    case 'battle.overridden':
      return seesPrivate(event.acl, event.override.character, v) ? { type: 'battle.overridden', override: { ...event.override } } : null;
    case 'battle.rewards': {
      const rewards = rewardsFor(event.acl, event.rewards, v);
      return rewards.length ? { type: 'battle.rewards', rewards } : null;
    }
    default:
      break;
  }
  if (isPairEvent(event)) {
    // A summon that pulls a servant out of a running battle is a battle fact for everyone watching it.
    const shown = seesPrivate(event.acl, event.character, v) || (event.type === 'seal.summoned' && event.left && seesReveals(event.acl, v));
    if (!shown) return null;
    const { acl: _drop, ...rest } = event;
    void _drop;
    return structuredClone(rest) as PairViewEvent;
  }
  const acl = event.acl;
  switch (event.type) {
    case 'battle.started':
      if (!seesReveals(acl, v)) return null;
      return { type: event.type, battle: event.battle, scene: event.scene, participants: structuredClone(event.participants), knowledge: knowledgeFor(acl, event.knowledge, v) };
    case 'sealed.answered':
      // F27: others learn only that a seat has sealed something, and only inside the battle.
      return inBattle(acl, v) ? { type: event.type, step: event.step, character: event.character, commitment: event.commitment } : null;
    case 'prebattle.revealed':
      return inBattle(acl, v) ? { type: event.type, answers: structuredClone(event.answers), rows: { ...event.rows } } : null;
    case 'window.opened':
      return inBattle(acl, v) ? { type: event.type, batch: event.batch, masters: [...event.masters] } : null;
    case 'batch.opened':
      return seesReveals(acl, v) ? { type: event.type, batch: event.batch, engaged: structuredClone(event.engaged) } : null;
    case 'batch.revealed':
      return seesReveals(acl, v) ? { type: event.type, batch: event.batch, answers: structuredClone(event.answers) } : null;
    case 'window.revealed':
      return seesReveals(acl, v) ? { type: event.type, batch: event.batch, answers: structuredClone(event.answers) } : null;
    case 'slot.resolved':
      return seesReveals(acl, v) ? { type: event.type, record: slotFor(acl, event.record, v) } : null;
    default: {
      if (!seesReveals(acl, v)) return null;
      const { acl: _drop, ...rest } = event;
      void _drop;
      return structuredClone(rest) as GrailWarViewEvent;
    }
  }
}
