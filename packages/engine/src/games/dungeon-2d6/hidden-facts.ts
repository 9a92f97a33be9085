import type { Viewer } from '@veiltable/protocol';
import { finalValue } from './abilities.ts';
import type { D6State } from './state.ts';
import { positionHidden, SKILL_WINDOWS, statsHidden } from './visibility.ts';

/**
 * The hidden facts of a state, viewer by viewer (issue 12, "one rule for hidden facts"): what the rules keep from
 * that viewer (§10.1, D6-HID-01..07), each with a test for whether one received item gives it away. An item is one
 * thing the viewer was sent: an event as it read it, one op of a view patch (with the ids of the records on its
 * path), or a refusal. A fact is given away when its test finds it in a single item, so "the id beside the zone"
 * means within one record. Numbers are searched as JSON values; they find a leak only where the table's numbers are
 * distinctive, as a fuzz plants them.
 */
export type HiddenFact = {
  kind: FactKind;
  /** What the fact is about, e.g. "position:ch5"; a fact of an earlier state counts while its subject is still hidden. */
  subject: string;
  /** A readable statement of the fact, for the failure message. */
  fact: string;
  /** Whether one received item (its JSON text) gives the fact away. */
  found(item: string): boolean;
};

export type FactKind =
  | 'position' | 'hidden-zone' | 'statistic' | 'skill' | 'notes' | 'trap' | 'find' | 'secret-roll' | 'target-number'
  | 'override-reason' | 'question' | 'telepathy' | 'spirit-note';

/** Every hidden fact of `state` for `viewer`; the GM is kept from nothing. */
export function hiddenFacts(state: D6State, viewer: Viewer): HiddenFact[] {
  if (viewer.role === 'gm') return [];
  const seat = viewer.role === 'player' ? viewer.seat : null;
  return [
    ...positions(state),
    ...statistics(state),
    ...traps(state),
    ...secretRolls(state),
    ...privateItems(state, seat),
  ];
}

/** D6-HID-06: where a hidden enemy stands, beside its id or in a list that places it with others; hidden zones. */
function positions(state: D6State): HiddenFact[] {
  const out: HiddenFact[] = [];
  for (const c of state.characters.filter(positionHidden)) {
    const subject = `position:${c.id}`;
    out.push({ kind: 'position', subject, fact: `${c.id} stands in ${c.zone}`, found: allOf(quoted(c.id), quoted(c.zone)) });
    out.push({ kind: 'position', subject, fact: `${c.id} listed beside others`, found: (item) => listsBeside(item, c.id) });
  }
  for (const z of state.zones.filter((x) => x.hidden)) {
    out.push({ kind: 'hidden-zone', subject: `zone:${z.id}`, fact: `zone ${z.id} exists`, found: allOf(quoted(z.id)) });
  }
  return out;
}

/** D6-HID-01: GM-run characters' final abilities, 鉄壁 value, movement, HP and maximum, notes and skills. */
function statistics(state: D6State): HiddenFact[] {
  const out: HiddenFact[] = [];
  for (const c of state.characters) {
    if (c.gmNotes) out.push({ kind: 'notes', subject: `notes:${c.id}`, fact: `${c.id}'s GM notes`, found: allOf(c.gmNotes) });
    if (!statsHidden(c)) continue;
    const subject = `stats:${c.id}`;
    // Values a fuzz plants far from the table's numbers are searched as any JSON value; HP, which falls to small
    // numbers, under its own keys, and any HP change's amount beside the id.
    const numbers: [string, number | null][] = [
      ...(['VAL', 'AGI', 'SPI'] as const).map((a): [string, number] => [a, finalValue(c, a, state.options.ironWallFrozen)]),
      ['鉄壁', c.ironWall?.value ?? null],
      ['movement', c.movement],
      ['flight speed', c.flightSpeed],
    ];
    for (const [what, n] of numbers) {
      if (n !== null) out.push({ kind: 'statistic', subject, fact: `${c.id}'s ${what} is ${n}`, found: allOf(quoted(c.id), number(n)) });
    }
    out.push({ kind: 'statistic', subject, fact: `${c.id}'s HP is ${c.hp}`, found: allOf(quoted(c.id), `"hp":${c.hp}`) });
    out.push({ kind: 'statistic', subject, fact: `${c.id}'s maximum HP is ${c.maxHp}`, found: allOf(quoted(c.id), `"maxHp":${c.maxHp}`) });
    out.push({ kind: 'statistic', subject, fact: `how much ${c.id}'s HP changed`, found: allOf(quoted(c.id), '"delta":') });
    out.push({ kind: 'skill', subject, fact: `${c.id}'s skills`, found: (item) => skillListed(item, c.id, Object.keys(c.skills)) });
  }
  return out;
}

