import type { GwPublicParticipant as PublicParticipant } from '@veiltable/protocol/games/grail-war';
import { plain } from '../../kernel/draft.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { openSealed } from '../../kernel/sealed.ts';
import type { Cmd, Knowledge, PrebattleDecl } from './commands.ts';
import type { Ctx } from './context.ts';
import { copyOf, done, requireGm, stepDeadline } from './context.ts';
import { emit } from './events.ts';
import { badOption } from './option-check.ts';
import type { Battle, Participant } from './state.ts';
import { characterOf, characterOfSeat, nextCharacterId } from './state.ts';
import { registerPair, sideMayAmbush } from './relations.ts';
import { secretNameOf, validateSheet } from './sheets.ts';
import { dressSeat } from '../../capabilities/characters/seat-face.ts';

/** GM: changes room options between battles (§19). */
export function optionsSet(ctx: Ctx, c: Cmd<'options.set'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.battle) return err('BATTLE_IN_PROGRESS', 'GW-META-01');
  const next = { ...ctx.state.options, ...plain(c.options) };
  const bad = badOption(next);
  if (bad) return err('BAD_OPTION', 'GW-META-01', bad);
  ctx.state.options = next;
  emit(ctx, { type: 'options.set', options: next });
  return done;
}

/** GM: registers a character sheet for a seat, optionally contracted to an existing partner (GW-CORE-01); the engine names it. */
export function characterRegister(ctx: Ctx, c: Cmd<'character.register'>): Result<void> {
  // An id comes only in entries logged before the engine named characters (see the command's schema).
  if (c.id !== undefined && Object.hasOwn(ctx.state.characters, c.id)) return err('DUPLICATE_CHARACTER', 'GW-CORE-01');
  return enrol(ctx, c.id ?? nextCharacterId(ctx.state), c);
}

/**
 * Registration under a given id: the command's rules. The command always passes the engine's next id; test fixtures
 * pass a short handle of their own through the same rules.
 */
export function enrol(ctx: Ctx, id: string, c: Cmd<'character.register'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (characterOfSeat(ctx.state, c.seat)) return err('SEAT_HAS_CHARACTER');
  const valid = validateSheet(c.sheet);
  if (!valid.ok) return valid;
  const sheet = plain(c.sheet);
  if (sheet.kind === 'master' && sheet.sealsLeft === null) sheet.sealsLeft = ctx.state.options.sealsPerMaster;
  if (c.partner !== null) {
    const partner = characterOf(ctx.state, c.partner);
    // A pair is one master and one servant (GW-CORE-01), neither already contracted.
    if (!partner || partner.partner !== null || partner.sheet.kind === sheet.kind) return err('BAD_PARTNER', 'GW-CORE-01');
    partner.partner = id;
  }
  ctx.state.characters[id] = {
    id,
    seat: c.seat,
    partner: c.partner,
    sheet,
    retreatUsed: false,
    restorationUsed: false,
    rescueScenesLeft: null,
    vanished: false,
    guardianUsed: false,
    zero: false,
    dead: false,
    ssKeywords: [],
    binding: null,
    trust: 0,
    trustLockDays: 0,
    trustScore: null,
    sealResisted: false,
    sceneEffects: [],
    stanceReady: false,
    funds: 0,
    stash: [],
  };
  if (c.partner !== null) registerPair(ctx.state, id, c.partner);
  // A servant's true name is its seat's secret face (GW-HIDE-F01), seen by the seat and the GM. The alias stays off
  // the public face: spectators may not know it (GW-HIDE-F28). The views show it; it has no event of its own.
  const trueName = secretNameOf(sheet);
  if (trueName) dressSeat(ctx.state, ctx.seats(), c.seat, null, trueName);
  emit(ctx, { type: 'character.registered', id: id, seat: c.seat, partner: c.partner, sheet });
  return done;
}

