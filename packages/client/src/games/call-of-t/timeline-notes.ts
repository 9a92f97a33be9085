import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { Params } from '../../shell/i18n/translate.ts';
import { hasKey } from '../../shell/i18n/translate.ts';
import type { LineContext } from '../../ui/timeline/line-renderers.ts';
import { label, ltfWords, nameOf, namesOf, type T } from './line-words.ts';

type Note = Extract<CotViewEvent, { type: 'cot.note' }>;
type P = Note['params'];

const num = (v: unknown): number => Number(v ?? 0);
const str = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : String(v));
const yesNo = (t: T, v: unknown): string => (typeof v === 'boolean' ? t(v ? 'cot.yes' : 'cot.no') : str(v));

/** The sheet values a GM may set, by the names the sheet shows them with. */
const SHEET_LABELS: Record<string, string> = { call: 'cot.char.call', spiritPressure: 'cot.setup.spiritPressure', deathRites: 'cot.setup.deathRites', mp: 'MP' };

/** The counters a GM note changed, each by its label: "Food 3, Ropes yes". */
function changes(t: T, p: P, labelOf: (key: string) => string): string {
  return Object.entries(p)
    .filter(([key]) => key !== 'character')
    .map(([key, value]) => `${labelOf(key)} ${yesNo(t, value)}`)
    .join(', ');
}

/**
 * A note's sentence key (after `cot.log.note.`) and its parameters, in words. Notes told with a character's sheet
 * withheld (COT-HID-01) carry fewer parameters, and read as their shorter sentence.
 */
