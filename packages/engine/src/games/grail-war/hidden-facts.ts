import type { Viewer } from '@veiltable/protocol';
import type { Sealed } from '../../kernel/sealed.ts';
import type { Character, GrailWarState } from './state.ts';
import { characterOf } from './state.ts';

/**
 * One fact of a state that a viewer must not receive (issue 12, "one rule for hidden facts"), as a token: a text
 * found inside any string a viewer is sent, or a number found as any number it is sent. `what` names the fact and
 * the §17.1 row that hides it. A test makes the tokens unique (planted names, numbers in bands no public value
 * reaches); this declaration says which of them each viewer may not see.
 */
export type HiddenFact = { what: string } & ({ text: string } | { number: number });

/**
 * The hidden facts of a state for one viewer, read from §17.1 directly (not from the view's own predicates, which
 * they check): everything private to a character's owner and partner (GW-HIDE-00) for everyone else, the
 * authoritative info totals for all but the GM (F13), a knower's ledger for all but the knower (F11), sealed answers'
 * salts outside the answering side until the reveal (F27), scene declarations' salts outside the declaring side
 * (HIDE-D1, F19), and the room's RNG seed (F20). The GM, and a spectator
 * under `gmMirror`, may see everything. Seals left, relationship scores and trust are small counts no token can
 * single out; the differential checks (seal-window.test.ts, the fuzz's twin rooms) cover what they would tell.
 */
export function hiddenFacts(state: GrailWarState, viewer: Viewer): HiddenFact[] {
  if (viewer.role === 'gm' || (viewer.role === 'spectator' && state.options.spectatorVisibility === 'gmMirror')) return [];
  const facts: HiddenFact[] = [{ what: 'the RNG seed (GW-HIDE-F20)', text: state.rng.seed }];
  for (const c of Object.values(state.characters)) if (!ownSide(state, c, viewer)) facts.push(...privateFacts(state, c, viewer));
  const entries = [...state.ledger, ...(state.battle?.knowledge ?? [])];
  for (const k of entries) {
    const at = `${k.knower}→${k.target}`;
    // The knower sees the believed total, which is the authoritative one unless false points came in (F13).
    if (!knowerSide(state, k.knower, viewer)) facts.push({ what: `the believed info total ${at} (GW-HIDE-F11)`, number: k.believed });
    if (!knowerSide(state, k.knower, viewer) || k.total !== k.believed) facts.push({ what: `the authoritative info total ${at} (GW-HIDE-F13)`, number: k.total });
  }
  const b = state.battle;
  if (b) facts.push(...openSalts(state, b.prebattle, viewer), ...openSalts(state, b.submission, viewer), ...openSalts(state, b.window, viewer));
  facts.push(...sceneSalts(state, viewer));
  return facts;
}

/** What a character's owner and partner alone see (F01, F04–F09, F25, F10's standing order, the GM's overrides). */
function privateFacts(state: GrailWarState, c: Character, viewer: Viewer): HiddenFact[] {
  const facts: HiddenFact[] = [];
  const sheet = c.sheet;
  if (sheet.kind === 'servant') {
    // F01: a knower who learnt the true name may see it (INFO-17).
    if (!knowsTrueName(state, c.id, viewer)) facts.push({ what: `${c.id}'s true name (GW-HIDE-F01)`, text: sheet.trueName });
    for (const np of sheet.noblePhantasms) facts.push({ what: `${c.id}'s NP name (GW-HIDE-F04)`, text: np.name });
    for (const bonus of sheet.attackBonuses) facts.push({ what: `${c.id}'s skill source (GW-HIDE-F04, F12)`, text: bonus.source });
  }
  facts.push({ what: `${c.id}'s merit (GW-HIDE-F08)`, number: sheet.merit }, { what: `${c.id}'s XP (GW-HIDE-F07)`, number: sheet.xp });
  facts.push({ what: `${c.id}'s funds (GW-HIDE-F09)`, number: c.funds });
  if (!hpShown(state, c, viewer)) facts.push({ what: `${c.id}'s MP (GW-HIDE-F06)`, number: sheet.mp.current }, { what: `${c.id}'s max MP (GW-HIDE-F06)`, number: sheet.mp.max });
  for (const word of c.ssKeywords) facts.push({ what: `${c.id}'s SS keyword (GW-HIDE-F25)`, text: word });
  if (c.binding) facts.push({ what: `the Binding Order on ${c.id} (GW-HIDE-F10)`, text: c.binding.order });
  for (const o of state.battle?.overrides ?? []) if (o.character === c.id) facts.push({ what: `the GM's reason for correcting ${c.id}`, text: o.reason });
  return facts;
}

/** The salt of each answer still sealed, for viewers outside the answering character's side (F27, D3–D5). */
function openSalts<A>(state: GrailWarState, step: Sealed<A> | null, viewer: Viewer): HiddenFact[] {
  if (!step || step.status !== 'open') return [];
  return Object.entries(step.answers).flatMap(([id, answer]) => {
    const c = characterOf(state, id);
    return c && ownSide(state, c, viewer) ? [] : [{ what: `the salt of ${id}'s sealed answer (GW-HIDE-F27)`, text: answer.salt }];
  });
}

/** HIDE-D1/F19: a scene declaration's salt stays with its character's side and the GM, before the lock and after. */
function sceneSalts(state: GrailWarState, viewer: Viewer): HiddenFact[] {
  const answers = state.campaign.declarations?.answers ?? {};
  return Object.entries(answers).flatMap(([id, answer]) => {
    const c = characterOf(state, id);
    return c && ownSide(state, c, viewer) ? [] : [{ what: `the salt of ${id}'s scene declaration (GW-HIDE-D1)`, text: answer.salt }];
  });
}

/** GW-HIDE-00: the viewer plays the character or its contracted partner. */
function ownSide(state: GrailWarState, c: Character, viewer: Viewer): boolean {
  if (viewer.role !== 'player') return false;
  const partner = c.partner ? characterOf(state, c.partner) : undefined;
  return c.seat === viewer.seat || partner?.seat === viewer.seat;
}

/** F11: a ledger is its knower's; the knower's partner shares it only under `pairSharesInfo`. */
function knowerSide(state: GrailWarState, knower: string, viewer: Viewer): boolean {
  const c = characterOf(state, knower);
  if (!c || viewer.role !== 'player') return false;
  return c.seat === viewer.seat || (state.options.pairSharesInfo && ownSide(state, c, viewer));
}

/** INFO-17: some ledger this viewer reads holds the target's true name as known. */
function knowsTrueName(state: GrailWarState, target: string, viewer: Viewer): boolean {
  return [...state.ledger, ...(state.battle?.knowledge ?? [])].some((k) => k.target === target && k.trueNameKnown && knowerSide(state, k.knower, viewer));
}

/** F06 under `showHpToOpponents`: the battle's members see its participants' HP and MP. */
function hpShown(state: GrailWarState, c: Character, viewer: Viewer): boolean {
  const b = state.battle;
  if (!state.options.showHpToOpponents || !b || viewer.role !== 'player' || !b.participants.some((p) => p.id === c.id)) return false;
  return b.participants.some((p) => {
    const member = characterOf(state, p.id);
    return member !== undefined && ownSide(state, member, viewer);
  });
}
