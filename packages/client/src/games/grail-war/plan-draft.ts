import type { GwView } from '@veiltable/protocol/games/grail-war';
import { judgmentOf, keyOf, type BatchPlan, type Choice } from './model.ts';

type Battle = NonNullable<GwView['battle']>;
type Character = GwView['characters'][number];
export type PlusStat = BatchPlan['activatePlus'][number];
export type SlotMode = 'play' | 'support' | 'withdraw';
export type Riders = { plus: boolean; fate: boolean; toMaster: boolean };
/** A support slot (GW-SUP-01); `card` is a picker choice: 'smash' for a servant, 'normal:rush' for a master. */
export type SupportDraft = { ally: string; opponent: string; mode: 'physical' | 'magic'; card: Choice };

/** The phone's editable batch: picks[slot * engaged + opponent], riders per cell, one support per slot. */
export type Draft = {
  modes: SlotMode[];
  picks: Choice[];
  riders: Riders[];
  support: SupportDraft[];
  /** 비전 마술 takes three consecutive slots from here (0-based), against every opponent (SPEC-02). */
  arcaneStart: number | null;
  activatePlus: PlusStat[];
};

/** What the plan's legality depends on, read from this viewer's view (mirrors the engine's checkPlan). */
export type PlanContext = {
  kind: 'servant' | 'master';
  pool: Record<string, number>;
  noConsume: boolean;
  engaged: string[];
  merit: number;
  mp: number;
  npCost: Record<string, number>;
  /** Stats whose grade carries its own "+": a per-judgment + is not sold for them; batch activation is (MERIT-01/06). */
  ownPlus: PlusStat[];
  activePlus: PlusStat[];
  oneHitKill: boolean;
  arcane: boolean;
  fateLeft: number;
  limitLeft: number | null;
  allies: string[];
  foes: string[];
  /** TRUST-05: a servant at trust −10 under the trust trial may pass a judgment's damage to its master. */
  passToMaster: boolean;
};

const STAT_OF: Record<string, PlusStat> = { smash: 'str', counter: 'end', rush: 'agi', magecraft: 'mag' };
export const PLUS_STATS = ['str', 'end', 'agi', 'luk', 'mag'] as const;
const NO_RIDERS: Riders = { plus: false, fate: false, toMaster: false };
const plusMarks = (grade: string): number => grade.split('+').length - 1;

/** The partner whose sheet this player sees besides its own (GW-HIDE-00), if any. */
export function partnerOf(view: GwView, me: Character): Character | undefined {
  return view.characters.find((c) => c.id !== me.id && c.sheet !== null && c.kind !== me.kind);
}

/** Builds the plan context for this seat's character in the current batch. */
export function planContext(view: GwView, battle: Battle, me: Character): PlanContext {
  const self = battle.participants.find((p) => p.id === me.id);
  const priv = self?.private ?? null;
  const sheet = me.sheet;
  const partner = partnerOf(view, me);
  const standing = battle.participants.filter((p) => p.status === 'standing');
  const specs = sheet?.kind === 'master' ? sheet.specializations : [];
  return {
    kind: me.kind,
    pool: priv?.pool ?? {},
    noConsume: priv?.noConsume ?? false,
    engaged: battle.engaged[me.id] ?? [],
    merit: sheet?.merit ?? 0,
    mp: sheet?.mp.current ?? 0,
    npCost: sheet?.kind === 'servant' ? Object.fromEntries(sheet.noblePhantasms.map((n) => [n.id, n.mpCost])) : {},
    ownPlus: sheet?.kind === 'servant' ? PLUS_STATS.filter((s) => plusMarks(sheet.stats[s]) > 0) : [],
    activePlus: priv?.plus ?? [],
    oneHitKill: specs.includes('combat') && !(priv?.oneHitKillUsed ?? true),
    arcane: specs.includes('magic') && !(priv?.arcaneUsed ?? true),
    fateLeft: sheet?.kind === 'master' && specs.includes('fate') ? Math.max(0, Math.min(3 - (priv?.fateUsed ?? 0), sheet.fate.current)) : 0,
    limitLeft: priv?.limit === null || priv === null ? null : priv.limit - priv.used,
    allies: standing.filter((p) => p.side === self?.side && p.id !== me.id).map((p) => p.id),
    foes: standing.filter((p) => p.side !== self?.side).map((p) => p.id),
    passToMaster: view.options.trustRule && me.kind === 'servant' && me.status?.trust === -10 && partner !== undefined,
  };
}

/** An all-대기 draft for a batch. */
export function emptyDraft(ctx: PlanContext): Draft {
  const cells = ctx.engaged.length * 5;
  return {
    modes: Array.from({ length: 5 }, () => 'play'),
    picks: Array.from({ length: cells }, () => 'wait'),
    riders: Array.from({ length: cells }, () => ({ ...NO_RIDERS })),
    support: Array.from({ length: 5 }, () => ({ ally: ctx.allies[0] ?? '', opponent: ctx.foes[0] ?? '', mode: 'physical', card: 'wait' })),
    arcaneStart: null,
    activatePlus: [],
  };
}

