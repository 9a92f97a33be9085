import type { CardView } from '@veiltable/protocol';
import type { CotInvAction } from '@veiltable/protocol/games/call-of-t';
import { hasKey } from '../../shell/i18n/translate.ts';
import type { LineContext } from '../../ui/timeline/line-renderers.ts';

/**
 * The words of the Call of <T> table that its timeline lines are made of too: names, phases, purposes, skills, facts,
 * LTF, cards and choices. The lines ship with every page's timeline, so nothing here reaches into the engine.
 */

export type T = LineContext['t'];

/** The dictionary's text for a key, or `raw` when it has none (a term the dictionaries do not know yet). */
export function label(t: T, key: string, raw: string): string {
  return hasKey(key) ? t(key) : raw;
}

type Named = { id: string; name: string };

/** A character by the name the line's view gives it (its id where the view does not list it); a dash for none. */
export function nameOf(ctx: Pick<LineContext, 'view'>, id: unknown): string {
  if (typeof id !== 'string' || id === '') return '—';
  const characters = (ctx.view as { characters?: readonly Named[] } | undefined)?.characters ?? [];
  return characters.find((c) => c.id === id)?.name ?? id;
}

/** Characters listed by name ("ch1,ch2" as a note carries them, or an array); a dash for none. */
export function namesOf(ctx: Pick<LineContext, 'view'>, ids: unknown): string {
  const list = Array.isArray(ids) ? ids : typeof ids === 'string' && ids !== '' ? ids.split(',') : [];
  return list.length ? list.map((id) => nameOf(ctx, id)).join(', ') : '—';
}

/** A phase, with its step when the rules name one (the investigation's "declare" step is the phase itself). */
export function phaseText(t: T, phase: string, step: string | null): string {
  const main = label(t, `cot.phase.${phase}`, phase);
  return step && step !== 'declare' ? `${main} · ${label(t, `cot.step.${step}`, step)}` : main;
}

/** What a roll was for: an investigation action, a sense, an obstacle's skill, or one of the rules' checks. */
export function purposeText(t: T, purpose: string): string {
  const [head, rest] = purpose.split('.', 2) as [string, string | undefined];
  if (head === 'encounter' && rest) return label(t, `cot.sense.${rest}`, rest);
  if (head === 'obstacle' && rest) return skillLabel(rest, t);
  const action = `cot.action.${purpose}`;
  // A purpose this client does not know reads as a plain check, never as its id.
  return hasKey(action) ? t(action) : label(t, `cot.purpose.${purpose}`, t('cot.purpose.other'));
}

/**
 * A card as this viewer was told it: its face, or only "a card" when it went into a hand or face-down out of this
 * viewer's sight (the engine sent no face then). A face told although the card lies face-down says so.
 */
export function cardText(ctx: LineContext, card: CardView | undefined, faceUp?: boolean): string {
  const shown = card?.face ? ctx.face(card.face) : ctx.t('cot.log.aCard');
  return faceUp === false ? `${shown} (${ctx.t('cot.log.faceDown')})` : shown;
}

/** A declared choice: the action, its target, and whether a card was played for it (card ids are opaque). */
export function actionText(t: T, action: CotInvAction | undefined): string {
  if (!action) return t('cot.action.none');
  const target = 'target' in action ? ` → ${action.target}` : '';
  const played = ('substitute' in action && action.substitute) || 'card' in action ? ` + ${t('cot.decl.card')}` : '';
  return `${t(`cot.action.${action.kind}`)}${target}${played}`;
}

/** LTF in thirds as the sheet shows it; a change keeps its sign. */
export function ltfWords(thirds: unknown, signed = false): string {
  const n = Number(thirds);
  const text = ltfText(Math.abs(n));
  if (!signed) return text;
  return n < 0 ? `−${text}` : `+${text}`;
}

const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A fact's value as shown: a suit letter becomes its sign, a card label stays as is. */
export function factText(fact: { fact: 'suit' | 'card'; value: string }): string {
  return fact.fact === 'suit' ? (SUIT_SIGNS[fact.value] ?? fact.value) : fact.value;
}

/**
 * A rule-table skill as shown: a characteristic multiple in the rules' notation ("int*3" → INT×3), a known skill in
 * the reader's language, anything else (a skill the dictionaries do not know yet) as the rules' key itself.
 */
export function skillLabel(skill: string, t: T): string {
  const multiple = /^(str|con|pow|int|app)\*([0-9])$/.exec(skill);
  if (multiple) return `${multiple[1]!.toUpperCase()}×${multiple[2]}`;
  const key = `cot.skill.${skill}`;
  return hasKey(key) ? t(key) : skill;
}

/** LTF is kept in thirds (COT-DIE-11): "2⅓". */
export function ltfText(thirds: number): string {
  const whole = Math.floor(thirds / 3);
  const rest = thirds % 3;
  const frac = rest === 1 ? '⅓' : rest === 2 ? '⅔' : '';
  return whole === 0 && frac ? frac : `${whole}${frac}`;
}
