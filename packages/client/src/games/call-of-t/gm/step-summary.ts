import type { CotView } from '@veiltable/protocol/games/call-of-t';
import type { I18n } from '../../../shell/i18n/i18n.svelte.ts';
import { hasKey } from '../../../shell/i18n/translate.ts';
import { faceText } from '../../../ui/card-face.ts';
import { skillLabel } from '../line-words.ts';
import { characterName } from '../model.ts';

/**
 * What the engine generated for the step the GM answers, as sentences in the reader's language (COT §10: each
 * hand-off shows what the engine generated). Reads the public numbers of the phase's detail; names come from the
 * view, rule-table rows from the dictionaries.
 */

type T = I18n['t'];
type Detail = CotView['phase']['detail'];
type Check = { roll: number | null; chance?: number; level: string } | null;
type Discovery = { character: string; sense: string; check: Check; strength: number };
type Handoff = {
  tableRoll: number;
  tableDie: number;
  row: number;
  target: string;
  count: string;
  discovery: Discovery[];
  firstDiscoverer: string | null;
  direction: { die: number; value: number } | null;
  distanceM: number;
};

const RANKS: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
/** A rank as the cards print it: 2–10, J, Q, K, A. */
export const rankText = (n: number): string => RANKS[n] ?? String(n);

