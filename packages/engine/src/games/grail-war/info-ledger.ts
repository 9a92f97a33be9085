import type { GwCorePiece, GwInfoEntryView, GwInfoKind } from '@veiltable/protocol/games/grail-war';
import type { Knowledge } from './commands.ts';
import type { ClassId } from './sheets.ts';

export type InfoKind = GwInfoKind;
export type CorePiece = GwCorePiece;
export const INFO_KINDS = ['encounter', 'rumor', 'combat', 'legend'] as const satisfies readonly InfoKind[];
type PerKind = Record<InfoKind, number>;

/** One knower's full ledger about one servant (GW-INFO-01/02): genuine and false points apart, as only the GM sees them. */
export type InfoEntry = {
  knower: string;
  target: string;
  genuine: PerKind;
  false: PerKind;
  grades: PerKind;
  /** Points spent on grades or open attempts (INFO-16: each received point once). */
  allocated: number;
  /** INFO-09: open attempts that cost no point. */
  freeOpens: number;
  attempts: { kind: InfoKind; grade: number; found: CorePiece['holds'] | null; content: string | null }[];
  guesses: { className: ClassId; right: boolean }[];
  /** INFO-14: a wrong guess allows another only after a battle with the target. */
  canGuess: boolean;
  rights: number;
  nameAttempts: { name: string; verdict: 'pending' | 'right' | 'wrong' }[];
  trueNameRevealed: boolean;
  /** INFO-19: the target's SS keywords the knower has revealed (the GM records each); both count as its true name. */
  keywords: string[];
  /** INFO-18: points received after the reveal, turned into XP. */
  xp: number;
  /** The GM's correction (`knowledge.set`): offsets to both totals and flags it holds true, kept under later gains. */
  correction: { total: number; believed: number; classKnown: boolean; failedGuess: boolean; trueNameKnown: boolean };
};

/** The ledger's state: entries and each servant's core pieces (INFO-03). */
export type InfoState = { entries: InfoEntry[]; core: Record<string, CorePiece[]> };

export const newInfoState = (): InfoState => ({ entries: [], core: {} });
const zero = (): PerKind => ({ encounter: 0, rumor: 0, combat: 0, legend: 0 });

/** A ledger that has received nothing (INFO-02: every grade 0; INFO-04: Common −3). */
export const freshEntry = (knower: string, target: string): InfoEntry => ({
  knower,
  target,
  genuine: zero(),
  false: zero(),
  grades: zero(),
  allocated: 0,
  freeOpens: 0,
  attempts: [],
  guesses: [],
  canGuess: true,
  rights: 0,
  nameAttempts: [],
  trueNameRevealed: false,
  keywords: [],
  xp: 0,
  correction: { total: 0, believed: 0, classKnown: false, failedGuess: false, trueNameKnown: false },
});

const sum = (p: PerKind): number => INFO_KINDS.reduce((n, k) => n + p[k], 0);
/** Points of a kind as the knower counts them: false ones look ordinary (INFO-04, HIDE-F13). */
export const believedOf = (e: InfoEntry, kind: InfoKind): number => e.genuine[kind] + e.false[kind];
export const received = (e: InfoEntry): number => sum(e.genuine) + sum(e.false);
export const unallocated = (e: InfoEntry): number => received(e) - e.allocated;
export const guessedRight = (e: InfoEntry): boolean => e.guesses.some((g) => g.right);
/** INFO-17: both core pieces found. */
export const bothOpen = (e: InfoEntry): boolean => new Set(e.attempts.flatMap((a) => (a.found ? [a.found] : []))).size === 2;

/**
 * The summary battles and the damage formula read (INFO-04/12/13/14): T = genuine + Common − 2 × false, where Common
 * is −3 until a right guess; the believed T counts false points as +1.
 */
export function summarize(e: InfoEntry): Knowledge {
  const common = guessedRight(e) ? 0 : -3;
  const c = e.correction;
  const counted = received(e) + c.believed;
  return {
    knower: e.knower,
    target: e.target,
    total: sum(e.genuine) - 2 * sum(e.false) + common + c.total,
    believed: counted + common,
    classKnown: guessedRight(e) || counted >= 3 || c.classKnown,
    failedGuess: (e.guesses.length > 0 && !guessedRight(e)) || c.failedGuess,
    trueNameKnown: e.trueNameRevealed || c.trueNameKnown,
  };
}

/** Sets the GM's correction so the entry summarizes to `k` (INFO-12..15 `knowledge.set`). */
export function correctTo(e: InfoEntry, k: Knowledge): void {
  e.correction = { total: 0, believed: 0, classKnown: k.classKnown, failedGuess: k.failedGuess, trueNameKnown: k.trueNameKnown };
  const base = summarize({ ...e, correction: { total: 0, believed: 0, classKnown: false, failedGuess: false, trueNameKnown: false } });
  e.correction.total = k.total - base.total;
  e.correction.believed = k.believed - base.believed;
}

/** What a viewer reads of an entry: the knower its believed ledger, the GM also the authoritative points (HIDE-F11/F13). */
export function entryView(e: InfoEntry, authoritative: boolean): GwInfoEntryView {
  const points = { encounter: believedOf(e, 'encounter'), rumor: believedOf(e, 'rumor'), combat: believedOf(e, 'combat'), legend: believedOf(e, 'legend') };
  const base = {
    knower: e.knower,
    target: e.target,
    points,
    grades: { ...e.grades },
    unallocated: unallocated(e),
    freeOpens: e.freeOpens,
    attempts: e.attempts.map((a) => ({ ...a })),
    guesses: e.guesses.map((g) => ({ ...g })),
    canGuess: e.canGuess && !guessedRight(e),
    rights: e.rights,
    nameAttempts: e.nameAttempts.map((a) => ({ ...a })),
    trueNameRevealed: e.trueNameRevealed,
    keywords: [...e.keywords],
    xp: e.xp,
  };
  return authoritative ? { ...base, authoritative: { genuine: { ...e.genuine }, false: { ...e.false } } } : base;
}

/**
 * GW-INFO-03: exactly the 16 placements: one piece in 조우/전투 and one in 소문/전승, one at grade 4 and one at 5,
 * one holding the stats and one the skills.
 */
export function validPlacement(pieces: readonly CorePiece[]): boolean {
  if (pieces.length !== 2) return false;
  const [a, b] = pieces as [CorePiece, CorePiece];
  const physical = (k: InfoKind) => k === 'encounter' || k === 'combat';
  return physical(a.kind) !== physical(b.kind) && a.grade !== b.grade && a.holds !== b.holds;
}

/** INFO-14: a battle between knower and servant allows a new guess after a wrong one. */
export function reopenGuesses(info: InfoState, fought: readonly string[]): void {
  for (const e of info.entries) if (fought.includes(e.knower) && fought.includes(e.target) && !guessedRight(e)) e.canGuess = true;
}
