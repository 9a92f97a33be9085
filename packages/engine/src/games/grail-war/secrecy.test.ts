import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { Knowledge } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, judgment as j, master, planVs, room, run, seat, servant, slotsRead } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';
import { view } from './view.ts';

const np = (id: string) => ({ id, name: `NPNAME-${id}-zq`, npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 4, mpDamage: 2, mpCost: 1, cards: 2 });

/** a (s1) + master ma (s3) against b (s2) + master mb (s4); o (s5) is another player outside the battle. */
function table(options: Partial<GrailWarOptions> = {}): { state: GrailWarState; events: GrailWarEvent[] } {
  const events: GrailWarEvent[] = [];
  let s = room(
    {
      a: { seat: 's1', sheet: servant({ trueName: 'TRUENAME-A-zq', noblePhantasms: [np('npsecreta')], attackBonuses: [{ source: 'SKILLSRC-A-zq', amount: 1, kinds: ['smash'] }] }) },
      ma: { seat: 's3', partner: 'a', sheet: master({ name: 'Master A' }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', trueName: 'TRUENAME-B-zq', noblePhantasms: [np('npsecretb')] }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
      o: { seat: 's5', sheet: servant({ alias: 'Rider', trueName: 'TRUENAME-O-zq' }) },
    },
    options,
  );
  // TV-HIDE-02: a received 2 false points about b: believed = authoritative + 6.
  const knowledge: Knowledge[] = [
    { knower: 'a', target: 'b', total: 7, believed: 13, classKnown: true, failedGuess: false, trueNameKnown: false },
    { knower: 'b', target: 'a', total: 1, believed: 1, classKnown: true, failedGuess: false, trueNameKnown: false },
  ];
  const r = run(s, GM, {
    type: 'battle.start',
    scene: 'night',
    participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }],
    regions: { a: 'r1', ma: 'r1', b: 'r1', mb: 'r1' },
    knowledge,
    ambushSide: null,
  });
  events.push(...r.events);
  s = r.state;
  for (const id of [...s.battle!.prebattle.seats]) {
    const x = run(s, seat(s.characters[id]!.seat), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } });
    events.push(...x.events);
    s = x.state;
  }
  return { state: s, events };
}

const viewers: Record<string, Viewer> = { a: seat('s1'), ma: seat('s3'), b: seat('s2'), mb: seat('s4'), o: seat('s5'), spectator: SPECTATOR, gm: GM };
const seen = (s: GrailWarState, events: GrailWarEvent[], v: Viewer) => JSON.stringify(view(s, v)) + JSON.stringify(events.map((e) => viewEvent(e, v)));