const inArcane = (d: Draft, slot: number): boolean => d.arcaneStart !== null && slot >= d.arcaneStart && slot < d.arcaneStart + 3;

/** The effective mode of a slot: 비전 마술 slots are plays whatever the selector says. */
export function modeOf(d: Draft, slot: number): SlotMode {
  return inArcane(d, slot) ? 'play' : (d.modes[slot] ?? 'play');
}

/** The pick of one cell as the plan will send it: 'arcane' inside the 비전 마술 run. */
export function pickOf(ctx: PlanContext, d: Draft, cell: number): Choice {
  return inArcane(d, Math.floor(cell / Math.max(1, ctx.engaged.length))) ? 'arcane' : (d.picks[cell] ?? 'wait');
}

const supportKey = (s: SupportDraft): string | null => (s.mode === 'magic' ? 'magecraft' : keyOf(s.card));

/** Pool cards the draft spends, leaving out one play cell or one support slot (`skip`: cell index, or -1 - slot). */
export function spent(ctx: PlanContext, d: Draft, skip: number | null = null): Record<string, number> {
  const need: Record<string, number> = {};
  const add = (k: string | null) => {
    if (k !== null && k !== 'oneHitKill' && k !== 'arcane') need[k] = (need[k] ?? 0) + 1;
  };
  const n = ctx.engaged.length;
  for (let s = 0; s < 5; s++) {
    const mode = modeOf(d, s);
    if (mode === 'support' && skip !== -1 - s) add(supportKey(d.support[s]!));
    if (mode === 'play') for (let o = 0; o < n; o++) if (s * n + o !== skip) add(keyOf(pickOf(ctx, d, s * n + o)));
  }
  return need;
}

function hasLeft(ctx: PlanContext, need: Record<string, number>, key: string | null): boolean {
  if (key === null) return true;
  const have = ctx.pool[key] ?? 0;
  return ctx.noConsume ? have > 0 : have - (need[key] ?? 0) > 0;
}

/** Merit the draft spends: + 2 each, 일격 필살 3, 비전 마술 5, batch + activations 2 each (MERIT-01/06, SPEC-01/02). */
export function meritSpent(ctx: PlanContext, d: Draft): number {
  let m = 2 * d.activatePlus.length + (d.arcaneStart !== null ? 5 : 0);
  for (let c = 0; c < d.picks.length; c++) {
    if (modeOf(d, Math.floor(c / ctx.engaged.length)) !== 'play') continue;
    if (pickOf(ctx, d, c) === 'oneHitKill') m += 3;
    if (ridersOf(ctx, d, c).plus) m += 2;
  }
  return m;
}

/** The riders of a cell that its card allows (stale ticks from an earlier pick are dropped). */
export function ridersOf(ctx: PlanContext, d: Draft, cell: number): Riders {
  const r = d.riders[cell] ?? NO_RIDERS;
  const allowed = riderKinds(ctx, pickOf(ctx, d, cell));
  return { plus: r.plus && allowed.plus, fate: r.fate && allowed.fate, toMaster: r.toMaster && allowed.toMaster };
}

/**
 * Which riders a card can carry at all (MERIT-06: not 보구 or 치명, not a stat with its own +; SPEC-04). NP Boost is
 * not one: it is the master's seal, declared in the window after the reveal (SEAL-04).
 */
export function riderKinds(ctx: PlanContext, choice: Choice): Riders {
  const card = choice.split(':')[0]!;
  const stat = STAT_OF[card];
  return {
    plus: ctx.kind === 'servant' && stat !== undefined && !ctx.ownPlus.includes(stat),
    fate: ctx.kind === 'master' && card === 'normal' && ctx.fateLeft > 0,
    toMaster: ctx.passToMaster,
  };
}

function playCells(ctx: PlanContext, d: Draft): number[] {
  const out: number[] = [];
  for (let c = 0; c < d.picks.length; c++) if (modeOf(d, Math.floor(c / ctx.engaged.length)) === 'play') out.push(c);
  return out;
}

/** MP the draft's 보구 cost: all of it, since only the master's window can boost one afterwards (SEAL-04). */
export function mpSpent(ctx: PlanContext, d: Draft, skip: number | null = null): number {
  return playCells(ctx, d)
    .filter((c) => c !== skip)
    .reduce((mp, c) => {
      const p = pickOf(ctx, d, c);
      return p.startsWith('np:') ? mp + (ctx.npCost[p.slice(3)] ?? 0) : mp;
    }, 0);
}

/** The legal picks of one play cell given every other choice in the draft. */
export function cellChoices(ctx: PlanContext, d: Draft, cell: number): Choice[] {
  const need = spent(ctx, d, cell);
  const out: Choice[] = ['wait'];
  for (const [key, n] of Object.entries(ctx.pool)) {
    if (n <= 0 || !hasLeft(ctx, need, key)) continue;
    if (key === 'magecraft' || key === 'skill' || key === 'normal') for (const a of ['smash', 'counter', 'rush']) out.push(`${key}:${a}`);
    else if (key.startsWith('np:')) {
      // An NP is offered while the servant can pay its MP (SEAL-04's boost comes only after the reveal).
      if (mpSpent(ctx, d, cell) + (ctx.npCost[key.slice(3)] ?? 0) <= ctx.mp) out.push(key);
    } else out.push(key);
  }
  const otherOhk = playCells(ctx, d).some((c) => c !== cell && pickOf(ctx, d, c) === 'oneHitKill');
  const own = pickOf(ctx, d, cell) === 'oneHitKill';
  if (ctx.oneHitKill && !otherOhk && (own || meritSpent(ctx, d) + 3 <= ctx.merit)) out.push('oneHitKill');
  return out;
}

