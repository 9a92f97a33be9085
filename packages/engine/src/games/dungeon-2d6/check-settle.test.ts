import { describe, expect, test } from 'vitest';
import { GM, seat, TestTable } from './test-table.ts';

/**
 * A check without a target number (D6-BASE-01: 「達成値＝能力値＋2D6」; it succeeds 「目標値以上」, a number the GM sets)
 * has nothing to be measured against: the roll stands as its total, and it is settled, not left waiting for a ruling.
 */

const P1 = seat(1);

function table() {
  const t = new TestTable();
  const hall = t.zone('hall');
  const pc = t.add('A', { AGI: 3 });
  return { t, hall, pc };
}

/** A's 機敏 check with these dice and no target, and its id. */
function noTarget(t: TestTable, pc: string, dice: number[], kind = 'action') {
  t.do({ type: 'check.roll', check: { character: pc, kind, ability: 'AGI' } }, P1, dice);
  return t.lastCheck().id;
}

describe('a check without a target (D6-BASE-01)', () => {
  test.each([
    ['D6-BASE-01 the roll stands as its total', [3, 4], 'total', 10],
    ['D6-BASE-02 all sixes still succeed', [6, 6], 'success', 15],
    ['D6-BASE-02 all ones still fail', [1, 1], 'failure', 5],
  ] as const)('%s', (_name, dice, outcome, total) => {
    const { t, pc } = table();
    const k = noTarget(t, pc, [...dice]);
    expect(t.check(k)).toMatchObject({ outcome, total, resolved: false });
  });

  test('D6-CONC-03 / D6-CONC-04 the roller may still concentrate; the total grows and still stands', () => {
    const { t, pc } = table();
    const k = noTarget(t, pc, [3, 4]);
    t.do({ type: 'check.concentrate', check: k, hp: 2 }, P1);
    expect(t.check(k)).toMatchObject({ outcome: 'total', total: 12, resolved: false });
  });

  test.each([
    ['D6-WIN-11 its roller passes the window', (t: TestTable, w: string, pc: string) => t.do({ type: 'window.pass', window: w, character: pc }, P1)],
    ['D6-WIN-11 the GM closes the window', (t: TestTable, w: string) => t.do({ type: 'window.close', window: w })],
    ['D6-WIN-11 the window times out', (t: TestTable, w: string) => t.do({ type: 'window.timeout', window: w })],
  ])('D6-CONC-04 settled as its total once the window closes: %s', (_name, close) => {
    const { t, pc } = table();
    // A table timeout (D6-WIN-11: default none) so that the server's clock may close the window too.
    t.do({ type: 'options.set', options: { windowTimeoutSeconds: 30 } });
    const k = noTarget(t, pc, [3, 4]);
    close(t, t.check(k).window!, pc);
    expect(t.check(k)).toMatchObject({ outcome: 'total', resolved: true });
    expect(t.types()).toContain('check.resolved');
    expect(t.fail({ type: 'check.concentrate', check: k, hp: 1 }, P1).code).toBe('WINDOW_CLOSED');
  });

  test('D6-ENG-03 the GM settles it as its total without naming an outcome', () => {
    const { t, pc } = table();
    const k = noTarget(t, pc, [3, 4]);
    t.do({ type: 'check.resolve', check: k });
    expect(t.check(k)).toMatchObject({ outcome: 'total', resolved: true });
  });

  test.each([
    ['D6-LOCK-04 a door-break total costs no HP (only a failure does)', 'break', 'VAL'],
    ['D6-WIN-09 a search total opens no 発見 window (only a failure does)', 'search', 'AGI'],
  ] as const)('%s', (_name, kind, ability) => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { hp: 10, skills: [{ skill: 'detect', uses: 1 }] });
    t.do({ type: 'check.roll', check: { character: pc, kind, ability } }, P1, [3, 4]);
    t.do({ type: 'check.resolve', check: t.lastCheck().id });
    expect(t.char(pc).hp).toBe(10);
    expect(t.openWindow('consume')).toBeUndefined();
  });

  test('D6-SKL-BARRIER-01 a spell check does not settle by itself: the GM raises what its total makes', () => {
    const t = new TestTable();
    t.zone('hall');
    const pc = t.add('A', { SPI: 4, skills: [{ skill: 'barrier', uses: 1 }] });
    t.do({ type: 'skill.barrier', user: pc, secret: false }, P1, [3, 4]);
    const k = t.lastCheck();
    t.do({ type: 'window.pass', window: k.window!, character: pc }, P1);
    expect(t.check(k.id).resolved).toBe(false);
    t.do({ type: 'check.resolve', check: k.id });
    expect(t.state.barriers[0]).toMatchObject({ hp: 11 });
  });
});

