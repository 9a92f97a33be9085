import type { Viewer } from '@veiltable/protocol';
import type { Character, D6State } from './state.ts';
import { statsHidden } from './visibility.ts';

/**
 * Random commands for the hidden-facts fuzz (secrecy.test.ts): every seat, a spectator and the GM send commands of
 * every kind that touches a hidden fact, mostly for characters they run, sometimes for others (to draw refusals).
 * The GM keeps its characters' rolls secret (D6-HID-02), as a GM who hides its statistics does; planted texts are
 * numbered with delimiters (#n#) so that none is part of another.
 */
export type FuzzMove = { command: unknown; actor: Viewer };

const GM: Viewer = { role: 'gm' };
const SEATS: Viewer[] = [1, 2, 3].map((n) => ({ role: 'player', seat: `s${n}` }));
const EVERYONE: Viewer[] = [GM, ...SEATS, { role: 'spectator' }];

type Pick = <T>(items: readonly T[]) => T | undefined;

/** A command and who sends it, drawn with `r` from what the state holds. */
export function randomMove(r: () => number, s: D6State, n: number): FuzzMove {
  const pick: Pick = (items) => (items.length ? items[Math.floor(r() * items.length)] : undefined);
  for (;;) {
    const make = pick(MAKERS)!;
    const made = make(s, pick, r, n);
    if (!made) continue;
    const [command, c] = made;
    // Mostly the one who runs the character (or the GM for GM commands); now and then anyone at all.
    const rightful = c ? controllerOf(c) : GM;
    return { command, actor: r() < 0.75 ? rightful : pick(EVERYONE)! };
  }
}

function controllerOf(c: Character): Viewer {
  return c.owner ? { role: 'player', seat: c.owner } : GM;
}

type Maker = (s: D6State, pick: Pick, r: () => number, n: number) => [unknown, Character | null] | undefined;

const alive = (s: D6State) => s.characters.filter((c) => !c.down);
const openOf = (s: D6State, kind: string) => Object.values(s.windows).filter((w) => w.status === 'open' && w.kind === kind);
const targetsOf = (s: D6State) => Object.values(s.attacks).flatMap((a) => a.targets.map((t) => ({ a, t })));
const secretFor = (c: Character | undefined) => (c ? statsHidden(c) : false);