/** The cards a support slot may play: a servant's 강타/반격/맹공, a master's 일반 per aspect, or 마술 as magic support. */
export function supportChoices(ctx: PlanContext, d: Draft, slot: number): { physical: Choice[]; magic: boolean } {
  const need = spent(ctx, d, -1 - slot);
  const physical =
    ctx.kind === 'master'
      ? hasLeft(ctx, need, 'normal') && (ctx.pool.normal ?? 0) > 0
        ? ['normal:smash', 'normal:counter', 'normal:rush']
        : []
      : ['smash', 'counter', 'rush'].filter((k) => (ctx.pool[k] ?? 0) > 0 && hasLeft(ctx, need, k));
  return { physical, magic: (ctx.pool.magecraft ?? 0) > 0 && hasLeft(ctx, need, 'magecraft') };
}

/** The slot modes this seat may choose for a slot. */
export function modeChoices(ctx: PlanContext, d: Draft, slot: number): SlotMode[] {
  const s = supportChoices(ctx, d, slot);
  const support = ctx.allies.length > 0 && ctx.foes.length > 0 && (s.physical.length > 0 || s.magic);
  return support ? ['play', 'support', 'withdraw'] : ['play', 'withdraw'];
}

/** Where a 비전 마술 run may start: slots whose three are plays, with merit for it (SPEC-02, once per battle). */
export function arcaneStarts(ctx: PlanContext, d: Draft): number[] {
  if (!ctx.arcane || ctx.engaged.length === 0) return [];
  const without = meritSpent(ctx, { ...d, arcaneStart: null });
  if (without + 5 > ctx.merit) return [];
  return [0, 1, 2];
}

/** Stats this servant may activate + on with the batch (MERIT-01). */
export function plusChoices(ctx: PlanContext): PlusStat[] {
  return ctx.kind === 'servant' ? ctx.ownPlus.filter((s) => !ctx.activePlus.includes(s)) : [];
}

/** Budget problems that would make the server refuse the plan; the lock button stays off while any remains. */
export function problems(ctx: PlanContext, d: Draft): ('merit' | 'mp' | 'fate' | 'limit' | 'support')[] {
  const out: ('merit' | 'mp' | 'fate' | 'limit' | 'support')[] = [];
  const cells = playCells(ctx, d);
  const riders = cells.map((c) => ridersOf(ctx, d, c));
  if (meritSpent(ctx, d) > ctx.merit) out.push('merit');
  if (mpSpent(ctx, d) > ctx.mp) out.push('mp');
  if (riders.filter((r) => r.fate).length > ctx.fateLeft) out.push('fate');
  const judgments = cells.filter((c) => pickOf(ctx, d, c) !== 'wait').length + d.modes.filter((_, s) => modeOf(d, s) === 'support').length;
  if (ctx.limitLeft !== null && judgments > ctx.limitLeft) out.push('limit');
  const badSupport = [0, 1, 2, 3, 4].some((s) => {
    if (modeOf(d, s) !== 'support') return false;
    const sup = d.support[s]!;
    return !ctx.allies.includes(sup.ally) || !ctx.foes.includes(sup.opponent) || (sup.mode === 'physical' && keyOf(sup.card) === null);
  });
  if (badSupport) out.push('support');
  return out;
}

/** The wire plan for a draft. */
export function draftPlan(ctx: PlanContext, d: Draft): BatchPlan {
  const n = ctx.engaged.length;
  const slots = Array.from({ length: 5 }, (_, s): BatchPlan['slots'][number] => {
    const mode = modeOf(d, s);
    if (mode === 'withdraw') return { type: 'withdraw' };
    if (mode === 'support') {
      const sup = d.support[s]!;
      const base = { type: 'support' as const, ally: sup.ally, opponent: sup.opponent, mode: sup.mode };
      if (sup.mode === 'magic') return base;
      const j = judgmentOf(sup.card);
      const card = j.card as 'smash' | 'counter' | 'rush' | 'normal';
      return j.aspect ? { ...base, card, aspect: j.aspect } : { ...base, card };
    }
    const vs = Object.fromEntries(
      ctx.engaged.map((opp, o) => {
        const cell = s * n + o;
        const r = ridersOf(ctx, d, cell);
        return [opp, { ...judgmentOf(pickOf(ctx, d, cell)), ...(r.plus ? { plus: true } : {}), ...(r.fate ? { fate: true } : {}), ...(r.toMaster ? { toMaster: true } : {}) }];
      }),
    );
    return { type: 'play', vs };
  });
  return { slots, activatePlus: [...d.activatePlus] };
}