describe('secrecy', () => {
  test('TV-HIDE-01 GW-HIDE-F27 a sealed batch reaches only its own side and the GM until the reveal', () => {
    const t = table();
    const sub = run(t.state, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('np', { np: 'npsecreta' })]) });
    const events = [...t.events, ...sub.events];
    for (const who of ['a', 'ma', 'gm']) expect(seen(sub.state, events, viewers[who]!)).toContain('npsecreta');
    for (const who of ['b', 'mb', 'o', 'spectator']) expect(seen(sub.state, events, viewers[who]!)).not.toContain('npsecreta');
    // B learns that A submitted, with the commitment; spectators and outsiders learn nothing.
    const answered = sub.events.find((e) => e.type === 'sealed.answered')!;
    expect(viewEvent(answered, viewers.b!)).toMatchObject({ type: 'sealed.answered', character: 'a' });
    expect(viewEvent(answered, SPECTATOR)).toBeNull();
    expect(viewEvent(answered, viewers.o!)).toBeNull();
    // B submits: the reveal reaches everyone in the battle at once; spectators only when the option allows.
    const rev = run(sub.state, seat('s2'), { type: 'battle.submit', plan: planVs('a', []) });
    const revealed = rev.events.find((e) => e.type === 'batch.revealed')!;
    for (const who of ['a', 'ma', 'b', 'mb', 'gm']) expect(JSON.stringify(viewEvent(revealed, viewers[who]!))).toContain('npsecreta');
    expect(viewEvent(revealed, SPECTATOR)).toBeNull();
    expect(viewEvent(revealed, viewers.o!)).toBeNull();
    const open = table({ spectatorVisibility: 'battlesAfterReveal' });
    const sub2 = run(open.state, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('np', { np: 'npsecreta' })]) });
    expect(seen(sub2.state, sub2.events, SPECTATOR)).not.toContain('npsecreta');
    const rev2 = run(sub2.state, seat('s2'), { type: 'battle.submit', plan: planVs('a', []) });
    expect(JSON.stringify(viewEvent(rev2.events.find((e) => e.type === 'batch.revealed')!, SPECTATOR))).toContain('npsecreta');
  });

  test('TV-HIDE-02 GW-HIDE-03 GW-HIDE-F11 the knower sees believed T only; battle uses T_auth; no info term for players', () => {
    const t = table();
    const sub = run(t.state, seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('smash')]) });
    const revealed = run(sub.state, seat('s2'), { type: 'battle.submit', plan: planVs('a', []) });
    // Both masters are outside the battle, and each passes the seal window its servant's battle opens.
    const rev = run(run(revealed.state, seat('s3'), { type: 'battle.window', decl: { actions: [] } }).state, seat('s4'), { type: 'battle.window', decl: { actions: [] } });
    const s = rev.state;
    const hit = s.battle!.history[0]!.hits[0]!;
    // d = 7 − 1 = 6 → +3 (T_auth; the believed 13 would give +5).
    expect(hit.steps.find((x) => x.step === 'info')!.amount).toBe(3);
    expect(hit.hp).toBe(3 + 1 + 3);
    const mine = view(s, viewers.a!).battle!;
    expect(mine.knowledge).toEqual([{ knower: 'a', target: 'b', believed: 13, classKnown: true, failedGuess: false, trueNameKnown: false }]);
    expect(mine.knowledge[0]!.believed - 7).toBe(6);
    const shown = slotsRead(rev.events, viewers.a!)[0]!.hits[0]!;
    expect(shown.steps!.map((x) => x.step)).toEqual(['base', 'flat']);
    expect(view(s, GM).battle!.knowledge.find((k) => k.knower === 'a')).toMatchObject({ total: 7, believed: 13 });
    // The defender sees only the final damage.
    expect(slotsRead(rev.events, viewers.b!)[0]!.hits[0]).toEqual({ attacker: 'a', target: 'b', hp: 7, mp: 0, via: 'pairing' });
    expect(JSON.stringify(view(s, viewers.b!).battle!.knowledge)).not.toContain('13');
  });

  test('GW-HIDE-00 GW-HIDE-01 GW-HIDE-F01 GW-HIDE-F26 planted strings reach owner, partner and GM, and nobody else', () => {
    const t = table();
    let s = t.state;
    const events = [...t.events];
    for (const [id, plan] of [['a', planVs('b', [j('smash'), j('np', { np: 'npsecreta' })])], ['b', planVs('a', [j('counter')])]] as const) {
      const r = run(s, seat(s.characters[id]!.seat), { type: 'battle.submit', plan });
      events.push(...r.events);
      s = r.state;
    }
    const rules: [string, string[]][] = [
      ['TRUENAME-A-zq', ['a', 'ma', 'gm']],
      ['TRUENAME-B-zq', ['b', 'mb', 'gm']],
      ['TRUENAME-O-zq', ['o', 'gm']],
      ['NPNAME-npsecreta-zq', ['a', 'ma', 'gm']],
      ['SKILLSRC-A-zq', ['a', 'ma', 'gm']],
    ];
    for (const [secret, allowed] of rules) {
      for (const [who, v] of Object.entries(viewers)) {
        const text = seen(s, events, v);
        if (allowed.includes(who)) expect(text, `${who} should see ${secret}`).toContain(secret);
        else expect(text, `${who} must not see ${secret}`).not.toContain(secret);
      }
    }
    // Pools and HP are private to the side (F06, F26).
    const bView = view(s, viewers.b!).battle!;
    expect(bView.participants.find((p) => p.id === 'a')).toMatchObject({ hp: null, mp: null, private: null });
    expect(view(s, viewers.ma!).battle!.participants.find((p) => p.id === 'a')!.private!.pool).toBeDefined();
    // F28: an outsider and a spectator see no battle by default.
    expect(view(s, viewers.o!).battle).toBeNull();
    expect(view(s, SPECTATOR).battle).toBeNull();
  });

  test('GW-HIDE-02 GW-HIDE-F02 a class is shown only to a viewer whose knowledge holds it', () => {
    const t = table();
    const classOf = (v: Viewer, id: string) => view(t.state, v).characters.find((c) => c.id === id)?.className;
    // b knows a's class (its ledger says so); o does not; mb, b's partner, is not told what b knows.
    expect(classOf(viewers.b!, 'a')).toBe('saber');
    expect(classOf(viewers.o!, 'a')).toBeNull();
    expect(classOf(viewers.mb!, 'a')).toBeNull();
    expect(classOf(viewers.ma!, 'a')).toBe('saber');
    expect(view(t.state, SPECTATOR).characters).toEqual([]);
  });
});