/** GM: starts a battle and opens the pre-battle sealed step (GW-BATTLE-01/02/03/08). */
export function battleStart(ctx: Ctx, c: Cmd<'battle.start'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.battle) return err('BATTLE_IN_PROGRESS', 'GW-BATTLE-01');
  const ids = c.participants.map((p) => p.character);
  if (ids.length < 2 || new Set(ids).size !== ids.length) return err('BAD_PARTICIPANTS', 'GW-BATTLE-02');
  const sides = new Set(c.participants.map((p) => p.side));
  if (sides.size < 2) return err('ONE_SIDE', 'GW-BATTLE-02');
  const participants: Participant[] = [];
  for (const spec of c.participants) {
    const ch = characterOf(ctx.state, spec.character);
    if (!ch) return err('NO_SUCH_CHARACTER');
    if (ch.sheet.hp.current <= 0 || ch.dead || ch.vanished) return err('NOT_STANDING', 'GW-BATTLE-20');
    // MASTER-01 (a): a flagged master may only rest until the GM settles it.
    if (ch.zero) return err('MASTER_MUST_REST', 'GW-MASTER-01');
    const partnerSpec = ch.partner ? c.participants.find((p) => p.character === ch.partner) : undefined;
    // Partners are on the same side (GW-BATTLE-02).
    if (partnerSpec && partnerSpec.side !== spec.side) return err('PARTNERS_SPLIT', 'GW-BATTLE-02');
    if (spec.streak !== undefined && (!Number.isInteger(spec.streak) || spec.streak < 0)) return err('BAD_STREAK', 'GW-CLASS-02');
    participants.push(newParticipant(spec.character, spec.side, spec.row ?? (ch.sheet.kind === 'servant' ? 'front' : 'back'), spec.streak ?? 0));
  }
  for (const k of c.knowledge) {
    if (!characterOf(ctx.state, k.knower) || !characterOf(ctx.state, k.target)) return err('BAD_KNOWLEDGE', 'GW-INFO-15');
  }
  if (c.ambushSide !== null && !sides.has(c.ambushSide)) return err('BAD_SIDE', 'GW-BATTLE-M2');
  if (c.ambushSide !== null && !sideMayAmbush(ctx.state, c.participants, c.ambushSide)) return err('NO_AMBUSH_RELATION', 'GW-REL-04');
  // Masters outside the battle may still answer the pre-battle step for their servant's ⓛ seals (SEAL-00).
  const seats = [...ids];
  for (const id of ids) {
    const partner = characterOf(ctx.state, id)?.partner;
    if (partner && !seats.includes(partner)) seats.push(partner);
  }
  ctx.state.battleCount += 1;
  const battle: Battle = {
    id: ctx.state.battleCount,
    phase: 'prebattle',
    scene: c.scene,
    participants,
    regions: plain(c.regions),
    knowledge: mergeKnowledge(ctx.state.ledger, c.knowledge),
    ambushSide: c.ambushSide,
    batch: 0,
    batches: ctx.state.options.battleBatches,
    slotsPlayed: 0,
    prebattle: openSealed<PrebattleDecl>(seats),
    submission: null,
    engaged: {},
    plans: {},
    window: null,
    deadline: stepDeadline(ctx),
    windowActions: [],
    history: [],
    npUsers: [],
    withdrawnSides: [],
    winner: null,
    endReason: null,
    rewards: null,
    overrides: [],
  };
  ctx.state.battle = battle;
  const pub: PublicParticipant[] = participants.map((p) => {
    const sheet = ctx.state.characters[p.id]!.sheet;
    return { id: p.id, side: p.side, row: p.row, kind: sheet.kind, name: sheet.kind === 'servant' ? sheet.alias : sheet.name };
  });
  emit(ctx, { type: 'battle.started', battle: battle.id, scene: c.scene, participants: pub, knowledge: battle.knowledge });
  return done;
}

/** The room's ledger with the command's entries laid over it: a battle may bring its own snapshot (INFO-15). */
function mergeKnowledge(ledger: Knowledge[], given: Knowledge[]): Knowledge[] {
  const key = (k: Knowledge) => `${k.knower}>${k.target}`;
  const out = new Map(ledger.map((k) => [key(k), copyOf(k)]));
  for (const k of given) out.set(key(k), plain(k));
  return [...out.values()];
}

function newParticipant(id: string, side: string, row: 'front' | 'back', streak: number): Participant {
  return {
    id,
    side,
    row,
    status: 'standing',
    pool: {},
    noConsume: false,
    attackStance: false,
    plus: [],
    convictionSpent: 0,
    protection: false,
    berserkerPotion: false,
    guardian: false,
    limit: null,
    used: 0,
    oneHitKillUsed: false,
    arcaneUsed: false,
    fateUsed: 0,
    firstAttackDone: false,
    forcedSlots: [],
    forcedPairs: [],
    absoluteSlots: [],
    ambushBatches: [],
    streak,
    dealt: {},
    taken: { hp: 0, mp: 0 },
  };
}