/** D6-HID-01: traps and hidden things not found yet, and every trap's note. */
function traps(state: D6State): HiddenFact[] {
  const out: HiddenFact[] = [];
  for (const t of state.traps) {
    if (!t.found) out.push({ kind: 'trap', subject: `trap:${t.id}`, fact: `trap ${t.id} exists`, found: allOf(quoted(t.id)) });
    if (t.note) out.push({ kind: 'trap', subject: `trap-note:${t.id}`, fact: `trap ${t.id}'s note`, found: allOf(t.note) });
  }
  for (const f of state.finds.filter((x) => !x.found)) {
    out.push({ kind: 'find', subject: `find:${f.id}`, fact: `hidden thing ${f.id} exists`, found: allOf(quoted(f.id)) });
    if (f.note) out.push({ kind: 'find', subject: `find:${f.id}`, fact: `hidden thing ${f.id}'s note`, found: allOf(f.note) });
  }
  return out;
}

/** D6-HID-02 / D6-HID-07: a secret roll's dice, ability, total, concentration, crit and fumble; hidden targets. */
function secretRolls(state: D6State): HiddenFact[] {
  const out: HiddenFact[] = [];
  for (const k of Object.values(state.checks)) {
    if (k.target !== null && !k.targetVisible) {
      out.push({ kind: 'target-number', subject: `target:${k.id}`, fact: `${k.id}'s target is ${k.target}`, found: allOf(quoted(k.id), `"target":${k.target}`) });
    }
    if (!k.secret) continue;
    const subject = `roll:${k.id}`;
    const said = (fact: string, needle: string) => out.push({ kind: 'secret-roll', subject, fact: `${k.id}: ${fact}`, found: allOf(quoted(k.id), needle) });
    said(`dice ${k.dice.join(',')}`, `"dice":[${k.dice.join(',')}]`);
    said(`total ${k.total}`, `"total":${k.total}`);
    said(`ability ${k.abilityValue}`, `"abilityValue":${k.abilityValue}`);
    if (k.concentration > 0) said(`concentration ${k.concentration}`, `"concentration":${k.concentration}`);
    if (k.crit) said('a critical', '"crit":true');
    if (k.fumble) said('a fumble', '"fumble":true');
  }
  for (const a of Object.values(state.attacks)) {
    const k = a.check ? state.checks[a.check] : undefined;
    if (!k?.secret) continue;
    const subject = `roll:${k.id}`;
    out.push({ kind: 'secret-roll', subject, fact: `${a.id} fumbled`, found: (item) => k.fumble && item.includes(quoted(a.id)) && item.includes('"type":"attack.fumbled"') });
    out.push({ kind: 'secret-roll', subject, fact: `${a.id}'s critical die`, found: (item) => item.includes(quoted(a.id)) && /"extraDice":\[\d/.test(item) });
  }
  for (const entry of state.log) {
    out.push({ kind: 'override-reason', subject: `log:${entry.target}`, fact: `an override's reason`, found: allOf(entry.reason) });
  }
  return out;
}

/** D6-HID-03/04/05: questions, telepathy and spirit notes the viewer's seat was not party to. */
function privateItems(state: D6State, seat: string | null): HiddenFact[] {
  const out: HiddenFact[] = [];
  for (const q of Object.values(state.questions)) {
    if (seat !== null && q.seat === seat) continue;
    const subject = `question:${q.id}`;
    out.push({ kind: 'question', subject, fact: `question ${q.id}`, found: allOf(quoted(q.id)) });
    out.push({ kind: 'question', subject, fact: `question ${q.id}'s window`, found: allOf(quoted(q.window)) });
    // A mind-read's text is the id of the character read, which appears everywhere: its id and window stand for it.
    if (q.kind !== 'mind-read') out.push({ kind: 'question', subject, fact: `question ${q.id}'s text`, found: allOf(q.text) });
    if (q.answer) out.push({ kind: 'question', subject, fact: `question ${q.id}'s answer`, found: allOf(q.answer) });
  }
  state.telepathy.forEach((m, i) => {
    if (seat === null || !m.seats.includes(seat)) out.push({ kind: 'telepathy', subject: `telepathy:${i}`, fact: '念話 text', found: allOf(m.text) });
  });
  state.spiritNotes.forEach((n, i) => {
    if (seat === null || !n.seats.includes(seat)) out.push({ kind: 'spirit-note', subject: `spirit:${i}`, fact: 'spirit note', found: allOf(n.text) });
  });
  return out;
}

const quoted = (id: string) => JSON.stringify(id);

/** A test that finds every needle in the item (a string as it is, a number as a JSON value). */
function allOf(...needles: (string | RegExp)[]): (item: string) => boolean {
  return (item) => needles.every((n) => (typeof n === 'string' ? item.includes(n) : n.test(item)));
}

/** A number as a JSON value: not part of a longer number, an id or a string. */
function number(n: number): RegExp {
  return new RegExp(`[:\\[,]${String(n).replace('-', '\\-')}[,\\]}]`);
}

/** Windows whose lists place their participants with one another (cover, obstruction, sacrifice, passengers). */
const PLACING = new Set(['react', 'obstruct', 'after-damage', 'passengers']);

/** Whether the item lists the character with others in a placing window, among those a trap caught, or as a passenger. */
function listsBeside(item: string, id: string): boolean {
  return walk(JSON.parse(item), (o) => {
    const lists = typeof o.kind === 'string' && PLACING.has(o.kind) ? [o.eligible, o.passed] : [];
    if (lists.some((l) => Array.isArray(l) && l.includes(id) && l.some((x) => x !== id && x !== 'gm'))) return true;
    return [o.affected, o.passengers].some((l) => Array.isArray(l) && l.includes(id));
  });
}

/** Whether the item shows the character holds a skill: a skill window listing it, or its sheet's skills beside its id. */
function skillListed(item: string, id: string, skills: string[]): boolean {
  const parsed: unknown = JSON.parse(item);
  const listed = walk(parsed, (o) => {
    const lists = typeof o.kind === 'string' && SKILL_WINDOWS.has(o.kind) ? [o.eligible, o.passed] : [];
    return lists.some((l) => Array.isArray(l) && l.includes(id));
  });
  // A sheet shows its skills as a `skills` record, or in a patch as a path through it.
  const sheet = item.includes('"skills":') || item.includes('/skills');
  return listed || (sheet && item.includes(quoted(id)) && skills.some((s) => item.includes(quoted(s)) || item.includes(`/skills/${s}`)));
}

/** Whether `test` holds for some object inside `value`. */
function walk(value: unknown, test: (o: Record<string, unknown>) => boolean): boolean {
  if (Array.isArray(value)) return value.some((v) => walk(v, test));
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return test(o) || Object.values(o).some((v) => walk(v, test));
}

/** The kinds of fact, for a positive control that each kind is found where it is not hidden. */
export const FACT_KINDS: readonly FactKind[] = [
  'position', 'hidden-zone', 'statistic', 'skill', 'notes', 'trap', 'find', 'secret-roll', 'target-number',
  'override-reason', 'question', 'telepathy', 'spirit-note',
];
