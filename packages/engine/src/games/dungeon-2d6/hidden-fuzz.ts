import type { Viewer } from '@veiltable/protocol';
import { diffJson } from '@veiltable/protocol';
import type { PatchOp } from '@veiltable/protocol';
import { d6Command, d6View, d6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import { viewEvent } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { randomMove } from './fuzz-commands.ts';
import type { FactKind, HiddenFact } from './hidden-facts.ts';
import { hiddenFacts } from './hidden-facts.ts';
import { dungeon2d6 } from './index.ts';
import type { D6State } from './state.ts';
import { mulberry32, TestTable } from './test-table.ts';
import { positionHidden } from './visibility.ts';

/**
 * The hidden-facts fuzz (issue 12): random commands from every seat, a spectator and the GM; for every viewer, every
 * item it receives (each event as it reads it, each op of the patch between its successive views, each refusal of its
 * own commands) is searched for the hidden facts of the state for that viewer (hidden-facts.ts). The run stops at
 * the first fact found. A refusal is also replayed with the hidden characters elsewhere: a refusal that changes with
 * where they stand tells their position. The GM's items are searched for the same facts, as a positive control.
 * Every view and event is parsed by the protocol's schemas on the way.
 */
export type Finding = { step: number; viewer: string; command: string; actor: string; fact: string; item: string };
/** A run: the first finding (or null), how many refusals it drew, the commands accepted by type, and the control. */
export type FuzzRun = { finding: Finding | null; steps: number; refusals: number; accepted: Map<string, number>; gmFound: Set<FactKind> };

const GM: Viewer = { role: 'gm' };
const VIEWERS: Viewer[] = [GM, { role: 'player', seat: 's1' }, { role: 'player', seat: 's2' }, { role: 'player', seat: 's3' }, { role: 'spectator' }];
const name = (v: Viewer) => (v.role === 'player' ? v.seat : v.role);

/**
 * A room with three seats' PCs and GM-run characters whose numbers are planted far from every number the table may
 * read (VAL 61, AGI 77, SPI 93, HP 787 of 797, movement 53): a public initiative total is 機敏 + 1..6, so the other
 * values keep out of 78..83.
 */
export function fuzzTable(seed: number): TestTable {
  const t = new TestTable(seed.toString(16).padStart(64, '0'));
  const hall = t.zone('hall');
  const mid = t.zone('mid', [hall]);
  const far = t.zone('far', [mid]);
  t.zone('yard', [hall]);
  const uses = (...skills: string[]) => skills.map((skill) => ({ skill, uses: 3 }));
  t.add('Aki', { owner: 1, magicCapable: true, skills: [...uses('teleport', 'heal', 'counter', 'fukutsu', 'encyclopedia', 'telepathy', 'lockpick', 'detect', 'traps', 'ironWall'), { skill: 'spiritSight' }], gmNotes: 'SECRET-NOTE#aki#' });
  t.add('Bea', { owner: 2, magicCapable: true, skills: [...uses('sacrifice', 'fukutsu', 'encyclopedia', 'telepathy', 'teleport'), { skill: 'spiritSight' }] });
  t.add('Cid', { owner: 3, magicCapable: true, skills: uses('heal', 'counter', 'encyclopedia') });
  const planted = { VAL: 61, AGI: 77, SPI: 93, hp: 787, maxHp: 797, movement: 53 };
  t.add('Lich', { controller: 'enemy', zone: mid, ...planted, gmNotes: 'SECRET-NOTE#lich#', skills: [...uses('counter', 'fukutsu', 'sacrifice', 'ironWall', 'teleport', 'summon', 'barrier', 'telepathy'), { skill: 'stealth' }, { skill: 'flight' }] });
  t.add('Orc', { controller: 'enemy', ...planted, gmNotes: 'SECRET-NOTE#orc#', skills: uses('sacrifice', 'counter', 'lockpick') });
  t.add('Guide', { controller: 'npc', zone: far, ...planted, gmNotes: 'SECRET-NOTE#guide#', skills: uses('fukutsu', 'heal') });
  t.do({ type: 'trap.add', zone: mid, area: true, note: 'SECRET-TRAP#mid#' });
  t.do({ type: 'find.add', zone: far, note: 'SECRET-FIND#far#' });
  t.do({ type: 'skill.stealth', user: t.state.characters[3]!.id, on: true });
  return t;
}

/** Plays `steps` random commands from the fuzz table of `seed`; see the module comment. */
export function runHiddenFuzz(seed: number, steps: number): FuzzRun {
  const r = mulberry32(seed);
  const t = fuzzTable(seed);
  const views = new Map(VIEWERS.map((v) => [name(v), dungeon2d6.view(t.state, v)]));
  const gmFound = new Set<FactKind>();
  const accepted = new Map<string, number>();
  let refusals = 0;
  const done = (finding: Finding | null, steps: number): FuzzRun => ({ finding, steps, refusals, accepted, gmFound });
  // What each viewer holds at the start is searched too, record by record.
  for (const v of VIEWERS) {
    const finding = search(t.state, t.state, v, initialItems(views.get(name(v))), gmFound, { step: -1, command: '(start)', actor: '-' });
    if (finding) return done(finding, 0);
  }
  for (let step = 0; step < steps; step++) {
    const move = randomMove(r, t.state, step);
    const parsed = d6Command.safeParse(move.command);
    if (!parsed.success) continue;
    const before = t.state;
    const result = dungeon2d6.apply(before, parsed.data, move.actor, t.at);
    const at = { step, command: JSON.stringify(parsed.data), actor: name(move.actor) };
    if (!result.ok) {
      refusals += 1;
      if (move.actor.role !== 'player') continue;
      const found = search(before, before, move.actor, [JSON.stringify(result.error)], gmFound, at) ?? refusalTells(before, parsed.data, move.actor, result, at);
      if (found) return done(found, step);
      continue;
    }
    accepted.set(parsed.data.type, (accepted.get(parsed.data.type) ?? 0) + 1);
    t.state = result.value.state;
    for (const v of VIEWERS) {
      // Every output is the protocol's too: each view and each event as the viewer reads it parse.
      const next = d6View.parse(dungeon2d6.view(t.state, v));
      const events = result.value.events.map((e) => viewEvent(e, v)).filter((e) => e !== null).map((e) => JSON.stringify(d6ViewEvent.parse(e)));
      const patch = patchItems(diffJson(views.get(name(v)), next), views.get(name(v)), next);
      views.set(name(v), next);
      const finding = search(before, t.state, v, [...events, ...patch], gmFound, at);
      if (finding) return done(finding, step);
    }
  }
  return done(null, steps);
}

/**
 * The facts a viewer may not learn from what one command sent it: those of the state after the command, and those of
 * the state before whose subject is still hidden after it (where a hidden enemy came from is still its secret).
 */
function factsFor(before: D6State, after: D6State, viewer: Viewer): HiddenFact[] {
  const now = hiddenFacts(after, viewer);
  const subjects = new Set(now.map((f) => f.subject));
  return [...now, ...hiddenFacts(before, viewer).filter((f) => subjects.has(f.subject))];
}

function search(
  before: D6State,
  after: D6State,
  viewer: Viewer,
  items: string[],
  gmFound: Set<FactKind>,
  at: Omit<Finding, 'viewer' | 'fact' | 'item'>,
): Finding | null {
  if (viewer.role === 'gm') {
    // Positive control: the GM reads what the others may not, so the search must find it there.
    for (const other of VIEWERS.slice(1)) {
      for (const f of factsFor(before, after, other)) if (!gmFound.has(f.kind) && items.some((i) => f.found(i))) gmFound.add(f.kind);
    }
    return null;
  }
  for (const f of factsFor(before, after, viewer)) {
    const item = items.find((i) => f.found(i));
    if (item) return { ...at, viewer: name(viewer), fact: f.fact, item };
  }
  return null;
}

/** A refusal must not change with where hidden characters stand: replayed with each of them in another zone. */
function refusalTells(state: D6State, command: unknown, actor: Viewer, refused: Result<unknown>, at: Omit<Finding, 'viewer' | 'fact' | 'item'>): Finding | null {
  const hidden = state.characters.filter(positionHidden);
  if (hidden.length === 0) return null;
  const elsewhere = structuredClone(state);
  for (const c of elsewhere.characters.filter(positionHidden)) {
    const other = elsewhere.zones.find((z) => z.id !== c.zone && !z.hidden);
    if (other) c.zone = other.id;
  }
  const again = dungeon2d6.apply(elsewhere, command as never, actor, 0);
  const said = (x: Result<unknown>) => (x.ok ? 'accepted' : JSON.stringify(x.error));
  if (said(again) === said(refused)) return null;
  return { ...at, viewer: name(actor), fact: `the refusal depends on where ${hidden.map((c) => c.id).join(', ')} stand(s)`, item: `${said(refused)} vs ${said(again)}` };
}

/** A whole view as records: each array's items one by one, every other field on its own. */
function initialItems(view: unknown): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(view as Record<string, unknown>)) {
    if (Array.isArray(value)) value.forEach((item) => out.push(JSON.stringify({ path: key, item })));
    else out.push(JSON.stringify({ path: key, [key]: value }));
  }
  return out;
}

/**
 * A patch as records: each op with the ids of the records on its path, a set value under its own key (so it reads
 * as it would in the view), a splice's inserted items one by one. Paths are text, so their indexes are no numbers.
 */
function patchItems(ops: PatchOp[], from: unknown, to: unknown): string[] {
  return ops.flatMap((op) => {
    const ids = [...new Set([...idsOn(from, op.path), ...idsOn(to, op.path)])];
    const path = op.path.join('/');
    const key = String(op.path.at(-1) ?? 'view');
    if (op.op === 'set') return [JSON.stringify({ ids, path, [key]: op.value })];
    if (op.op === 'del') return [JSON.stringify({ ids, path, deleted: key })];
    return op.items.length ? op.items.map((item) => JSON.stringify({ ids, path, item })) : [JSON.stringify({ ids, path, removed: op.remove })];
  });
}

/** The `id` of every record a path passes through. */
function idsOn(value: unknown, path: readonly (string | number)[]): string[] {
  const ids: string[] = [];
  let node = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as Record<string | number, unknown>)[key];
    const id = typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
    if (typeof id === 'string') ids.push(id);
  }
  return ids;
}
