import { castView } from '../../capabilities/characters/cast.ts';
import { feedView } from '../../capabilities/feed/feed.ts';
import { releaseView } from '../../capabilities/release/release.ts';
import type { Viewer } from '@veiltable/protocol';
import type { GwBattleView, GwCharacterStatus, GwCharacterView, GwView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Sealed } from '../../kernel/sealed.ts';
import { sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Acl, KnowledgeView } from './access.ts';
import { entryView } from './info-ledger.ts';
import { aclOf, chartFor, inBattle, knowledgeFor, mirrors, seesKnowledge, relationsFor, rewardsFor, seesPrivate, seesReveals } from './access.ts';
import { concealmentOf } from './concealment.ts';
import { mapFor } from './region-view.ts';
import { campaignFor } from './scene-view.ts';
import { shopsFor } from './shop-view.ts';
import { summonFor } from './summon-view.ts';
import type { Battle, Character, GrailWarState } from './state.ts';

/** The room as one viewer may see it, and what one viewer reads of an event: the protocol's types. */
export type GrailWarView = GwView;
export type GrailWarViewEvent = GwViewEvent;
type CharacterView = GwCharacterView;
type CharacterStatusView = GwCharacterStatus;
type BattleView = GwBattleView;

/** The room as this viewer may see it (§17). Everything hidden is left out, never masked. */
export function view(state: GrailWarState, viewer: Viewer): GrailWarView {
  const acl = aclOf(state);
  const battle = state.battle;
  // A battle reads its own snapshot; between battles the room ledger says what each knower knows (INFO-13).
  const known = knowledgeFor(acl, battle ? battle.knowledge : state.ledger, viewer);
  // A spectator who follows battles (F28) sees the public side (alias or name, kind) of the battle's participants.
  const listed =
    viewer.role === 'spectator' && !mirrors(acl, viewer)
      ? battle && seesReveals(acl, viewer)
        ? Object.values(state.characters).filter((c) => battle.participants.some((p) => p.id === c.id))
        : []
      : Object.values(state.characters);
  const characters: CharacterView[] = listed.map((c) => {
    const own = seesPrivate(acl, c.id, viewer);
    const k = known.find((x) => x.target === c.id);
    const servant = c.sheet.kind === 'servant' ? c.sheet : null;
    return {
      id: c.id,
      kind: c.sheet.kind,
      name: servant ? servant.alias : c.sheet.kind === 'master' ? c.sheet.name : '',
      seat: own ? c.seat : null,
      partner: own ? c.partner : null,
      className: servant && (own || k?.classKnown) ? servant.className : null,
      trueName: servant && (own || k?.trueNameKnown) ? servant.trueName : null,
      sheet: own ? copyJson(c.sheet) : null,
      status: own ? statusFor(state, acl, c, viewer) : null,
      sanctions: concealmentOf(state, c.id).sanctions,
    };
  });
  return {
    game: 'grail-war',
    viewer: copyJson(viewer),
    options: copyJson(state.options),
    seats: state.seats.map((s) => ({ ...s })),
    ...feedView(state),
    ...castView(state, viewer, state.seats),
    ...releaseView(state),
    characters,
    ledger: knowledgeFor(acl, state.ledger, viewer),
    info: state.info.entries.filter((e) => seesKnowledge(acl, e, viewer)).map((e) => entryView(e, mirrors(acl, viewer))),
    relations: relationsFor(acl, state.relations, viewer),
    chart: chartFor(acl, state.chart, viewer),
    battle: battle ? battleFor(state, acl, battle, viewer, known) : null,
    campaign: campaignFor(state, acl, viewer),
    shops: shopsFor(state, acl, viewer),
    map: mapFor(state, acl, viewer),
    summon: summonFor(state, acl, viewer),
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
    // HIDE-D8: the score itself is never shown beyond the servant and the GM, whatever the partner may see of trust.
    trustScore: mirrors(acl, v) || (v.role === 'player' && acl.ownerOf[c.id] === v.seat) ? c.trustScore : null,
    sealResisted: c.sealResisted,
    sceneEffects: c.sceneEffects.map(({ item, kind, maxHp, maxMp }) => ({ item, kind, maxHp, maxMp })),
    stanceReady: c.stanceReady,
    funds: c.funds,
    stash: [...c.stash],
    guardianUsed: c.guardianUsed,
    rescueScenesLeft: c.rescueScenesLeft,
    vanished: c.vanished,
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
    engaged: copyJson(b.engaged),
    participants: b.participants.map((p) => {
      const own = seesPrivate(acl, p.id, v);
      const sheet = state.characters[p.id]!.sheet;
      const showHp = own || (member && state.options.showHpToOpponents);
      const { id, side, row, status, ...rest } = p;
      return { id, side, row, status, hp: showHp ? { ...sheet.hp } : null, mp: showHp ? { ...sheet.mp } : null, private: own ? copyJson(rest) : null };
    }),
    // Before the reveal an answer is its side's (HIDE-D3, D4); a window declaration its master's alone (HIDE-D5).
    prebattle: member ? sealedFor(b.prebattle, (id) => seesPrivate(acl, id, v)) : null,
    submission: member && b.submission ? sealedFor(b.submission, (id) => seesPrivate(acl, id, v)) : null,
    window: member && b.window ? sealedFor(b.window, (id) => mirrors(acl, v) || (v.role === 'player' && acl.ownerOf[id] === v.seat)) : null,
    deadline: member ? b.deadline : null,
    // Plans are stored only at reveal, so whatever is here is public to battle viewers.
    plans: Object.keys(b.plans).length > 0 ? copyJson(b.plans) : null,
    // Seals used in battle are announced by name at the window's reveal (F10); they are stored only then.
    windowActions: b.windowActions.length > 0 ? copyJson(b.windowActions) : null,
    knowledge: known,
    withdrawnSides: [...b.withdrawnSides],
    winner: b.winner,
    endReason: b.endReason,
    rewards: rewardsFor(acl, b.rewards ?? [], v),
  };
}

/**
 * A sealed step: who answered and the commitment for all; the answer for its own side until the reveal, and for all
 * after it with its salt, so every viewer can check each commitment it was shown while the step was sealed.
 */
function sealedFor<A>(s: Sealed<A>, seesAnswer: (character: string) => boolean) {
  return {
    status: s.status,
    entries: s.seats.map((seat) => {
      const e = sealedAnswerOf(s, seat);
      if (!e) return { character: seat, declared: false };
      if (s.status === 'revealed') return { character: seat, declared: true, commitment: e.commitment, answer: copyJson(e.answer), salt: e.salt };
      return seesAnswer(seat) ? { character: seat, declared: true, commitment: e.commitment, answer: copyJson(e.answer) } : { character: seat, declared: true, commitment: e.commitment };
    }),
  };
}

/** A deep copy of plain data (a state holds nothing else): the view's many small parts cost less this way than by structuredClone. */
function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = copyJson(v);
  return out as T;
}
