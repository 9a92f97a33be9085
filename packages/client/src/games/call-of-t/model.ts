import { diagonalNeighbours, orthogonalNeighbours } from '@veiltable/engine/games/call-of-t';
import type { CardView, Viewer } from '@veiltable/protocol';
import type { CotInvAction, CotView } from '@veiltable/protocol/games/call-of-t';
import type { I18n } from '../../shell/i18n/i18n.svelte.ts';
import { hasKey } from '../../shell/i18n/translate.ts';

/** What the Call of <T> screens derive from a view: own characters, legal targets, knowledge marks, GM waits. */

export type CotCharacter = CotView['characters'][number];
export type CotSquare = CotView['board']['squares'][number];
export type CotEntry = CotSquare['stack'][number];
export type ActionKind = CotInvAction['kind'];
/** Props of a panel acting for characters: a player's own, every one for the GM (the room comes from its context). */
export type CotActingProps = { characters: string[] };

/** The order the declaration panel offers the actions in (T-INV-PLACE). */
export const ACTION_KINDS: readonly ActionKind[] = ['scout', 'vision', 'prayer', 'resonance', 'probe', 'none'];

/** The characters this viewer plays (a player's; none for the GM or a spectator). */
export function ownCharacters(view: CotView, viewer: Viewer): CotCharacter[] {
  return viewer.role === 'player' ? view.characters.filter((c) => c.seat === viewer.seat) : [];
}

const grid = (view: CotView) => ({ width: view.board.width, height: view.board.height });

function square(view: CotView, id: string): CotSquare | undefined {
  return view.board.squares.find((s) => s.id === id);
}

/** Squares an action may target from the party's square (COT-INV-03..07, COT-FX-02); empty for untargeted ones. */
export function legalTargets(view: CotView, kind: ActionKind): string[] {
  const here = view.party.position;
  switch (kind) {
    case 'scout':
      // A square whose every card is face-up has nothing left to scout (COT-INV-03).
      return orthogonalNeighbours(grid(view), here).filter((id) => {
        const s = square(view, id);
        return !s || s.stack.length === 0 || s.stack.some((e) => !e.faceUp);
      });
    case 'vision':
      return view.board.squares.filter((s) => s.stack.some((e) => !e.faceUp)).map((s) => s.id);
    case 'resonance':
      return diagonalNeighbours(grid(view), here);
    case 'probe':
      return view.board.squares.filter((s) => !s.scouted).map((s) => s.id);
    case 'prayer':
    case 'none':
      return [];
  }
}

/** Squares a critical scout of `target` may peek at: the target's own orthogonal neighbours (COT-INV-04). */
export function peekSquares(view: CotView, target: string | null): string[] {
  return target ? orthogonalNeighbours(grid(view), target) : [];
}

/** Hand cards of one suit: a ♥ for vision and substitutes, a ♠ for the probe, a ♦ after an obstacle. */
export function cardsFor(hand: readonly CardView[], suit: 'S' | 'H' | 'D' | 'C'): CardView[] {
  return hand.filter((c) => c.face?.kind === 'standard' && c.face.suit === suit);
}

/** A scout's extras on a critical (COT-INV-04): the square next to the target to peek at, a hand card to set there. */
export type ScoutExtras = { peek: string | null; setCard: string | null };

/** Builds the declared action from the panel's fields; null while a required field is missing. */
export function buildAction(
  kind: ActionKind,
  target: string | null,
  card: string | null,
  substitute: string | null,
  extras: ScoutExtras = { peek: null, setCard: null },
): CotInvAction | null {
  switch (kind) {
    case 'scout': {
      if (!target) return null;
      const peek = extras.peek ? { peek: extras.peek, ...(extras.setCard ? { setCard: extras.setCard } : {}) } : {};
      return { kind, target, ...(substitute ? { substitute } : {}), ...peek };
    }
    case 'vision':
    case 'probe':
      return target && card ? { kind, target, card } : null;
    case 'resonance':
      return target ? { kind, target } : null;
    case 'prayer':
      return { kind, ...(substitute ? { substitute } : {}) };
    case 'none':
      return { kind };
  }
}

/** How this viewer knows a face-down entry: a fact of its own, one more players hold, or not at all. */
export type Knowledge = { mark: 'own' | 'shared'; text: string } | null;

const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A fact's value as shown: a suit letter becomes its sign, a card label stays as is. */
export function factText(fact: { fact: 'suit' | 'card'; value: string }): string {
  return fact.fact === 'suit' ? (SUIT_SIGNS[fact.value] ?? fact.value) : fact.value;
}

export function knowledgeOf(view: CotView, entryId: string): Knowledge {
  const facts = view.facts.filter((f) => f.entryId === entryId);
  if (facts.length === 0) return null;
  const best = facts.find((f) => f.fact === 'card') ?? facts[0]!;
  return { mark: facts.some((f) => f.shared) ? 'shared' : 'own', text: factText(best) };
}

/**
 * A rule-table skill as shown: a characteristic multiple in the rules' notation ("int*3" → INT×3), a known skill in
 * the reader's language, anything else (a skill the dictionaries do not know yet) as the rules' key itself.
 */
export function skillLabel(skill: string, t: I18n['t']): string {
  const multiple = /^(str|con|pow|int|app)\*([0-9])$/.exec(skill);
  if (multiple) return `${multiple[1]!.toUpperCase()}×${multiple[2]}`;
  const key = `cot.skill.${skill}`;
  return hasKey(key) ? t(key) : skill;
}

const ACTIONS_CHECKED = ['scout', 'vision', 'prayer', 'resonance'];

/**
 * What a check was rolled for, in words: an investigation action, an encounter's sense, an obstacle's skill, or one
 * of the rules' other checks; a purpose this client does not know reads as a plain check, never as its id.
 */
export function purposeLabel(purpose: string, t: I18n['t']): string {
  const [head, rest] = purpose.split('.', 2) as [string, string | undefined];
  if (head === 'obstacle' && rest) return skillLabel(rest, t);
  const key = head === 'encounter' ? `cot.sense.${rest}` : ACTIONS_CHECKED.includes(purpose) ? `cot.action.${purpose}` : `cot.purpose.${purpose}`;
  return hasKey(key) ? t(key) : t('cot.purpose.other');
}

/** The name of a character, or its id when the view does not list it. */
export function characterName(view: CotView, id: string | null | undefined): string {
  if (!id) return '—';
  return view.characters.find((c) => c.id === id)?.name ?? id;
}

/** LTF is kept in thirds (COT-DIE-11): "2⅓". */
export function ltfText(thirds: number): string {
  const whole = Math.floor(thirds / 3);
  const rest = thirds % 3;
  const frac = rest === 1 ? '⅓' : rest === 2 ? '⅔' : '';
  return whole === 0 && frac ? frac : `${whole}${frac}`;
}

/** The event steps and time steps that wait for a GM command (COT §10 hand-offs and GM confirmations). */
export const GM_STEPS = [
  'omen',
  'sleepwalk',
  'pursuer',
  'encounterSense',
  'encounterCombat',
  'treasure',
  'remains',
  'tearSpirit',
  'tearSpiritCombat',
  'obstacle',
  'obstacleCleared',
  'interaction',
] as const;

/** The step this view waits on, if the GM has (or may give) the answer. */
export function gmStep(view: CotView): (typeof GM_STEPS)[number] | null {
  const step = view.phase.step;
  return step && (GM_STEPS as readonly string[]).includes(step) ? (step as (typeof GM_STEPS)[number]) : null;
}