/** The dictionary's text for a key built from the view, or the view's value itself for one the rules add later. */
function label(t: T, key: string, raw: string): string {
  return hasKey(key) ? t(key) : raw;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Names joined for a sentence; a dash when there are none. */
function names(view: CotView, ids: readonly string[]): string {
  return ids.length ? ids.map((id) => characterName(view, id)).join(', ') : '—';
}

/** A card by its id, from a hand this viewer sees or from the board; "a card" when it is out of sight. */
function cardText(view: CotView, t: T, id: string): string {
  for (const cards of Object.values(view.hands)) for (const c of cards) if (c.id === id && c.face) return faceText(c.face);
  for (const s of view.board.squares) for (const e of s.stack) if (e.id === id) return e.face ? `${faceText(e.face)} (${s.id})` : s.id;
  return t('cot.log.aCard');
}

function levelText(t: T, level: string): string {
  return label(t, `feed.level.${level}`, level);
}

function encounterLines(view: CotView, t: T, d: Detail): string[] {
  const lines = [t('cot.sum.enc.strength', { strength: num(d.strength) ?? '?' })];
  if (view.phase.step === 'encounterSense') {
    const senses = (d.senses ?? {}) as Record<string, string>;
    const chosen = Object.entries(senses).map(([id, s]) => `${characterName(view, id)}: ${label(t, `cot.sense.${s}`, s)}`);
    if (chosen.length) lines.push(t('cot.sum.enc.senses', { list: chosen.join(', ') }));
    const waiting = view.characters.filter((c) => !senses[c.id]).map((c) => c.id);
    if (waiting.length) lines.push(t('cot.sum.enc.waiting', { names: names(view, waiting) }));
    return lines;
  }
  const h = d.handoff as Handoff | undefined;
  if (!h) return lines;
  lines.push(
    t('cot.sum.enc.table', {
      die: h.tableDie, roll: h.tableRoll, row: h.row, target: label(t, `cot.enc.target.${h.target}`, h.target), count: h.count,
    }),
  );
  for (const x of h.discovery) {
    const who = characterName(view, x.character);
    if (!x.check) lines.push(t('cot.sum.enc.noLook', { name: who }));
    else {
      lines.push(
        t('cot.sum.enc.discovery', {
          name: who, sense: label(t, `cot.sense.${x.sense}`, x.sense), roll: x.check.roll ?? t('cot.log.noRoll'),
          chance: x.check.chance ?? '?', level: levelText(t, x.check.level), strength: x.strength,
        }),
      );
    }
  }
  if (h.firstDiscoverer) {
    lines.push(t('cot.sum.enc.first', { name: characterName(view, h.firstDiscoverer), distance: h.distanceM }));
    if (h.direction) lines.push(t('cot.sum.enc.direction', { die: h.direction.die, value: h.direction.value }));
  } else lines.push(t('cot.sum.enc.unseen'));
  lines.push(t('cot.sum.enc.gm'));
  return lines;
}

function obstacleLines(view: CotView, t: T, d: Detail): string[] {
  const strength = num(d.strength) ?? 0;
  const name = typeof d.name === 'string' ? d.name : 'gm';
  const lines = [
    t('cot.sum.obs.row', { rank: rankText(strength), name: label(t, `cot.obs.name.${name}`, name) }),
    t('cot.sum.obs.need', { required: num(d.required) ?? '?', total: num(d.total) ?? 0 }),
  ];
  const skills = strings(d.skills);
  if (skills.length) lines.push(t(d.simultaneous === true ? 'cot.sum.obs.skillsTogether' : 'cot.sum.obs.skills', { skills: skills.map((s) => skillLabel(s, t)).join(', ') }));
  const passed = strings(d.passed);
  if (passed.length) lines.push(t('cot.sum.obs.passed', { names: names(view, passed) }));
  const bonus = num(d.bonus);
  if (bonus) lines.push(t('cot.sum.obs.bonus', { n: bonus }));
  if (typeof d.anchor === 'string') lines.push(t('cot.sum.obs.anchor', { name: characterName(view, d.anchor) }));
  const value = num(d.value);
  if (value !== null) lines.push(t('cot.sum.obs.value', { value }));
  const progress = num(d.progress);
  if (progress !== null) lines.push(t('cot.obs.progress', { n: progress }));
  const stage = typeof d.stage === 'string' ? d.stage : 'roll';
  lines.push(label(t, `cot.sum.obs.stage.${stage}`, stage));
  return lines;
}

function interactionLines(t: T, d: Detail): string[] {
  const rank = rankText(num(d.number) ?? 0);
  if (typeof d.counterpart !== 'string') return [t('cot.sum.int.noRow', { rank })];
  const lines = [t('cot.sum.int.row', { rank, counterpart: label(t, `cot.int.counterpart.${d.counterpart}`, d.counterpart), count: num(d.count) ?? '?' })];
  const effects = strings(d.effects);
  if (effects.length) lines.push(t('cot.sum.int.effects', { effects: effects.map((e) => label(t, `cot.gm.effect.${e}`, e)).join(', ') }));
  const move = num(d.move);
  if (move) lines.push(t('cot.sum.int.move', { n: move }));
  return lines;
}

/** The sentences for the step the view waits on; none outside a GM step. */
export function stepSummary(view: CotView, t: T): string[] {
  const d = view.phase.detail;
  const cap = num(d.treasureCap);
  const then = cap !== null ? [t('cot.sum.treasureAfter', { cap })] : [];
  switch (view.phase.step) {
    case 'omen': {
      const cards = (d.cards ?? []) as { character: string; card: string; square: string }[];
      return [
        t('cot.sum.omen', { names: names(view, strings(d.failers)) }),
        ...cards.map((c) => t('cot.sum.omen.card', { name: characterName(view, c.character), card: cardText(view, t, c.card), square: c.square })),
      ];
    }
    case 'sleepwalk': {
      const walkers = (d.sleepwalkers ?? []) as { character: string }[];
      return [t('cot.sum.sleepwalk', { names: names(view, walkers.map((w) => w.character)) })];
    }
    case 'pursuer':
      return [t('cot.sum.pursuer', { cards: strings(d.candidates).map((id) => cardText(view, t, id)).join(', ') })];
    case 'encounterSense':
    case 'encounterCombat':
      return encounterLines(view, t, d);
    case 'treasure':
      return [t('cot.sum.treasure', { cap: num(d.cap) ?? '?' })];
    case 'remains':
      return [t('cot.sum.remains', { strength: num(d.strength) ?? '?' }), ...then];
    case 'tearSpirit':
      return [t(d.bone === true ? 'cot.sum.bone' : 'cot.sum.tearSpirit', { strength: num(d.strength) ?? '?' }), ...then];
    case 'tearSpiritCombat':
      return [
        t('cot.sum.tsCombat', { name: characterName(view, typeof d.summoner === 'string' ? d.summoner : null), strength: num(d.strength) ?? '?', pow: num(d.spiritPow) ?? '?' }),
        ...then,
      ];
    case 'obstacle':
      return obstacleLines(view, t, d);
    case 'obstacleCleared': {
      const poisons = (d.poisons ?? []) as { character: string; poison: string; pot: number }[];
      return [
        t('cot.sum.cleared'),
        ...poisons.map((p) => t('cot.sum.poison', { name: characterName(view, p.character), poison: label(t, `cot.sum.poison.${p.poison}`, p.poison), pot: p.pot })),
      ];
    }
    case 'interaction':
      return interactionLines(t, d);
    default:
      return [];
  }
}
