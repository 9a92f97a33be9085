import type { Viewer } from '@veiltable/protocol';
import { gwView } from '@veiltable/protocol/games/grail-war';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarEvent } from './events.ts';
import { sharesBases } from './relations.ts';
import { begun, declareAll, resolveTo, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { GM, SPECTATOR, master, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** a (s1) contracted to ma (s3); b (s2) to mb (s4); c (s5) alone; x1..x7 (s6..s12) extra servants. */
const extras = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`x${i + 1}`, { seat: `s${i + 6}`, sheet: servant({ alias: `X${i + 1}` }) }]));
const table = () =>
  room({
    a: { seat: 's1', sheet: servant() },
    ma: { seat: 's3', partner: 'a', sheet: master() },
    b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
    mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
    c: { seat: 's5', sheet: servant({ alias: 'Rider', className: 'rider' }) },
    ...extras,
  });
const EVERYONE: Viewer[] = [GM, SPECTATOR, ...Array.from({ length: 12 }, (_, i) => seat(`s${i + 1}`))];
const OWNER: Record<string, string> = { a: 's1', b: 's2', ma: 's3', mb: 's4', c: 's5' };
const as = (id: string): Viewer => seat(OWNER[id] ?? `s${Number(id.slice(1)) + 5}`);

/** Scene 1 resolving: the named characters at p1, everyone else at p2, declarations revealed. */
function scene(s: GrailWarState, atP1: string[]): GrailWarState {
  const decl = (id: string) => short(atP1.includes(id) ? 'p1' : 'p2', s.characters[id]!.sheet.kind === 'master' ? 'rest' : 'search');
  const open = s.campaign.places.length ? run(s, GM, { type: 'scene.begin' }).state : begun(s);
  return declareAll(open, Object.fromEntries(Object.keys(s.characters).map((id) => [id, decl(id)])));
}
/** `from` offers, `to` consents. */
const register = (s: GrailWarState, from: string, to: string) =>
  run(run(s, as(from), { type: 'relation.propose', other: to }).state, as(to), { type: 'relation.accept', other: from });
const endScene = (s: GrailWarState) => run(resolveTo(s, 6), GM, { type: 'scene.end' });
const read = (events: GrailWarEvent[], v: Viewer) => events.map((e) => viewEvent(e, v)).filter((e) => e !== null);
const entriesOf = (s: GrailWarState, v: Viewer) => view(s, v).relations;

