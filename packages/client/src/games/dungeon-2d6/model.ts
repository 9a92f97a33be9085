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
  /** Without a target the roll stands as its total (D6-BASE-01); `dropped`: the GM took it off the table. */
  outcome?: 'success' | 'failure' | 'total' | 'dropped';
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

/**
 * D6-HID-01 / D6-CORE-08: characters the GM runs (enemies, NPCs, a summon no seat owns), whose statistics only the GM
 * sees; the GM may roll their checks in secret (D6-HID-02).
 */
export function gmRun(c: D6Character): boolean {
  return c.controller === 'enemy' || c.controller === 'npc' || (c.controller === 'summon' && !c.owner);
}

/** The GM acts for every character; a player for the characters its seat owns. */
export function controls(viewer: Viewer, c: D6Character): boolean {
  if (viewer.role === 'gm') return true;
  return viewer.role === 'player' && c.owner === viewer.seat;
}

/**
 * The participant a window lists in place of the GM's own characters (a skill window, D6-HID-01) or for the GM itself
 * (a question): no character id, so no pass names it; the GM answers it by closing the window.
 */
export const GM_PARTICIPANT = 'gm';

/**
 * An open window this viewer is asked about: the characters it may declare for that have not passed, and `gm` when
 * the GM itself is a participant still to answer (the GM's view only).
 */
export type Prompt = { window: D6Window; actors: D6Character[]; gm: boolean };

/** Participants of a window who have not passed yet. */
export function undecided(w: D6Window): string[] {
  return w.eligible.filter((id) => !w.passed.includes(id));
}

/** Props of a panel acting for one character (the room comes from its context). */
export type D6CharacterProps = { c: D6Character };
/** Props of a panel that answers one reaction window. */
export type D6PromptProps = { prompt: Prompt };

/**
 * Open windows offered to this viewer (D6-WIN-03: only the eligible). A player is asked for its own characters; the
 * GM for the characters it runs, and where a window lists the GM itself (a skill window, D6-HID-01). Questions wait
 * for the GM's answer in its panel, not here.
 */
export function promptsFor(view: D6View, viewer: Viewer): Prompt[] {
  if (viewer.role === 'spectator') return [];
  const out: Prompt[] = [];
  for (const w of windows(view)) {
    if (w.status !== 'open') continue;
    const left = undecided(w);
    const actors = left
      .map((id) => characterById(view, id))
      .filter((c): c is D6Character => c !== undefined && (viewer.role === 'gm' ? c.controller !== 'pc' : controls(viewer, c)));
    const gm = viewer.role === 'gm' && left.includes(GM_PARTICIPANT) && w.link?.kind !== 'question';
    if (actors.length > 0 || gm) out.push({ window: w, actors, gm });
  }
  return out;
}

/**
 * Whether only the GM's answer is missing: every participant left is the GM or a character it runs, so closing the
 * window cuts no player off (the GM has no pass of its own for the `gm` participant).
 */
export function onlyGmLeft(view: D6View, w: D6Window): boolean {
  return undecided(w).every((id) => {
    if (id === GM_PARTICIPANT) return true;
    const c = characterById(view, id);
    return c !== undefined && c.controller !== 'pc';
  });
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

/** A window participant as the table names it: a character's name, or `gm` (the GM's label) for the GM. */
export function participantName(view: D6View, id: string, gm: string): string {
  return id === GM_PARTICIPANT ? gm : nameOf(view, id);
}

/** A barrier as this viewer sees it: its HP and ability only where its caster is no GM-run one (D6-SKL-BARRIER-01). */
export type D6Barrier = D6View['barriers'][number];

/** Barriers standing in a zone. */
export function barriersIn(view: D6View, zone: string): D6Barrier[] {
  return view.barriers.filter((b) => b.zone === zone);
}

/** D6-SKL-TELEPORT-04: a teleport waiting for its passengers, with who was asked and who has not answered yet. */
export type PendingRide = { window: D6Window; user: string; waitingFor: string[] };

/** Open passenger windows of the 転移魔法 users this viewer runs: the jump waits for those passengers' answers. */
export function pendingRides(view: D6View, viewer: Viewer): PendingRide[] {
  return windows(view).flatMap((w) => {
    const link = w.link;
    if (w.status !== 'open' || link?.kind !== 'passengers') return [];
    const user = characterById(view, link.user);
    if (!user || !controls(viewer, user)) return [];
    return [{ window: w, user: user.id, waitingFor: undecided(w) }];
  });
}
