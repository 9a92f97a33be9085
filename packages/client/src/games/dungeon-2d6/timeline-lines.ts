import type { D6EventType } from '@veiltable/protocol/games/dungeon-2d6';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';
import type { LineContext, LineRenderer } from '../../ui/timeline/line-renderers.ts';
import { kindKey, outcomeKey, skillName } from './labels.ts';
import { lineNames } from './line-names.ts';
import type { D6Check } from './model.ts';

export type LineType = D6EventType;

type Data = Record<string, unknown>;
/**
 * What one event's line says: the params of its type's sentence (`d6.line.<type>`), a variant of it
 * (`d6.line.<type>.<variant>`) with its params, or a sentence already made.
 */
type Said = Params | [variant: string, params: Params] | string;

const rec = (v: unknown): Data => (typeof v === 'object' && v !== null ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const oneOf = <T extends string>(options: readonly T[], v: unknown): T | null => (options.includes(v as T) ? (v as T) : null);

const WINDOW_KINDS = ['concentration', 'react', 'after-damage', 'consume', 'fukutsu', 'obstruct', 'passengers', 'question'] as const;
const QUESTION_KINDS = ['encyclopedia', 'mind-read', 'virtue'] as const;
const OUTCOMES = ['success', 'failure', 'total', 'dropped'] as const;
const ABILITIES = ['VAL', 'AGI', 'SPI'] as const;

/**
 * Every event's line for one viewer. Names come from this viewer's view: a character or zone it does not hold (a
 * hidden enemy, a zone only the GM knows) is "someone" / "somewhere", never its id.
 */
function linesFor({ t, view }: LineContext): Record<LineType, (d: Data, seen: Data) => Said> {
  const names = lineNames(view);
  const who = (id: unknown) => names.character(id) ?? t('d6.line.someone');
  const whos = (ids: unknown) => list(ids).map(who).join(', ');
  const where = (id: unknown) => names.zone(id) ?? t('d6.line.somewhere');
  const skill = (s: unknown) => skillName(str(s), { t });
  const one = (id: unknown) => ({ name: who(id) });
  // A target of an attack is a character or a 結界 (barrier ids).
  const target = (id: unknown) => (str(id).startsWith('b') ? t('d6.line.aBarrier') : who(id));
  const checkOwner = (id: unknown) => who(names.check(id)?.character);
  const attacker = (id: unknown) => one(names.attack(id)?.attacker);
  const windowKind = (kind: unknown) => {
    const k = oneOf(WINDOW_KINDS, kind);
    return { kind: t(k ? `d6.line.window.kind.${k}` : 'd6.line.window.kind.other') };
  };
  const question = (d: Data) => {
    const k = oneOf(QUESTION_KINDS, d.kind);
    return { name: who(d.character), kind: t(k ? `d6.line.question.kind.${k}` : 'd6.line.question.kind.other'), text: str(d.text) };
  };
  const outcome = (v: unknown) => (oneOf(OUTCOMES, v) ? t(outcomeKey(v as D6Check['outcome'])) : str(v));
  const onOff = (d: Data): Said => (d.on ? one(d.character) : ['off', one(d.character)]);

  /** D6-HID-02: a secret roll reaches the table without its dice or total; it says only who rolled, and for what. */
  const check = (d: Data, rolled: boolean): Said => {
    const c = rec(d.check) as Partial<D6Check>;
    const params = { name: who(c.character), kind: t(kindKey(str(c.kind))) };
    if (typeof c.total !== 'number') return ['secret', params];
    if (!rolled) return { ...params, result: c.outcome === 'total' || !c.outcome ? t('d6.line.outcome.total', { total: c.total }) : outcome(c.outcome) };
    const line = t('d6.line.check.rolled', { ...params, dice: (c.dice ?? []).join('+'), total: c.total });
    const extra = [typeof c.target === 'number' ? t('d6.line.target', { target: c.target }) : '', c.crit ? t('d6.line.crit') : c.fumble ? t('d6.line.fumble') : ''];
    const shown = extra.filter(Boolean);
    return shown.length > 0 ? `${line} (${shown.join(', ')})` : line;
  };

  /** D6-ENG-07: the table reads that the GM overrode something; the check's seat the change; the GM its reason. */
  const override = (d: Data): Said => {
    const c = names.check(d.target);
    const what = c ? t('d6.line.checkOf', { name: who(c.character) }) : who(d.target);
    const line = 'before' in d ? t('d6.line.gm.override.change', { what, before: outcome(d.before), after: outcome(d.after) }) : t('d6.line.gm.override', { what });
    return typeof d.reason === 'string' ? `${line} — ${d.reason}` : line;
  };

  /** D6-HID-01: a GM-run character's HP change reaches the table without its amounts. */
  const hp = (d: Data): Said => {
    const params = { ...one(d.character), hp: str(d.hp) };
    if (typeof d.delta !== 'number' || d.delta === 0) return params;
    return [d.delta < 0 ? 'lost' : 'gained', { ...params, n: Math.abs(d.delta) }];
  };

  return {
    'attack.applied': (d) => ({ ...one(d.recipient), damage: str(d.damage) }),
    'attack.counter': (d) => one(d.by),
    'attack.counter-ruled': (d) => (d.success ? ['hit', one(d.target)] : one(d.target)),
    'attack.covered': (d) => ({ ...one(d.coverer), target: who(d.target) }),
    'attack.damage': (d) => ({ name: target(d.target), damage: list(d.damage).map(str).join(' / ') }),
    'attack.declared': (d) => ({ ...one(d.attacker), targets: list(d.targets).map(target).join(', '), mode: t(`d6.line.mode.${oneOf(['ranged', 'mental'] as const, d.mode) ?? 'melee'}`) }),
    'attack.defended': (d) => one(d.defender),
    'attack.evaded': (d) => one(d.by),
    'attack.failed': (d) => attacker(d.attack),
    'attack.fumbled': (d) => attacker(d.attack),
    'attack.illusion': (d) => (d.failed ? ['held', { ...one(d.target), roll: str(d.roll) }] : { ...one(d.target), roll: str(d.roll) }),
    'attack.sacrifice': (d) => ({ ...one(d.by), target: who(d.target) }),
    'attack.teleport-evaded': (d) => one(d.by),
    'barrier.created': (d) => {
      const b = rec(d.barrier);
      const params = { ...one(b.caster), zone: where(b.zone) };
      return typeof b.hp === 'number' ? ['hp', { ...params, hp: b.hp }] : params;
    },
    'barrier.damaged': (d) => (typeof d.hp === 'number' ? ['hp', { hp: d.hp }] : {}),
    'barrier.defended': () => ({}),
    'barrier.ended': () => ({}),
    'character.added': (d) => ({ name: str(rec(d.character).name) || t('d6.line.someone') }),
    'character.built': (d) => ({ ...one(d.character), occupation: str(rec(d.build).occupation), race: str(rec(d.build).race) }),
    'character.down': (d) => one(d.character),
    'character.equipped': (d) => {
      const params = { ...one(d.character), item: names.item(d.character, d.item) ?? t('d6.line.anItem') };
      return d.wielded ? params : ['off', params];
    },
    'character.moved': (d) => {
      const params = { ...one(d.character), zone: where(d.to) };
      return d.stoppedBy ? ['stopped', { ...params, by: who(d.stoppedBy) }] : params;
    },
    'check.concentrated': (d) => (typeof d.hp === 'number' ? { name: who(rec(d.check).character), hp: d.hp } : ['secret', { name: who(rec(d.check).character) }]),
    'check.consumed': (d) => ({ name: who(rec(d.check).character), skill: skill(d.skill) }),
    'check.resolved': (d) => check(d, false),
    'check.rolled': (d) => check(d, true),
    'combat.ended': () => ({}),
    'combat.started': () => ({}),
    'find.added': (d) => ({ zone: where(rec(d.find).zone), note: str(rec(d.find).note) }),
    'find.found': (d) => ({ zone: where(d.zone), note: str(d.note) }),
    'flight.ended': (d) => one(d.character),
    'flight.started': (d) => one(d.character),
    'fukutsu.used': (d) => one(d.character),
    'gm.override': override,
    'gold.received': (d) => ({ ...one(d.character), amount: str(d.amount) }),
    'heal.declared': (d) => ({ ...one(d.user), targets: whos(d.targets) }),
    'hp.changed': hp,
    'illusion.created': (d) => one(d.character),
    'initiative.decided': (d) => (d.first === 'enemies' ? ['enemies', {}] : {}),
    'initiative.rolled': (d) => ({ ...one(d.character), side: t(d.side === 'enemies' ? 'd6.line.side.enemies' : 'd6.line.side.party'), total: str(d.total) }),
    'initiative.tie': (d) => (d.reroll ? {} : ['gm', {}]),
    'iron-wall.ended': (d) => one(d.character),
    'iron-wall.started': (d) => {
      const w = rec(d.ironWall);
      const params = { ...one(d.character), ability: t(`d6.ability.${oneOf(ABILITIES, w.ability) ?? 'VAL'}`) };
      return typeof w.value === 'number' ? ['value', { ...params, value: w.value }] : params;
    },
    'item-bag.produced': (d) => ({ ...one(d.user), item: str(d.item) }),
    'light.made': (d) => one(d.character),
    'lock.opened': (d) => one(d.character),
    'modifier.added': (d) => {
      const n = Number(rec(d.modifier).value) || 0;
      return { ...one(d.character), source: str(rec(d.modifier).source), value: n > 0 ? `+${n}` : String(n) };
    },
    'move.declared': (d) => ({ ...one(d.character), zone: where(d.to) }),
    'move.failed': (d) => one(d.character),
    'move.obstructed': (d) => one(d.blocker),
    'opposed.passive-rolled': (d) => ({ name: checkOwner(d.passive) }),
    'opposed.resolved': (d) => {
      const [a, p] = [checkOwner(d.active), checkOwner(d.passive)];
      if (d.winner === 'passive') return { name: p, other: a };
      return d.winner === 'active' ? { name: a, other: p } : ['draw', { name: a, other: p }];
    },
    'opposed.started': (d) => ({ name: checkOwner(d.active), other: who(d.passive) }),
    'options.set': () => ({}),
    'question.answered': question,
    'question.asked': question,
    'question.refused': question,
    'seat.added': (d) => ({ name: str(d.name) }),
    'session.started': () => ({}),
    'skill.registered': (d) => ({ skill: skill(d.skill) }),
    'skill.used': (d) => {
      const params = { ...one(d.user), skill: skill(d.skill) };
      return list(d.targets).length > 0 ? ['on', { ...params, targets: whos(d.targets) }] : params;
    },
    'spirit-sight.changed': onOff,
    'spirit.note': (d) => ({ text: str(d.text) }),
    'status.added': (d) => {
      const params = { ...one(d.character), skill: skill(d.skill) };
      return d.effect === 'no-active' || d.effect === 'penalty' ? [d.effect, params] : params;
    },
    'stealth.changed': onOff,
    'summon.created': (d) => ({ ...one(d.summoner), summon: who(d.summon) }),
    'summon.skill': (d) => ({ ...one(d.summon), skill: skill(d.skill) }),
    'telepathy.message': (d) => ({ ...one(d.from), to: who(d.to), text: str(d.text) }),
    'teleport.accepted': (d) => one(d.character),
    'teleport.marked': (d) => ({ ...one(d.character), place: str(d.place) }),
    'teleport.place': (d) => ({ ...one(d.character), place: str(d.place) }),
    teleported: (d) => {
      const params = { ...one(d.user), zone: where(d.zone) };
      return list(d.passengers).length > 0 ? ['with', { ...params, others: whos(d.passengers) }] : params;
    },
    'transform.changed': onOff,
    'trap.added': (d) => ({ zone: where(rec(d.trap).zone), note: str(rec(d.trap).note) }),
    'trap.disarmed': () => ({}),
    'trap.found': (d) => ({ zone: where(d.zone) }),
    'trap.triggered': (d) => (list(d.affected).length > 0 ? ['on', { zone: where(d.zone), names: whos(d.affected) }] : { zone: where(d.zone) }),
    'turn.started': (d) => ({ n: str(d.turn) }),
    'weapon.dropped': (d) => ({ ...one(d.user), target: who(d.target), item: str(d.name) }),
    'window.closed': (d) => windowKind(names.window(d.window)?.kind),
    'window.min-elapsed': (d) => windowKind(names.window(d.window)?.kind),
    'window.opened': (d) => windowKind(d.kind),
    'window.passed': (d) => one(d.character),
    'zone.added': (d) => ({ zone: str(d.name) }),
    'zone.linked': (d) => ({ a: where(d.a), b: where(d.b) }),
  };
}

/**
 * Every dungeon-2d6 event as a sentence. It reads only the event as this viewer saw it (`seen`) and the names this
 * viewer's view holds, so a hidden enemy is "someone" and a secret roll only that it was made (D6-HID-01/02/06).
 */
const d6Lines: LineRenderer = (seen, ctx) => {
  const line = linesFor(ctx)[seen.type as LineType];
  if (!line) return null;
  const said = line(rec(seen.data), seen);
  if (typeof said === 'string') return said;
  const [variant, params] = Array.isArray(said) ? said : [null, said];
  return ctx.t(`d6.line.${seen.type}${variant ? `.${variant}` : ''}` as MessageKey, params);
};

export default d6Lines;