describe('GW-REL-01 / GW-HIDE-D10 mutual registration while meeting', () => {
  test('GW-REL-01 "서로 합의하에 서로를 등록": b offers, a consents, both hold each other at 0; the two and the GM see it, nobody else', () => {
    let s = scene(table(), ['a', 'b']);
    const offered = run(s, as('b'), { type: 'relation.propose', other: 'a' });
    expect(view(offered.state, as('a')).chart.proposals).toEqual([{ from: 'b', to: 'a' }]);
    const done = run(offered.state, as('a'), { type: 'relation.accept', other: 'b' });
    s = done.state;
    expect(entriesOf(s, as('a'))).toContainEqual({ holder: 'a', other: 'b', score: 0 });
    expect(entriesOf(s, as('b'))).toContainEqual({ holder: 'b', other: 'a', score: 0 });
    expect(view(s, as('a')).chart.newThisScene).toEqual({ a: 1 });
    for (const v of EVERYONE) {
      const sees = v.role === 'gm' || (v.role === 'player' && ['s1', 's2'].includes(v.seat));
      const told = read([...offered.events, ...done.events], v).map((e) => e.type);
      expect(told.includes('relation.registered'), JSON.stringify(v)).toBe(sees);
      expect(told.includes('relation.proposed'), JSON.stringify(v)).toBe(sees);
      // HIDE-F15: the partner (ma for a, mb for b) sees no entry of theirs.
      if (v.role === 'player' && !['s1', 's2'].includes(v.seat)) expect(JSON.stringify(view(s, v).relations)).not.toMatch(/"holder":"(a|b)","other":"(a|b)"/);
      gwView.parse(view(s, v));
    }
  });

  test.each([
    ['GW-HIDE-D10 "while meeting": c is elsewhere this scene', (s: GrailWarState) => refused(scene(s, ['a', 'b']), as('a'), { type: 'relation.propose', other: 'c' }), 'NOT_MEETING GW-HIDE-D10'],
    ['GW-HIDE-D10 before the declarations are revealed nobody has met', (s: GrailWarState) => refused(begun(s), as('a'), { type: 'relation.propose', other: 'b' }), 'NOT_MEETING GW-HIDE-D10'],
    ['GW-REL-01 "서로 합의": no offer, no consent', (s: GrailWarState) => refused(scene(s, ['a', 'b']), as('a'), { type: 'relation.accept', other: 'b' }), 'NO_PROPOSAL GW-REL-01'],
    ['GW-REL-01 already registered both ways (master and servant start so)', (s: GrailWarState) => refused(scene(s, ['a', 'ma']), as('a'), { type: 'relation.propose', other: 'ma' }), 'ALREADY_REGISTERED GW-REL-01'],
    ['GW-REL-01 nobody registers itself', (s: GrailWarState) => refused(scene(s, ['a']), as('a'), { type: 'relation.propose', other: 'a' }), 'BAD_RELATION GW-REL-01'],
  ])('%s', (_rule, act, code) => expect(act(table())).toBe(code));

  test('TV-REL-01 "Given 2 new registrations already this scene; expect a 3rd refused"', () => {
    let s = scene(table(), ['a', 'b', 'c', 'x1']);
    s = register(s, 'b', 'a').state;
    s = register(s, 'c', 'a').state;
    s = run(s, as('x1'), { type: 'relation.propose', other: 'a' }).state;
    expect(refused(s, as('a'), { type: 'relation.accept', other: 'x1' })).toBe('TOO_MANY_NEW GW-REL-01');
    expect(refused(s, as('a'), { type: 'relation.propose', other: 'x1' })).toBe('TOO_MANY_NEW GW-REL-01');
    // The next scene starts a fresh count (REL-01 "한 장면에 최대 2명").
    s = scene(endScene(s).state, ['a', 'x1']);
    expect(view(register(s, 'x1', 'a').state, as('a')).relations).toContainEqual({ holder: 'a', other: 'x1', score: 0 });
  });

  test('TV-REL-01 / GW-REL-05 "given a holder with 8 entries who meets someone new; expect the registration refused until one entry is removed"', () => {
    let s = table();
    // a holds ma (its pair) and the GM gives it seven more: eight in all.
    for (let i = 1; i <= 7; i++) s = run(s, GM, { type: 'relation.set', entry: { holder: 'a', other: `x${i}`, score: 0 } }).state;
    s = scene(s, ['a', 'b']);
    s = run(s, as('b'), { type: 'relation.propose', other: 'a' }).state;
    expect(refused(s, as('a'), { type: 'relation.accept', other: 'b' })).toBe('RELATIONS_FULL GW-REL-05');
    s = run(s, as('a'), { type: 'relation.cut', other: 'x7' }).state;
    s = run(s, as('a'), { type: 'relation.accept', other: 'b' }).state;
    expect(entriesOf(s, as('a'))).toHaveLength(8);
    expect(entriesOf(s, as('a'))).toContainEqual({ holder: 'a', other: 'b', score: 0 });
  });
});