const MAKERS: Maker[] = [
  (s, pick) => {
    const c = pick(alive(s));
    const z = c && s.zones.find((x) => x.id === c.zone);
    const next = z && pick(z.adjacent);
    const then = next && pick(s.zones.find((x) => x.id === next)?.adjacent ?? []);
    return c && next ? [{ type: 'move', character: c.id, path: then && then !== c.zone ? [next, then] : [next] }, c] : undefined;
  },
  (s, pick) => {
    const c = pick(alive(s));
    return c ? [{ type: 'zone.leave', character: c.id }, c] : undefined;
  },
  (s, pick, r) => {
    const c = pick(s.characters.filter((x) => x.skills.stealth));
    return c ? [{ type: 'skill.stealth', user: c.id, on: r() < 0.7 }, c] : undefined;
  },
  (s, pick, r) => {
    const attacker = pick(alive(s));
    const target = attacker && pick(alive(s).filter((c) => c.id !== attacker.id));
    if (!attacker || !target) return undefined;
    const mode = r() < 0.7 ? 'melee' : 'ranged';
    return [{ type: 'attack.declare', attacker: attacker.id, targets: [target.id], mode, secret: secretFor(attacker) }, attacker];
  },
  (s, pick) => {
    const at = pick(targetsOf(s).filter((x) => x.t.state === 'react'));
    const coverer = pick(alive(s));
    return at && coverer ? [{ type: 'attack.cover', attack: at.a.id, target: at.t.target, coverer: coverer.id }, coverer] : undefined;
  },
  (s, pick) => {
    const at = pick(targetsOf(s).filter((x) => x.t.state === 'react'));
    const d = at && s.characters.find((c) => c.id === at.t.defender);
    return at && d ? [{ type: 'attack.defend', attack: at.a.id, target: at.t.target, secret: secretFor(d) }, d] : undefined;
  },
  (s, pick, r) => {
    const at = pick(targetsOf(s).filter((x) => x.t.state === 'defended'));
    const amounts = at?.t.defence.map(() => (r() < 0.15 ? 800 : Math.floor(r() * 6)));
    return at ? [{ type: 'attack.damage', attack: at.a.id, target: at.t.target, amounts, gmReactions: r() < 0.3 }, null] : undefined;
  },
  (s, pick) => {
    const at = pick(targetsOf(s).filter((x) => x.t.afterWindow));
    const d = at && s.characters.find((c) => c.id === at.t.defender);
    return at && d ? [{ type: 'attack.counter', attack: at.a.id, target: at.t.target }, d] : undefined;
  },
  (s, pick) => {
    const at = pick(targetsOf(s).filter((x) => x.t.afterWindow));
    const by = pick(alive(s));
    return at && by ? [{ type: 'attack.sacrifice', attack: at.a.id, target: at.t.target, by: by.id }, by] : undefined;
  },
  (s, pick) => {
    const c = pick(s.characters.filter((x) => x.skills.fukutsu));
    return c ? [{ type: 'fukutsu.use', character: c.id }, c] : undefined;
  },
  (s, pick) => {
    const w = pick(Object.values(s.windows).filter((x) => x.status === 'open'));
    const c = w && s.characters.find((x) => x.id === pick(w.eligible));
    return w && c ? [{ type: 'window.pass', window: w.id, character: c.id }, c] : undefined;
  },
  (s, pick) => {
    const w = pick(Object.values(s.windows).filter((x) => x.status === 'open'));
    return w ? [{ type: 'window.close', window: w.id }, null] : undefined;
  },
  (s, pick, r) => {
    const c = pick(alive(s));
    const kind = pick(['action', 'search', 'trap-detect', 'lock'] as const)!;
    const target = r() < 0.5 ? { target: 5 + Math.floor(r() * 10) } : {};
    return c ? [{ type: 'check.roll', check: { character: c.id, kind, ability: 'AGI', ...target, secret: secretFor(c) } }, c] : undefined;
  },
  (s, pick, r) => {
    const k = pick(Object.values(s.checks).filter((x) => x.window && s.windows[x.window]?.status === 'open'));
    const c = k && s.characters.find((x) => x.id === k.character);
    return k && c ? [{ type: 'check.concentrate', check: k.id, hp: 1 + Math.floor(r() * 3) }, c] : undefined;
  },
  (s, pick, r) => {
    const k = pick(Object.values(s.checks).filter((x) => !x.resolved && !x.opposed && !x.attack));
    return k ? [{ type: 'check.resolve', check: k.id, ...(k.outcome === 'total' ? { outcome: r() < 0.5 ? 'success' : 'failure' } : {}) }, null] : undefined;
  },
  (s, pick) => {
    const w = pick(openOf(s, 'consume'));
    const link = w && s.links[w.id];
    const k = link?.kind === 'consume' ? s.checks[link.check] : undefined;
    const c = k && s.characters.find((x) => x.id === k.character);
    return k && c ? [{ type: 'check.consume', check: k.id }, c] : undefined;
  },
  (s, pick) => {
    const a = pick(alive(s));
    const p = a && pick(alive(s).filter((c) => c.id !== a.id));
    if (!a || !p) return undefined;
    return [{ type: 'opposed.start', active: { character: a.id, kind: 'action', ability: 'AGI', secret: secretFor(a) }, passive: { character: p.id, ability: 'AGI', secret: secretFor(p) } }, a];
  },
  (s, pick) => {
    const o = pick(Object.values(s.opposed).filter((x) => !x.passive));
    const c = o && s.characters.find((x) => x.id === o.passiveSpec.character);
    return o && c ? [{ type: 'opposed.roll-passive', opposed: o.id, secret: secretFor(c) }, c] : undefined;
  },
  (s, pick) => {
    const o = pick(Object.values(s.opposed).filter((x) => x.passive && !x.winner));
    return o ? [{ type: 'opposed.resolve', opposed: o.id }, null] : undefined;
  },
  (s, pick) => {
    const m = pick(Object.values(s.moves).filter((x) => x.state === 'pending' && !x.opposed));
    const w = m && s.windows[m.window];
    const b = w && s.characters.find((x) => x.id === pick(w.eligible));
    return m && b ? [{ type: 'move.obstruct', move: m.id, blocker: b.id }, b] : undefined;
  },
  (s, pick) => {
    const side = pick(['party', 'enemies'] as const)!;
    const c = pick(alive(s).filter((x) => x.side === side));
    return c ? [{ type: 'initiative.roll', side, character: c.id }, c] : undefined;
  },
  (s) => [{ type: s.mode === 'combat' ? 'turn.next' : 'combat.start' }, null],
  (s, pick) => (s.mode === 'combat' && pick([0, 1, 2, 3]) === 0 ? [{ type: 'combat.end' }, null] : undefined),
  (s, pick, r) => {
    const t = pick(s.traps.filter((x) => !x.disarmed));
    return t ? [{ type: 'trap.trigger', trap: t.id, ...(r() < 0.5 ? { damage: 1 + Math.floor(r() * 3) } : {}) }, null] : undefined;
  },
  (s, pick, _r, n) => {
    const z = pick(s.zones);
    return z ? [{ type: pick(['trap.add', 'find.add'] as const)!, zone: z.id, area: true, note: `SECRET-TRAP#${n}#` }, null] : undefined;
  },
  (s, pick) => {
    const u = pick(alive(s).filter((c) => c.skills.teleport));
    const z = u && pick(s.zones.filter((x) => x.id !== u.zone));
    const passengers = u ? alive(s).filter((c) => c.zone === u.zone && c.id !== u.id && pick([true, false])) : [];
    return u && z ? [{ type: 'skill.teleport', user: u.id, destination: { kind: 'sight', zone: z.id, distanceM: 30 }, passengers: passengers.slice(0, 2).map((p) => p.id) }, u] : undefined;
  },
  (s, pick) => {
    const w = pick(openOf(s, 'passengers'));
    const c = w && s.characters.find((x) => x.id === pick(w.eligible));
    return w && c ? [{ type: 'teleport.accept', window: w.id, character: c.id }, c] : undefined;
  },
  (s, pick) => {
    const c = pick(alive(s).filter((x) => x.skills.ironWall));
    return c ? [{ type: 'skill.iron-wall', user: c.id, ability: 'VAL' }, c] : undefined;
  },
  (s, pick, r) => {
    const c = pick(alive(s).filter((x) => x.skills.flight));
    return c ? [{ type: 'skill.flight', user: c.id, on: r() < 0.7 }, c] : undefined;
  },
  (s, pick) => {
    const c = pick(alive(s).filter((x) => x.skills.summon || x.skills.barrier));
    if (!c) return undefined;
    return [c.skills.summon && pick([0, 1]) ? { type: 'skill.summon', user: c.id, name: 'Wisp', secret: secretFor(c) } : { type: 'skill.barrier', user: c.id, secret: secretFor(c) }, c];
  },
  (s, pick, r) => {
    const c = pick(s.characters);
    return c ? [{ type: pick(['hp.heal', 'rest'] as const) === 'rest' ? 'rest' : 'hp.heal', character: c.id, amount: 1 + Math.floor(r() * 20), hours: 12 }, null] : undefined;
  },
  (s, pick, r, n) => {
    const c = pick(s.characters);
    const k = pick(Object.values(s.checks));
    const target = k && r() < 0.5 ? { kind: 'check', check: k.id, outcome: 'failure' } : c ? { kind: 'hp', character: c.id, hp: 1 + Math.floor(r() * 20) } : undefined;
    return target ? [{ type: 'gm.override', target, reason: `SECRET-REASON#${n}#` }, null] : undefined;
  },
  (s, pick, _r, n) => {
    const c = pick(s.characters.filter((x) => x.skills.encyclopedia));
    return c ? [{ type: 'encyclopedia.ask', character: c.id, question: `SECRET-Q#${n}#` }, c] : undefined;
  },
  (s, pick, r, n) => {
    const q = pick(Object.values(s.questions).filter((x) => x.status === 'open'));
    if (!q) return undefined;
    if (r() < 0.3) return [{ type: 'encyclopedia.refuse', question: q.id }, null];
    return [{ type: q.kind === 'mind-read' ? 'telepathy.answer' : 'encyclopedia.answer', question: q.id, text: `SECRET-A#${n}#` }, null];
  },
  (s, pick, r, n) => {
    const from = pick(s.characters.filter((x) => x.skills.telepathy));
    const to = from && pick(s.characters.filter((x) => x.side === from.side && x.id !== from.id));
    if (!from || !to) return undefined;
    if (r() < 0.3) return [{ type: 'telepathy.read', user: from.id, target: pick(s.characters)!.id }, from];
    return [{ type: 'telepathy.send', from: from.id, to: to.id, text: `SECRET-T#${n}#` }, from];
  },
  (s, pick, r, n) => {
    const c = pick(s.characters.filter((x) => x.skills.spiritSight));
    if (c && r() < 0.4) return [{ type: 'skill.spirit-sight', user: c.id, on: r() < 0.7 }, c];
    return [{ type: 'gm.spirit-note', text: `SECRET-S#${n}#` }, null];
  },
  (s, pick) => {
    const c = pick(alive(s).filter((x) => x.skills.heal));
    const t = c && alive(s).filter((x) => x.zone === c.zone).slice(0, 2);
    return c && t?.length ? [{ type: 'skill.heal', user: c.id, targets: t.map((x) => x.id) }, c] : undefined;
  },
];
