import type { Viewer } from '@veiltable/protocol';
import type { GwChartView, GwHitView, GwKnowledgeView, GwReward, GwSlotView } from '@veiltable/protocol/games/grail-war';
import type { Knowledge } from './commands.ts';
import { playerSteps } from './damage.ts';
import type { GrailWarOptions } from './options.ts';
import type { Chart } from './chart.ts';
import type { Relation } from './relations.ts';
import type { GrailWarState, Hit, Reward, SlotRecord } from './state.ts';
import { privateSeats } from './state.ts';

/**
 * Who sees what (§17.1), as predicates over an ACL: the seats that see each character's private side (owner +
 * partner), each character's owner, the seats of everyone in the battle (GW-HIDE-01). The view reads the ACL of the
 * state it shows; an event reads the ACL of the moment it was made, through perViewer, so its parts are fixed then.
 */
export type Acl = {
  privateOf: Record<string, string[]>;
  ownerOf: Record<string, string>;
  battleSeats: string[];
  spectators: GrailWarOptions['spectatorVisibility'];
  pairSharesInfo: boolean;
};

/** The ACL of a state as it is now. */
export function aclOf(state: GrailWarState): Acl {
  const privateOf: Record<string, string[]> = {};
  const ownerOf: Record<string, string> = {};
  for (const [id, c] of Object.entries(state.characters)) {
    privateOf[id] = privateSeats(state, id);
    ownerOf[id] = c.seat;
  }
  const battleSeats = new Set<string>();
  for (const p of state.battle?.participants ?? []) for (const seat of privateSeats(state, p.id)) battleSeats.add(seat);
  return { privateOf, ownerOf, battleSeats: [...battleSeats], spectators: state.options.spectatorVisibility, pairSharesInfo: state.options.pairSharesInfo };
}

/** The GM, or a spectator under `gmMirror`: sees everything. */
export const mirrors = (acl: Acl, v: Viewer): boolean => v.role === 'gm' || (v.role === 'spectator' && acl.spectators === 'gmMirror');

/** Owner or partner of a character (GW-HIDE-00), or a mirror. */
export const seesPrivate = (acl: Acl, id: string, v: Viewer): boolean =>
  mirrors(acl, v) || (v.role === 'player' && (acl.privateOf[id] ?? []).includes(v.seat));

/** Someone in the battle (a participant or its partner), or a mirror: sees sealed-step status and reveals (F27–F29). */
export const inBattle = (acl: Acl, v: Viewer): boolean => mirrors(acl, v) || (v.role === 'player' && acl.battleSeats.includes(v.seat));

/** Revealed judgments and final damage: battle members, and spectators unless `spectatorVisibility` is public (F28). */
export const seesReveals = (acl: Acl, v: Viewer): boolean => inBattle(acl, v) || (v.role === 'spectator' && acl.spectators !== 'public');

/** A knowledge entry belongs to its knower (F11); partners only under `pairSharesInfo`. */
export const seesKnowledge = (acl: Acl, k: Pick<Knowledge, 'knower'>, v: Viewer): boolean =>
  mirrors(acl, v) || (v.role === 'player' && (acl.ownerOf[k.knower] === v.seat || (acl.pairSharesInfo && seesPrivate(acl, k.knower, v))));

/** A relationship entry and its score belong to its holder (HIDE-F15/F16); the partner and the other side see nothing. */
export const seesRelation = (acl: Acl, holder: string, v: Viewer): boolean => mirrors(acl, v) || (v.role === 'player' && acl.ownerOf[holder] === v.seat);

/** The relationship entries this viewer holds (HIDE-F15/F16). */
export function relationsFor(acl: Acl, list: Relation[], v: Viewer): Relation[] {
  return list.filter((r) => seesRelation(acl, r.holder, v)).map((r) => ({ ...r }));
}

/**
 * The chart's open business a viewer may see: offers between its character and another (HIDE-D10: the two and the
 * GM), its own count of new entries and its own sealed scoring (HIDE-D7: holder and GM). Shares stay out (F13).
 */
export function chartFor(acl: Acl, chart: Chart, v: Viewer): GwChartView {
  const own = (id: string) => seesRelation(acl, id, v);
  return {
    proposals: chart.proposals.filter((p) => own(p.from) || own(p.to)).map((p) => ({ ...p })),
    newThisScene: Object.fromEntries(Object.entries(chart.newThisScene).filter(([id]) => own(id))),
    scores: Object.entries(chart.scores)
      .filter(([holder]) => own(holder))
      .map(([holder, s]) => ({ holder, plus: s.plus, minus: s.minus })),
  };
}

export type KnowledgeView = GwKnowledgeView;
/** What a knower sees of its own ledger: the believed total only (INFO-04, HIDE-F13); the GM sees both. */
export function knowledgeFor(acl: Acl, ks: Knowledge[], v: Viewer): KnowledgeView[] {
  return ks
    .filter((k) => seesKnowledge(acl, k, v))
    .map((k) => {
      const { total, ...rest } = k;
      return mirrors(acl, v) ? { ...rest, total } : { ...rest };
    });
}

export type HitView = GwHitView;

/** A hit: the GM sees every step; the attacker's side sees steps without the info term (HIDE-03); others the final. */
export function hitFor(acl: Acl, h: Hit, v: Viewer): HitView {
  const base = { attacker: h.attacker, target: h.target, hp: h.hp, mp: h.mp, via: h.via };
  if (mirrors(acl, v)) return { ...base, steps: h.steps.map((x) => ({ ...x })) };
  if (seesPrivate(acl, h.attacker, v)) return { ...base, steps: playerSteps(h.steps) };
  return base;
}

export type SlotView = GwSlotView;

/** One resolved slot for a viewer who sees reveals: MP costs stay with their owner's side (F06). */
export function slotFor(acl: Acl, r: SlotRecord, v: Viewer): SlotView {
  return {
    batch: r.batch,
    slot: r.slot,
    plays: r.plays.map((x) => ({ ...x, judgment: { ...x.judgment } })),
    supports: r.supports.map((x) => ({ ...x })),
    hits: r.hits.map((h) => hitFor(acl, h, v)),
    npCosts: r.npCosts.filter((c) => seesPrivate(acl, c.character, v)).map((c) => ({ ...c })),
    defeated: [...r.defeated],
  };
}

/** Rewards go to their owner and partner only (F31). */
export function rewardsFor(acl: Acl, rewards: Reward[], v: Viewer): GwReward[] {
  return rewards.filter((r) => seesPrivate(acl, r.character, v)).map((r) => ({ ...r, info: r.info.map((i) => ({ ...i })), notes: [...r.notes] }));
}