describe('GW-REL-03 / GW-HIDE-D7 sealed scoring at each scene end', () => {
  /** a and b registered in scene 1; scene 2 under way with a and b apart (meeting is not required). */
  function scoredScene() {
    let s = endScene(register(scene(table(), ['a', 'b']), 'b', 'a').state).state;
    return scene(s, ['a']);
  }

  test('GW-REL-03 "+1, −1 을 하나씩": applied at scene end step relationshipScoring, seen by the holder and the GM only', () => {
    const sealed = run(scoredScene(), as('a'), { type: 'relation.score', plus: 'b', minus: 'ma' });
    expect(view(sealed.state, as('a')).chart.scores).toEqual([{ holder: 'a', plus: 'b', minus: 'ma' }]);
    const ended = endScene(sealed.state);
    expect(entriesOf(ended.state, as('a'))).toEqual(expect.arrayContaining([{ holder: 'a', other: 'b', score: 1 }, { holder: 'a', other: 'ma', score: -1 }]));
    expect(view(ended.state, as('a')).chart.scores).toEqual([]);
    for (const v of EVERYONE) {
      const own = v.role === 'gm' || (v.role === 'player' && v.seat === 's1');
      const told = read([...sealed.events, ...ended.events], v).filter((e) => e.type === 'relation.scoreSealed' || e.type === 'relation.set');
      expect(told.length > 0, JSON.stringify(v)).toBe(own);
      // HIDE-F16: neither b (the one scored up) nor ma (scored down) nor anyone else learns a's scores.
      if (!own) expect(JSON.stringify(view(ended.state, v))).not.toContain('"holder":"a"');
    }
  });

  test.each([
    ['GW-REL-03 (INFERRED) the +1 and the −1 go to different entries', { plus: 'b', minus: 'b' }, 'SAME_ENTRY GW-REL-03'],
    ['GW-REL-03 "등록된 대상에게만": c is not on a\'s chart', { plus: 'c', minus: null }, 'NO_SUCH_ENTRY GW-REL-03'],
  ])('%s', (_rule, pick, code) => expect(refused(scoredScene(), as('a'), { type: 'relation.score', ...pick })).toBe(code));

  test('GW-REL-02 the score stays within −3..+3; skipping scores nothing', () => {
    let s = run(scoredScene(), GM, { type: 'relation.set', entry: { holder: 'a', other: 'b', score: 3 } }).state;
    s = run(s, as('a'), { type: 'relation.score', plus: 'b', minus: null }).state;
    s = endScene(s).state;
    expect(entriesOf(s, as('a'))).toContainEqual({ holder: 'a', other: 'b', score: 3 });
    s = endScene(scene(s, [])).state;
    expect(entriesOf(s, as('b'))).toContainEqual({ holder: 'b', other: 'a', score: 0 });
  });
});

describe('GW-REL-06/07/08 one-sided cuts', () => {
  /** a and b registered, each holding the other at +1, and each has received 3 points about c. */
  function bonded() {
    let s = register(scene(table(), ['a', 'b']), 'b', 'a').state;
    for (const [h, o] of [['a', 'b'], ['b', 'a']]) s = run(s, GM, { type: 'relation.set', entry: { holder: h!, other: o!, score: 1 } }).state;
    for (const k of ['a', 'b']) s = run(s, GM, { type: 'knowledge.set', entry: knows(k, 'c') }).state;
    return s;
  }

  test('TV-HIDE-03 "B cuts A from B\'s chart. Expect A is not notified. A keeps giving shares to B; B\'s shares to A stop."', () => {
    const before = bonded();
    const cut = run(before, as('b'), { type: 'relation.cut', other: 'a' });
    expect(read(cut.events, as('a'))).toEqual([]);
    expect(read(cut.events, as('ma'))).toEqual([]);
    expect(JSON.stringify(view(cut.state, as('a')))).toBe(JSON.stringify(view(before, as('a'))));
    expect(entriesOf(cut.state, as('b'))).not.toContainEqual(expect.objectContaining({ other: 'a' }));
    const given = run(cut.state, as('a'), { type: 'info.share', to: 'b', target: 'c', kind: 'rumor', points: 1 }).state;
    expect(view(given, as('b')).ledger.find((k) => k.knower === 'b' && k.target === 'c')).toMatchObject({ believed: 1 });
    expect(refused(cut.state, as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 1 })).toBe('NO_SHARING GW-REL-10');
  });

  test.each([
    ['GW-REL-08 master and servant cannot break theirs while the contract lasts', 'a', 'ma', 'PAIR_CANNOT_BREAK GW-REL-08'],
    ['GW-REL-06 only an entry one holds can be cut', 'a', 'c', 'NO_SUCH_ENTRY GW-REL-06'],
  ])('%s', (_rule, holder, other, code) => expect(refused(bonded(), as(holder), { type: 'relation.cut', other })).toBe(code));

  test('GW-REL-07 base sharing (±2, masters) is provided by the side that keeps its entry', () => {
    let s = table();
    s = run(s, GM, { type: 'relation.set', entry: { holder: 'ma', other: 'mb', score: 2 } }).state;
    s = run(s, GM, { type: 'relation.set', entry: { holder: 'a', other: 'b', score: -2 } }).state;
    expect([sharesBases(s, 'ma', 'mb'), sharesBases(s, 'mb', 'ma'), sharesBases(s, 'a', 'b')]).toEqual([true, false, false]);
    s = run(s, GM, { type: 'relation.set', entry: { holder: 'ma', other: 'mb', score: 1 } }).state;
    expect(sharesBases(s, 'ma', 'mb')).toBe(false);
  });
});