function wordsOf(key: string, p: P, ctx: LineContext): [string, Params] | null {
  const { t, seat } = ctx;
  const name = nameOf(ctx, p.character);
  switch (key) {
    case 'setup':
      return [key, { width: num(p.width), height: num(p.height), gate: str(p.gate), characters: num(p.characters), mushi: num(p.mushi) }];
    case 'character.joined':
      return [key, { name: str(p.name), square: str(p.square) }];
    case 'investigation.skipped':
      return [key, { cycle: num(p.cycle) }];
    case 'marker':
      return [key, { name, square: str(p.square) }];
    case 'call.raised':
      return 'call' in p ? [key, { name, amount: num(p.amount), call: num(p.call) }] : ['call.raisedOpen', { name, amount: num(p.amount) }];
    case 'forced.move':
      return [key, { to: str(p.to) }];
    case 'gm.ruling':
      return [key, { rule: str(p.rule), square: str(p.square) }];
    case 'resonance':
      return [key, { name, responses: num(p.responses) }];
    case 'tenkai':
      return [key, { square: str(p.square), strength: num(p.strength), pow: num(p.pow), name: nameOf(ctx, p.thirdResponder) }];
    case 'probe':
      return [p.spade ? 'probe.spade' : 'probe.noSpade', { name, square: str(p.square) }];
    case 'fact.shared':
      return [key, { name: p.by === 'gm' ? 'GM' : seat(str(p.by)), to: str(p.to).split(',').map(seat).join(', ') }];
    case 'deathOmen':
      return [key, { names: namesOf(ctx, p.failers), spades: num(p.spades) }];
    case 'sleepwalk':
      return [key, { name, to: str(p.to) }];
    case 'restrained':
      return [key, { name, sleepwalker: nameOf(ctx, p.sleepwalker), ltf: num(p.ltf) }];
    case 'activity':
      return [key, { name, activity: label(t, `cot.activity.${p.activity}`, str(p.activity)) }];
    case 'plan.proposed':
      return [key, { plan: p.plan === 'move' ? t('cot.plan.move', { to: str(p.to) }) : label(t, `cot.plan.${p.plan}`, str(p.plan)) }];
    case 'waited':
      return [key, { name, activity: label(t, `cot.activity.${p.activity}`, str(p.activity)), recovered: num(p.recovered) }];
    case 'moved':
      return [key, { from: str(p.from), to: str(p.to) }];
    case 'ace.move':
      return [key, { d10: num(p.d10), move: label(t, p.move === 'stop' ? 'cot.dir.none' : `cot.dir.${p.move}`, str(p.move)) }];
    case 'pursuer.stays':
      return [key, { square: str(p.square) }];
    case 'encounter':
      return [key, { strength: num(p.strength) }];
    case 'sense':
      return [key, { name, sense: label(t, `cot.sense.${p.sense}`, str(p.sense)) }];
    case 'encounter.handoff':
      return [key, { strength: num(p.strength), count: str(p.count), target: label(t, `cot.enc.target.${p.target}`, str(p.target)), die: str(p.tableDie), roll: num(p.tableRoll) }];
    case 'bone.fight':
      return [key, { name: nameOf(ctx, p.firstOpponent) }];
    case 'spade.ignored':
      return [key, {}];
    case 'treasure.rank':
      return [key, { cap: num(p.cap), rank: str(p.rank) }];
    case 'treasure.food':
      return [key, { rations: num(p.rations), food: num(p.food) }];
    case 'accepted':
      return 'call' in p ? [key, { name, call: num(p.call), pressure: num(p.spiritPressure) }] : ['acceptedOpen', { name }];
    case 'interaction': {
      if (p.counterpart === null) return ['interaction.nobody', { number: num(p.number) }];
      const effects = str(p.effects).split(',').map((e) => label(t, `cot.gm.effect.${e}`, e)).join(', ');
      const counterpart = label(t, `cot.int.counterpart.${p.counterpart}`, str(p.counterpart));
      return [p.hostile ? 'interaction.hostile' : key, { number: num(p.number), counterpart, count: num(p.count), effects }];
    }
    case 'obstacle':
      return [key, { obstacle: label(t, `cot.obs.name.${p.name}`, str(p.name)), strength: num(p.strength), required: num(p.required) }];
    case 'obstacle.round':
    case 'obstacle.progress':
    case 'obstacle.labyrinth':
      return [key, { total: num(p.total ?? p.value), required: num(p.required) }];
    case 'obstacle.fall':
      return [key, { name, damage: num(p.damage) }];
    case 'obstacle.bonus':
      return [key, { skill: label(t, `cot.skill.${p.skill}`, str(p.skill)), bonus: num(p.bonus) }];
    case 'obstacle.dust':
      return [key, { strength: num(p.strength), required: num(p.required), left: num(p.left) }];
    case 'obstacle.antidote':
      return [key, { name, poison: label(t, `cot.sum.poison.${p.poison}`, str(p.poison)), pot: num(p.pot), left: num(p.left) }];
    case 'obstacle.trap':
      return [key, { d6: num(p.d6), trap: label(t, `cot.trap.${p.trap}`, str(p.trap)) }];
    case 'obstacle.found':
      return [key, { total: num(p.total), bonus: num(p.bonus) }];
    case 'obstacle.gas':
    case 'obstacle.poison':
      return [key, { name, pot: num(p.pot) }];
    case 'obstacle.thorns':
      return ['character' in p ? 'obstacle.thornsPaid' : key, { name, progress: num(p.progress) }];
    case 'obstacle.boat':
      return [key, { total: num(p.total), to: str(p.to) }];
    case 'party.committed':
      return [key, { name: seat(str(p.seat)), step: label(t, `cot.step.${p.step}`, str(p.step)) }];
    case 'ltf.recorded':
      return [key, { name, ltf: ltfWords(p.ltfThirds), change: ltfWords(p.change, true) }];
    case 'deck.reshuffled':
      return [key, { count: num(p.count) }];
    case 'gm.party':
      return [key, { changes: changes(t, p, (k) => label(t, `cot.party.${k}`, k)) }];
    case 'gm.ltf':
      return [key, { name, ltf: ltfWords(p.ltfThirds) }];
    case 'gm.sheet': {
      const told = changes(t, p, (k) => label(t, SHEET_LABELS[k] ?? k, SHEET_LABELS[k] ?? k));
      return told ? [key, { name, changes: told }] : ['gm.sheetOpen', { name }];
    }
    default:
      return null;
  }
}

/** A Call of <T> note as a sentence, or null for a note this table has no words for. */
export function noteText(seen: Note, ctx: LineContext): string | null {
  const words = wordsOf(seen.key, seen.params, ctx);
  if (!words) return null;
  const key = `cot.log.note.${words[0]}`;
  return hasKey(key) ? ctx.t(key, words[1]) : null;
}
