import type { D6EventType } from '@veiltable/protocol/games/dungeon-2d6';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { Params } from '../../shell/i18n/translate.ts';
import type { LineContext, LineRenderer } from '../../ui/timeline/line-renderers.ts';
import { kindKey, outcomeKey, skillName } from './labels.ts';
import { lineNames, type LineNames } from './line-names.ts';
import type { D6Check } from './model.ts';

/** The capabilities' events a 2d6 room logs beside its own (chat lines and rolls are the timeline's). */
export const CAPABILITY_EVENTS = ['cast.changed', 'cast.removed', 'dice.system'] as const;
export type LineType = D6EventType | (typeof CAPABILITY_EVENTS)[number];

type Data = Record<string, unknown>;
type Say = {
  t: (key: MessageKey, params?: Params) => string;
  /** A character's name, or "someone" when this viewer's view does not hold it (a hidden enemy). */
  who: (id: unknown) => string;
  whos: (ids: unknown) => string;
  where: (id: unknown) => string;
  skill: (skill: unknown) => string;
  names: LineNames;
};

const rec = (v: unknown): Data => (typeof v === 'object' && v !== null ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const ids = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

const WINDOW_KINDS = ['concentration', 'react', 'after-damage', 'consume', 'fukutsu', 'obstruct', 'passengers', 'question'] as const;
const QUESTION_KINDS = ['encyclopedia', 'mind-read', 'virtue'] as const;
const STATUS_EFFECTS = ['no-active', 'penalty', 'stun'] as const;
const OUTCOMES = ['success', 'failure', 'total', 'dropped'] as const;

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | null => (list.includes(v as T) ? (v as T) : null);

/** A check as an event carries it: with its dice for those who may read them, only who and what for a secret one. */
function checkLine(s: Say, check: Data, key: 'rolled' | 'resolved'): string {
  const c = check as Partial<D6Check>;
  const params = { name: s.who(c.character), kind: s.t(kindKey(str(c.kind))) };
  if (typeof c.total !== 'number') return s.t(key === 'rolled' ? 'd6.line.check.rolledSecret' : 'd6.line.check.resolvedSecret', params);
  if (key === 'resolved') {
    const outcome = oneOf(OUTCOMES, c.outcome);
    const result = outcome === 'total' || !outcome ? s.t('d6.line.outcome.total', { total: c.total }) : s.t(outcomeKey(outcome));
    return s.t('d6.line.check.resolved', { ...params, result });
  }
  const rolled = s.t('d6.line.check.rolled', { ...params, dice: (c.dice ?? []).join('+'), total: c.total });
  const extra = [
    typeof c.target === 'number' ? s.t('d6.line.target', { target: c.target }) : '',
    c.crit ? s.t('d6.line.crit') : c.fumble ? s.t('d6.line.fumble') : '',
  ].filter(Boolean);
  return extra.length > 0 ? `${rolled} (${extra.join(', ')})` : rolled;
}

/** The name of the character whose check (by id) the event is about. */
const checkOwner = (s: Say, id: unknown): string => s.who(s.names.check(id)?.character);

/** A target of an attack: a character, or a 結界 (barrier ids). */
const targetName = (s: Say, id: unknown): string => (str(id).startsWith('b') ? s.t('d6.line.aBarrier') : s.who(id));

const windowKind = (s: Say, kind: unknown): string => {
  const k = oneOf(WINDOW_KINDS, kind);
  return k ? s.t(`d6.line.window.kind.${k}`) : s.t('d6.line.window.kind.other');
};

/** What was overridden (D6-ENG-07): a character's HP or a check, by the names this viewer knows. */
function overrideLine(s: Say, d: Data): string {
  const check = s.names.check(d.target);
  const what = check ? s.t('d6.line.checkOf', { name: s.who(check.character) }) : s.who(d.target);
  const value = (v: unknown) => (oneOf(OUTCOMES, v) ? s.t(outcomeKey(v as D6Check['outcome'])) : str(v));
  const base = 'before' in d ? s.t('d6.line.gm.overrideChange', { what, before: value(d.before), after: value(d.after) }) : s.t('d6.line.gm.override', { what });
  return typeof d.reason === 'string' ? `${base} — ${d.reason}` : base;
}

function hpLine(s: Say, d: Data): string {
  const name = s.who(d.character);
  if (typeof d.delta !== 'number' || d.delta === 0) return s.t('d6.line.hp.changed', { name });
  const params = { name, n: Math.abs(d.delta) };
  const line = s.t(d.delta < 0 ? 'd6.line.hp.lost' : 'd6.line.hp.gained', params);
  return typeof d.hp === 'number' ? `${line} (HP ${d.hp})` : line;
}

/** One sentence per event type; the record type keeps it complete as the protocol's list grows. */
const LINES: Record<LineType, (d: Data, s: Say, seen: Data) => string> = {
  'attack.applied': (d, s) => s.t('d6.line.attack.applied', { name: s.who(d.recipient), damage: str(d.damage) }),
  'attack.counter': (d, s) => s.t('d6.line.attack.counter', { name: s.who(d.by) }),
  'attack.counter-ruled': (d, s) => s.t(d.success ? 'd6.line.attack.counterHit' : 'd6.line.attack.counterMiss', { name: s.who(d.target) }),
  'attack.covered': (d, s) => s.t('d6.line.attack.covered', { name: s.who(d.coverer), target: s.who(d.target) }),
  'attack.damage': (d, s) => s.t('d6.line.attack.damage', { name: targetName(s, d.target), damage: ids(d.damage).map(str).join(' / ') }),
  'attack.declared': (d, s) => {
    const mode = oneOf(['melee', 'ranged', 'mental'] as const, d.mode) ?? 'melee';
    return s.t('d6.line.attack.declared', { name: s.who(d.attacker), targets: ids(d.targets).map((id) => targetName(s, id)).join(', '), mode: s.t(`d6.line.mode.${mode}`) });
  },
  'attack.defended': (d, s) => s.t('d6.line.attack.defended', { name: s.who(d.defender) }),
  'attack.evaded': (d, s) => s.t('d6.line.attack.evaded', { name: s.who(d.by) }),
  'attack.failed': (d, s) => s.t('d6.line.attack.failed', { name: s.who(s.names.attack(d.attack)?.attacker) }),
  'attack.fumbled': (d, s) => s.t('d6.line.attack.fumbled', { name: s.who(s.names.attack(d.attack)?.attacker) }),
  'attack.illusion': (d, s) => s.t(d.failed ? 'd6.line.attack.illusionHeld' : 'd6.line.attack.illusionSeen', { name: s.who(d.target), roll: str(d.roll) }),
  'attack.sacrifice': (d, s) => s.t('d6.line.attack.sacrifice', { name: s.who(d.by), target: s.who(d.target) }),
  'attack.teleport-evaded': (d, s) => s.t('d6.line.attack.teleportEvaded', { name: s.who(d.by) }),
  'barrier.created': (d, s) => {
    const b = rec(d.barrier);
    const line = s.t('d6.line.barrier.created', { name: s.who(b.caster), zone: s.where(b.zone) });
    return typeof b.hp === 'number' ? `${line} (HP ${b.hp})` : line;
  },
  'barrier.damaged': (d, s) => (typeof d.hp === 'number' ? `${s.t('d6.line.barrier.damaged')} (HP ${d.hp})` : s.t('d6.line.barrier.damaged')),
  'barrier.defended': (_d, s) => s.t('d6.line.barrier.defended'),
  'barrier.ended': (_d, s) => s.t('d6.line.barrier.ended'),
  'character.added': (d, s) => s.t('d6.line.character.added', { name: str(rec(d.character).name) || s.t('d6.line.someone') }),
  'character.built': (d, s) => {
    const b = rec(d.build);
    return s.t('d6.line.character.built', { name: s.who(d.character), occupation: str(b.occupation), race: str(b.race) });
  },
  'character.down': (d, s) => s.t('d6.line.character.down', { name: s.who(d.character) }),
  'character.equipped': (d, s) => {
    const item = s.names.item(d.character, d.item) ?? s.t('d6.line.anItem');
    return s.t(d.wielded ? 'd6.line.character.wielded' : 'd6.line.character.unwielded', { name: s.who(d.character), item });
  },
  'character.moved': (d, s) => {
    const line = s.t('d6.line.character.moved', { name: s.who(d.character), zone: s.where(d.to) });
    return d.stoppedBy ? `${line} (${s.t('d6.line.stoppedBy', { name: s.who(d.stoppedBy) })})` : line;
  },
  'check.concentrated': (d, s) => {
    const name = s.who(rec(d.check).character);
    return typeof d.hp === 'number' ? s.t('d6.line.check.concentratedHp', { name, hp: d.hp }) : s.t('d6.line.check.concentrated', { name });
  },
  'check.consumed': (d, s) => s.t('d6.line.check.consumed', { name: s.who(rec(d.check).character), skill: s.skill(d.skill) }),
  'check.resolved': (d, s) => checkLine(s, rec(d.check), 'resolved'),
  'check.rolled': (d, s) => checkLine(s, rec(d.check), 'rolled'),
  'combat.ended': (_d, s) => s.t('d6.line.combat.ended'),
  'combat.started': (_d, s) => s.t('d6.line.combat.started'),
  'find.added': (d, s) => s.t('d6.line.find.added', { zone: s.where(rec(d.find).zone), note: str(rec(d.find).note) }),
  'find.found': (d, s) => s.t('d6.line.find.found', { zone: s.where(d.zone), note: str(d.note) }),
  'flight.ended': (d, s) => s.t('d6.line.flight.ended', { name: s.who(d.character) }),
  'flight.started': (d, s) => s.t('d6.line.flight.started', { name: s.who(d.character) }),
  'fukutsu.used': (d, s) => s.t('d6.line.fukutsu.used', { name: s.who(d.character) }),
  'gm.override': (d, s) => overrideLine(s, d),
  'gold.received': (d, s) => s.t('d6.line.gold.received', { name: s.who(d.character), amount: str(d.amount) }),
  'heal.declared': (d, s) => s.t('d6.line.heal.declared', { name: s.who(d.user), targets: s.whos(d.targets) }),
  'hp.changed': (d, s) => hpLine(s, d),
  'illusion.created': (d, s) => s.t('d6.line.illusion.created', { name: s.who(d.character) }),
  'initiative.decided': (d, s) => s.t(d.first === 'enemies' ? 'd6.line.initiative.enemiesFirst' : 'd6.line.initiative.partyFirst'),
  'initiative.rolled': (d, s) =>
    s.t('d6.line.initiative.rolled', { name: s.who(d.character), side: s.t(d.side === 'enemies' ? 'd6.line.side.enemies' : 'd6.line.side.party'), total: str(d.total) }),
  'initiative.tie': (d, s) => s.t(d.reroll ? 'd6.line.initiative.tieReroll' : 'd6.line.initiative.tieGm'),
  'iron-wall.ended': (d, s) => s.t('d6.line.ironWall.ended', { name: s.who(d.character) }),
  'iron-wall.started': (d, s) => {
    const w = rec(d.ironWall);
    const line = s.t('d6.line.ironWall.started', { name: s.who(d.character), ability: s.t(`d6.ability.${oneOf(['VAL', 'AGI', 'SPI'] as const, w.ability) ?? 'VAL'}`) });
    return typeof w.value === 'number' ? `${line} (${w.value})` : line;
  },
  'item-bag.produced': (d, s) => s.t('d6.line.itemBag.produced', { name: s.who(d.user), item: str(d.item) }),
  'light.made': (d, s) => s.t('d6.line.light.made', { name: s.who(d.character) }),
  'lock.opened': (d, s) => s.t('d6.line.lock.opened', { name: s.who(d.character) }),
  'modifier.added': (d, s) => {
    const m = rec(d.modifier);
    return s.t('d6.line.modifier.added', { name: s.who(d.character), source: str(m.source), value: signed(Number(m.value) || 0) });
  },
  'move.declared': (d, s) => s.t('d6.line.move.declared', { name: s.who(d.character), zone: s.where(d.to) }),
  'move.failed': (d, s) => s.t('d6.line.move.failed', { name: s.who(d.character) }),
  'move.obstructed': (d, s) => s.t('d6.line.move.obstructed', { name: s.who(d.blocker) }),
  'opposed.passive-rolled': (d, s) => s.t('d6.line.opposed.passiveRolled', { name: checkOwner(s, d.passive) }),
  'opposed.resolved': (d, s) => {
    const [a, p] = [checkOwner(s, d.active), checkOwner(s, d.passive)];
    if (d.winner === 'active') return s.t('d6.line.opposed.won', { name: a, other: p });
    if (d.winner === 'passive') return s.t('d6.line.opposed.won', { name: p, other: a });
    return s.t('d6.line.opposed.draw', { name: a, other: p });
  },
  'opposed.started': (d, s) => s.t('d6.line.opposed.started', { name: checkOwner(s, d.active), other: s.who(d.passive) }),
  'options.set': (_d, s) => s.t('d6.line.options.set'),
  'question.answered': (d, s) => s.t('d6.line.question.answered', { name: s.who(d.character), kind: questionKind(s, d.kind), text: str(d.text) }),
  'question.asked': (d, s) => s.t('d6.line.question.asked', { name: s.who(d.character), kind: questionKind(s, d.kind), text: str(d.text) }),
  'question.refused': (d, s) => s.t('d6.line.question.refused', { name: s.who(d.character), kind: questionKind(s, d.kind) }),
  'seat.added': (d, s) => s.t('d6.line.seat.added', { name: str(d.name) }),
  'session.started': (_d, s) => s.t('d6.line.session.started'),
  'skill.registered': (d, s) => s.t('d6.line.skill.registered', { skill: s.skill(d.skill) }),
  'skill.used': (d, s) => {
    const params = { name: s.who(d.user), skill: s.skill(d.skill) };
    return ids(d.targets).length > 0 ? s.t('d6.line.skill.usedOn', { ...params, targets: s.whos(d.targets) }) : s.t('d6.line.skill.used', params);
  },
  'spirit-sight.changed': (d, s) => s.t(d.on ? 'd6.line.spiritSight.on' : 'd6.line.spiritSight.off', { name: s.who(d.character) }),
  'spirit.note': (d, s) => s.t('d6.line.spirit.note', { text: str(d.text) }),
  'status.added': (d, s) => {
    const effect = oneOf(STATUS_EFFECTS, d.effect) ?? 'stun';
    return s.t(`d6.line.status.${effect}`, { name: s.who(d.character), skill: s.skill(d.skill) });
  },
  'stealth.changed': (d, s) => s.t(d.on ? 'd6.line.stealth.on' : 'd6.line.stealth.off', { name: s.who(d.character) }),
  'summon.created': (d, s) => s.t('d6.line.summon.created', { name: s.who(d.summoner), summon: s.who(d.summon) }),
  'summon.skill': (d, s) => s.t('d6.line.summon.skill', { name: s.who(d.summon), skill: s.skill(d.skill) }),
  'telepathy.message': (d, s) => s.t('d6.line.telepathy.message', { name: s.who(d.from), to: s.who(d.to), text: str(d.text) }),
  'teleport.accepted': (d, s) => s.t('d6.line.teleport.accepted', { name: s.who(d.character) }),
  'teleport.marked': (d, s) => s.t('d6.line.teleport.marked', { name: s.who(d.character), place: str(d.place) }),
  'teleport.place': (d, s) => s.t('d6.line.teleport.place', { name: s.who(d.character), place: str(d.place) }),
  teleported: (d, s) => {
    const params = { name: s.who(d.user), zone: s.where(d.zone) };
    return ids(d.passengers).length > 0 ? s.t('d6.line.teleportedWith', { ...params, others: s.whos(d.passengers) }) : s.t('d6.line.teleported', params);
  },
  'transform.changed': (d, s) => s.t(d.on ? 'd6.line.transform.on' : 'd6.line.transform.off', { name: s.who(d.character) }),
  'trap.added': (d, s) => s.t('d6.line.trap.added', { zone: s.where(rec(d.trap).zone), note: str(rec(d.trap).note) }),
  'trap.disarmed': (_d, s) => s.t('d6.line.trap.disarmed'),
  'trap.found': (d, s) => s.t('d6.line.trap.found', { zone: s.where(d.zone) }),
  'trap.triggered': (d, s) => {
    const zone = s.where(d.zone);
    return ids(d.affected).length > 0 ? s.t('d6.line.trap.triggeredOn', { zone, names: s.whos(d.affected) }) : s.t('d6.line.trap.triggered', { zone });
  },
  'turn.started': (d, s) => s.t('d6.line.turn.started', { n: str(d.turn) }),
  'weapon.dropped': (d, s) => s.t('d6.line.weapon.dropped', { name: s.who(d.user), target: s.who(d.target), item: str(d.name) }),
  'window.closed': (d, s) => s.t('d6.line.window.closed', { kind: windowKind(s, s.names.window(d.window)?.kind) }),
  'window.min-elapsed': (d, s) => s.t('d6.line.window.minElapsed', { kind: windowKind(s, s.names.window(d.window)?.kind) }),
  'window.opened': (d, s) => s.t('d6.line.window.opened', { kind: windowKind(s, d.kind) }),
  'window.passed': (d, s) => s.t('d6.line.window.passed', { name: s.who(d.character) }),
  'zone.added': (d, s) => s.t('d6.line.zone.added', { zone: str(d.name) }),
  'zone.linked': (d, s) => s.t('d6.line.zone.linked', { a: s.where(d.a), b: s.where(d.b) }),
  'cast.changed': (_d, s, seen) => s.t('d6.line.cast.changed', { name: str(rec(seen.character).name) || s.t('d6.line.someone') }),
  'cast.removed': (_d, s) => s.t('d6.line.cast.removed'),
  'dice.system': (_d, s, seen) => s.t('d6.line.dice.system', { system: str(seen.system) }),
};

function questionKind(s: Say, kind: unknown): string {
  const k = oneOf(QUESTION_KINDS, kind);
  return k ? s.t(`d6.line.question.kind.${k}`) : s.t('d6.line.question.kind.other');
}

function sayer({ t, view }: LineContext): Say {
  const names = lineNames(view);
  const who = (id: unknown) => names.character(id) ?? t('d6.line.someone');
  return {
    t,
    who,
    whos: (list) => ids(list).map(who).join(', '),
    where: (id) => names.zone(id) ?? t('d6.line.somewhere'),
    skill: (skill) => skillName(str(skill), { t }),
    names,
  };
}

/**
 * Every dungeon-2d6 event as a sentence. It reads only the event as this viewer saw it (`seen`) and the names this
 * viewer's view holds, so a hidden enemy is "someone" and a secret roll only that it was made (D6-HID-01/02/06).
 */
export const d6Sentences: LineRenderer = (seen, ctx) => {
  const line = LINES[seen.type as LineType];
  return line ? line(rec(seen.data), sayer(ctx), seen) : null;
};