describe('GW-REL-09 / GW-REL-10 / GW-HIDE-D11 information sharing and false points', () => {
  /** b holds a at `score`; a and b have each received 3 points about c (believed 0). */
  function holding(score: number) {
    let s = run(table(), GM, { type: 'relation.set', entry: { holder: 'b', other: 'a', score } }).state;
    for (const k of ['a', 'b']) s = run(s, GM, { type: 'knowledge.set', entry: knows(k, 'c') }).state;
    return s;
  }
  const ledgerOf = (s: GrailWarState, v: Viewer) => view(s, v).ledger.find((k) => k.knower === 'a' && k.target === 'c');

  test('TV-REL-02 "given B holding A at −1, and B gives A 2 false points; expect A\'s view T_believed = base + 2; authoritative T = base − 4"', () => {
    const r = run(holding(-1), as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 2, falsePoints: 2 });
    expect(ledgerOf(r.state, as('a'))).toMatchObject({ believed: 2 });
    expect(ledgerOf(r.state, as('a'))).not.toHaveProperty('total');
    expect(ledgerOf(r.state, GM)).toMatchObject({ believed: 2, total: -4 });
  });

  test('GW-HIDE-D11 "never to the receiver": a cannot tell 2 false points from 2 genuine ones in its view or any event', () => {
    const lie = run(holding(-1), as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 2, falsePoints: 2 });
    const truth = run(holding(-1), as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 2 });
    for (const id of ['a', 'ma', 'mb', 'c']) {
      expect(JSON.stringify(read(lie.events, as(id)))).toBe(JSON.stringify(read(truth.events, as(id))));
      expect(JSON.stringify(view(lie.state, as(id)))).toBe(JSON.stringify(view(truth.state, as(id))));
    }
    // Positive control: the giver and the GM see the marking.
    for (const v of [as('b'), GM]) expect(read(lie.events, v)).toContainEqual({ type: 'info.shared', giver: 'b', to: 'a', target: 'c', points: 2, falsePoints: 2 });
  });

  test.each([
    ['GW-REL-10 "정보점을 공유" needs an entry at ±1 or more (0 shares nothing)', 0, { points: 1 }, 'NO_SHARING GW-REL-10'],
    ['GW-REL-09 false points only at a negative score ("거짓 정보를 넘겨줄 수 있음", −)', 1, { points: 1, falsePoints: 1 }, 'FALSE_NEEDS_NEGATIVE GW-REL-09'],
    ['GW-REL-10 (INFERRED) no more genuine points than the giver received: 3 held', 1, { points: 4 }, 'NOT_ENOUGH_POINTS GW-REL-10'],
    ['GW-REL-09 false points are among the points passed', -1, { points: 1, falsePoints: 2 }, 'BAD_POINTS GW-REL-09'],
  ])('%s', (_rule, score, amount, code) => expect(refused(holding(score), as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', ...amount })).toBe(code));

  test('GW-REL-10 each genuine point passes once to the same receiver; false ones cost nothing held', () => {
    let s = run(holding(-1), as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 3 }).state;
    expect(refused(s, as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 1 })).toBe('NOT_ENOUGH_POINTS GW-REL-10');
    s = run(s, as('b'), { type: 'info.share', to: 'a', target: 'c', kind: 'rumor', points: 1, falsePoints: 1 }).state;
    expect(ledgerOf(s, GM)).toMatchObject({ believed: 4, total: 1 });
  });
});
