import type { Viewer } from '@veiltable/protocol';
import { resistanceChance } from './checks.ts';
import type { Character, CotState } from './state.ts';
import { cardsNamed } from './resolve-investigation.ts';
import { sheetVisible } from './state.ts';

/**
 * One rule for hidden facts (issue 12): what a state hides from one viewer, as tokens that no event, view patch or
 * refusal that viewer receives may carry, and the tokens a payload carries, in the same vocabulary:
 *
 * - `id:<card id>`: a card id the viewer may not receive at all: the draw pile (nobody, the GM included), the bone
 *   card while the GM holds it off the board, and the hands of other players' characters (COT-HID-01/02), but for
 *   the cards that open declarations show the players until the reveal renews them (COT-HID-03);
 * - `face:<card id>` and `suit:<card id>`: the face, or the suit, of a face-down map card the viewer has no ledger
 *   fact about (COT-HID-01/04);
 * - `decl:<commitment>`: a sealed investigation choice before the reveal (COT-HID-03);
 * - `bone:<square>`: where the bone lies, before 転界 (COT-MOD-10);
 * - `heading:<character>`: a sleepwalker's step toward the bone, before the GM confirms it (COT-HID-07);
 * - `omen:<card id>`: the square a death-omen spade is sent to, before it is placed (COT-TIM-02);
 * - `num:<value>`: with private sheets, another character's sheet values and the chances they yield (COT-HID-01).
 *   A number is a token only when it could not be anything else: an integer such as 40 is also every roll of 40,
 *   so only values with a fractional part are listed (a test plants such values to find these leaks).
 */
export type HiddenFact = { token: string; what: string };

/** The facts this state hides from this viewer (see above). */
export function hiddenFacts(state: CotState, viewer: Viewer): HiddenFact[] {
  const gm = viewer.role === 'gm';
  const seat = viewer.role === 'player' ? viewer.seat : null;
  const out: HiddenFact[] = [];
  for (const card of state.deck) out.push({ token: `id:${card.id}`, what: 'a card of the draw pile' });
  if (state.bone?.card && !gm) out.push({ token: `id:${state.bone.card.id}`, what: 'the bone card held off the board' });
  if (state.bone && !state.party.tenkai && !gm) out.push({ token: `bone:${state.bone.square}`, what: 'the bone square before 転界' });
  if (!gm) {
    const told = seat !== null ? openlyNamed(state) : new Set<string>();
    for (const c of state.characters) {
      if (seat !== null && c.seat === seat) continue;
      for (const card of c.hand) if (!told.has(card.id)) out.push({ token: `id:${card.id}`, what: `a card in ${c.id}'s hand` });
    }
    const known = new Map<string, Set<string>>();
    for (const f of state.facts) if (seat !== null && f.holders.includes(seat)) (known.get(f.entryId) ?? known.set(f.entryId, new Set()).get(f.entryId)!).add(f.fact);
    for (const square of state.squares) {
      for (const e of square.stack) {
        if (e.faceUp) continue;
        const facts = known.get(e.card.id);
        if (!facts?.has('card')) out.push({ token: `face:${e.card.id}`, what: `the face of a face-down card on ${square.id}` });
        if (!facts) out.push({ token: `suit:${e.card.id}`, what: `the suit of a face-down card on ${square.id}` });
      }
    }
  }
  out.push(...phaseFacts(state, viewer));
  for (const c of state.characters) if (!sheetVisible(state, viewer, c.id)) out.push(...sheetFacts(state, c));
  return out;
}

/** The hand cards open declarations have shown every player in this investigation (COT-HID-03, InvDeclaration). */
function openlyNamed(state: CotState): Set<string> {
  const phase = state.phase;
  if (!state.options.openDeclarations || phase.kind !== 'investigation' || phase.decl.sealed.status !== 'open') return new Set();
  return new Set([...(phase.decl.shown ?? []), ...Object.values(phase.decl.sealed.answers).flatMap((a) => cardsNamed(a.answer))]);
}