describe('the GM drops a pending check', () => {
  test('D6-ENG-07 a plain check: its window closes and nothing follows, not even with a target', () => {
    const { t, pc } = table();
    t.do({ type: 'check.roll', check: { character: pc, kind: 'break', ability: 'VAL', target: 20 } }, P1, [1, 2]);
    const k = t.lastCheck();
    const hp = t.char(pc).hp;
    t.do({ type: 'check.drop', check: k.id });
    expect(t.check(k.id)).toMatchObject({ outcome: 'dropped', resolved: true });
    expect(t.state.windows[k.window!]!.status).toBe('closed');
    expect(t.char(pc).hp).toBe(hp);
    expect(t.fail({ type: 'check.resolve', check: k.id }).code).toBe('ALREADY_RESOLVED');
    expect(t.fail({ type: 'check.drop', check: k.id }).code).toBe('ALREADY_RESOLVED');
  });

  test('D6-BASE-03 an opposed check goes with both its sides; it can no longer be rolled or resolved', () => {
    const { t, pc } = table();
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'opposed.start', active: { character: pc, kind: 'action', ability: 'AGI' }, passive: { character: foe, ability: 'AGI' } }, P1, [3, 3]);
    const active = t.lastCheck().id;
    t.do({ type: 'check.drop', check: active });
    expect(t.check(active)).toMatchObject({ outcome: 'dropped', resolved: true });
    expect(t.fail({ type: 'opposed.roll-passive', opposed: 'o1' }).code).toBe('ALREADY_RESOLVED');

    t.do({ type: 'opposed.start', active: { character: pc, kind: 'action', ability: 'AGI' }, passive: { character: foe, ability: 'AGI' } }, P1, [3, 3]);
    t.do({ type: 'opposed.roll-passive', opposed: 'o2' }, GM, [4, 4]);
    const passive = t.state.opposed['o2']!.passive!;
    t.do({ type: 'check.drop', check: passive });
    expect([t.state.opposed['o2']!.active, passive].map((id) => t.check(id).outcome)).toEqual(['dropped', 'dropped']);
    expect(t.fail({ type: 'opposed.resolve', opposed: 'o2' }).code).toBe('ALREADY_RESOLVED');
  });

  test('D6-ZONE-06 INFERRED a dropped obstruction check lets the character go, as an obstruction nobody presses', () => {
    const t = new TestTable();
    const z = t.zone('hall');
    const door = t.zone('door', [z]);
    const pc = t.add('A', { AGI: 1 });
    const orc = t.add('Orc', { controller: 'enemy', AGI: 5 });
    t.do({ type: 'combat.start' });
    t.do({ type: 'move', character: pc, path: [door] }, P1);
    t.do({ type: 'move.obstruct', move: 'm1', blocker: orc }, GM, [2, 2]);
    t.do({ type: 'check.drop', check: t.state.opposed['o1']!.active });
    expect(t.char(pc).zone).toBe(door);
  });

  test.each([
    ['D6-ENG-07 only the GM drops a check', P1, 'NOT_GM'],
  ] as const)('%s', (_name, actor, code) => {
    const { t, pc } = table();
    const k = noTarget(t, pc, [3, 4]);
    expect(t.fail({ type: 'check.drop', check: k }, actor).code).toBe(code);
  });

  test("D6-ATK-02 an attack's checks belong to its sequence and are not dropped one by one", () => {
    const { t, pc } = table();
    const foe = t.add('Orc', { controller: 'enemy' });
    t.do({ type: 'attack.declare', attacker: pc, targets: [foe], mode: 'melee' }, P1, [3, 3]);
    expect(t.fail({ type: 'check.drop', check: t.lastCheck().id })).toEqual({ code: 'USE_OWN_COMMAND', rule: 'D6-ATK-02' });
  });
});
