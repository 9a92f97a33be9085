import type { D6WindowLink } from '@veiltable/engine/games/dungeon-2d6';
import type { Viewer } from '@veiltable/protocol';
import type { D6Equipment, D6Options, D6View } from '@veiltable/protocol/games/dungeon-2d6';

/**
 * Typed readers over the dungeon-2d6 view. The view's records are open objects whose GM-only fields are simply
 * absent for other viewers (spec §10.1), so every field a viewer may lack is optional here.
 */
export type D6Abilities = { VAL: number; AGI: number; SPI: number };
export type D6Character = {
  id: string;
  name: string;
  controller?: 'pc' | 'enemy' | 'npc' | 'summon';
  owner?: string | null;
  side?: 'party' | 'enemies' | 'neutral';
  zone?: string;
  hp?: number;
  maxHp?: number;
  base?: D6Abilities;
  down?: boolean;
  skills?: Record<string, { uses: number | null }>;
  flags?: { flying?: boolean; hidden?: boolean; illusion?: boolean; transformed?: boolean; spiritSight?: boolean };
  knownPlaces?: string[];
  marks?: string[];
  gmNotes?: string;
  magicCapable?: boolean;
  /** D6-BASE-05: how the abilities were built, null when the GM entered them. */
  build?: { occupation: string; race: string; free: 'VAL' | 'AGI' | 'SPI' } | null;
  movement?: number | null;
  flightSpeed?: number | null;
  pendingSkillChoice?: boolean;
  equipment?: D6Equipment[];
  /** Effect and check modifiers in force; the 転移魔法 passenger count reads the effect layer (D6-SKL-TELEPORT-04). */
  modifiers?: { layer: 'effect' | 'check'; ability?: 'VAL' | 'AGI' | 'SPI'; value: number; stackKey: string; stacking: 'stack' | 'one' }[];
  statuses?: { kind: 'stun' | 'no-active' | 'penalty'; source: string }[];
};
export type D6Check = {
  id: string;
  character: string;
  kind: string;
  ability?: 'VAL' | 'AGI' | 'SPI';
  dice?: number[];
  abilityValue?: number;
  modifiers?: { source: string; value: number }[];
  concentration?: number;
  crit?: boolean;
  fumble?: boolean;
  zeroed?: boolean;
  total?: number;
  target?: number | null;
  targetVisible?: boolean;
  secret?: boolean;
  outcome?: 'success' | 'failure' | 'awaiting-gm';
  resolved?: boolean;
  window: string | null;
  noConcentration?: string | null;
  opposed: string | null;
  attack: string | null;
};
export type D6Window = {
  id: string;
  kind: string;
  eligible: string[];
  passed: string[];
  status: 'open' | 'closed';
  closedBy?: string;
  /** D6-WIN-11: when the server's timeout closes it (server ms since the epoch); absent where this viewer may not act. */
  deadline?: number | null;
  /** D6-WIN-13: when the active side's minimum span ends; absent where this viewer may not act. */
  minSpanEnds?: number | null;
  link: D6WindowLink | null;
};
export type D6AttackTarget = {
  target: string;
  defender: string;
  coverer: string | null;
  state: 'react' | 'defended' | 'damaged' | 'applied' | 'void';
  defence: string[];
  damage: number[] | null;
};
export type D6Attack = { id: string; attacker: string; mode: string; check: string | null; targets: D6AttackTarget[] };

export const characters = (view: D6View): D6Character[] => view.characters as D6Character[];
export const checks = (view: D6View): D6Check[] => view.checks as D6Check[];
export const windows = (view: D6View): D6Window[] => view.windows as unknown as D6Window[];
export const attacks = (view: D6View): D6Attack[] => view.attacks as unknown as D6Attack[];

export function characterById(view: D6View, id: string): D6Character | undefined {
  return characters(view).find((c) => c.id === id);
}

export function checkById(view: D6View, id: string): D6Check | undefined {
  return checks(view).find((k) => k.id === id);
}

/** The GM acts for every character; a player for the characters its seat owns. */
export function controls(viewer: Viewer, c: D6Character): boolean {
  if (viewer.role === 'gm') return true;
  return viewer.role === 'player' && c.owner === viewer.seat;
}

/** An open window this viewer is asked about: the characters it may declare for that have not passed. */
export type Prompt = { window: D6Window; actors: D6Character[] };

/** Props of a panel acting for one character (the room comes from its context). */
export type D6CharacterProps = { c: D6Character };
/** Props of a panel that answers one reaction window. */
export type D6PromptProps = { prompt: Prompt };

/**
 * Open windows offered to this viewer (D6-WIN-03: only the eligible). A player is asked for its own characters; the
 * GM for the characters it runs. Windows whose participant is the GM itself (questions, obstruction) live in the
 * GM's panel, not here.
 */
export function promptsFor(view: D6View, viewer: Viewer): Prompt[] {
  if (viewer.role === 'spectator') return [];
  const out: Prompt[] = [];
  for (const w of windows(view)) {
    if (w.status !== 'open') continue;
    const actors = w.eligible
      .filter((id) => !w.passed.includes(id))
      .map((id) => characterById(view, id))
      .filter((c): c is D6Character => c !== undefined && (viewer.role === 'gm' ? c.controller !== 'pc' : controls(viewer, c)));
    if (actors.length > 0) out.push({ window: w, actors });
  }
  return out;
}

/** One 《集中》 choice as the prompt shows it: "spend 3 HP: 9 → 12". */
export type ConcentrationChoice = { hp: number; from: number; to: number };

/** D6-CONC-02: at most 5 in all on one check. */
export const CONCENTRATION_CAP = 5;

/**
 * The 《集中》 choices open to a character on a check: +1 per HP, up to the cap over every declaration, never more HP
 * than it has, and down to 0 only where the table allows (D6-CONC-07). Empty when the viewer cannot see the numbers.
 */
export function concentrationChoices(check: D6Check, c: D6Character, options: Pick<D6Options, 'concentrateToZero'>): ConcentrationChoice[] {
  if (check.total === undefined || c.hp === undefined || check.noConcentration) return [];
  const left = CONCENTRATION_CAP - (check.concentration ?? 0);
  const affordable = options.concentrateToZero ? c.hp : c.hp - 1;
  const max = Math.max(0, Math.min(left, affordable));
  return Array.from({ length: max }, (_, i) => ({ hp: i + 1, from: check.total!, to: check.total! + i + 1 }));
}

/** Characters standing in a zone, as this viewer may see them (hidden enemies have no zone for players). */
export function membersOf(view: D6View, zone: string): D6Character[] {
  return characters(view).filter((c) => c.zone === zone);
}

/** The chosen id while it is still offered, else the first option (a select never shows a blank). */
export function pick(chosen: string, options: readonly { id: string }[]): string {
  return options.some((o) => o.id === chosen) ? chosen : (options[0]?.id ?? '');
}

/** The name of a character, or its id while the view does not list it. */
export function nameOf(view: D6View, id: string): string {
  return characterById(view, id)?.name ?? id;
}