/** What the current phase hides: sealed choices, sleepwalkers' steps, death-omen squares. */
function phaseFacts(state: CotState, viewer: Viewer): HiddenFact[] {
  if (viewer.role === 'gm') return [];
  const phase = state.phase;
  const mine = (id: string) => viewer.role === 'player' && state.characters.find((c) => c.id === id)?.seat === viewer.seat;
  const out: HiddenFact[] = [];
  if (phase.kind === 'investigation' && phase.decl.sealed.status === 'open') {
    const open = state.options.openDeclarations && viewer.role === 'player';
    for (const [id, answer] of Object.entries(phase.decl.sealed.answers)) {
      if (!open && !mine(id)) out.push({ token: `decl:${answer.commitment}`, what: `${id}'s sealed choice` });
    }
  }
  if (phase.kind === 'time' && phase.step.kind === 'sleepwalk') {
    for (const h of phase.step.headings) out.push({ token: `heading:${h.character}`, what: `${h.character}'s step toward the bone` });
  }
  if (phase.kind === 'time' && phase.step.kind === 'omen') {
    for (const c of phase.step.cards) if (phase.step.several || !mine(c.character)) out.push({ token: `omen:${c.cardId}`, what: `where ${c.character}'s spade goes` });
  }
  return out;
}

const CHARACTERISTICS = ['str', 'con', 'pow', 'int', 'app'] as const;

/** A private sheet's values and the chances the rules read from it (tables.ts chanceFor, COT-DIE-04, COT-INV-03..07). */
function sheetFacts(state: CotState, c: Character): HiddenFact[] {
  const values: [string, number][] = [
    ...CHARACTERISTICS.flatMap((k): [string, number][] => Array.from({ length: 9 }, (_, i): [string, number] => [`${k}×${i + 1}`, c[k] * (i + 1)])),
    ['mp', c.mp],
    ['霊圧', c.spiritPressure],
    ['呼び声', c.call],
    ['死祭り', c.deathRites],
    ...Object.entries(c.skills),
    ...Object.entries(c.skillSets).map(([k, v]): [string, number] => [`set ${k}`, v]),
    ['偵察 chance', c.skillSets.scout + c.scoutBonus],
    ['慰霊 chance', c.skillSets.memorial + c.memorialBonus],
    ['resonance chance', (c.skills[state.resonanceSkill] ?? 0) + c.spiritPressure],
    ['death-omen resistance', resistanceChance(c.pow, c.spiritPressure)],
    ['sleepwalk resistance', resistanceChance(c.call, c.pow)],
  ];
  // Values that coincide are one fact, named by everything it stands for.
  const byValue = new Map<number, string[]>();
  for (const [what, v] of values) if (!Number.isInteger(v)) (byValue.get(v) ?? byValue.set(v, []).get(v)!).push(what);
  return [...byValue].map(([v, what]) => ({ token: `num:${v}`, what: `${c.id}'s ${what.join(' or ')}` }));
}

/** The tokens a payload (an event as read, a view patch, a refusal) carries, in the vocabulary of hiddenFacts. */
export function factsIn(payload: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') out.add(`id:${value}`);
    else if (typeof value === 'number') out.add(`num:${value}`);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.id === 'string' && o.face && typeof o.face === 'object') {
        out.add(`face:${o.id}`);
        if ('suit' in o.face) out.add(`suit:${o.id}`);
      }
      if (typeof o.entryId === 'string' && typeof o.value === 'string') {
        out.add(`suit:${o.entryId}`);
        if (o.fact === 'card') out.add(`face:${o.entryId}`);
      }
      if (typeof o.commitment === 'string' && 'action' in o) out.add(`decl:${o.commitment}`);
      if (typeof o.square === 'string' && typeof o.pow === 'number') out.add(`bone:${o.square}`);
      if (typeof o.character === 'string' && 'direction' in o && 'level' in o) out.add(`heading:${o.character}`);
      if (typeof o.card === 'string' && typeof o.square === 'string' && typeof o.character === 'string') out.add(`omen:${o.card}`);
      Object.values(o).forEach(visit);
    }
  };
  visit(payload);
  return out;
}
