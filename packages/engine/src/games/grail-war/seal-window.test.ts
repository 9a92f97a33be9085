import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, apply, judgment as j, master, planVs, prepareAll, refused, room, run, seat, servant, start } from './test-support.ts';
import { knows } from './test-pair.ts';
import { view } from './view.ts';

/**
 * Issue 12 #15, GW-HIDE-F10: seals left are the master's side's own (owner, partner, GM). Servant a (s1) with its master
 * ma (s3) against servant b (s2) with its master mb (s4), both masters in the back row; s5 plays o, outside the battle.
 * `mbSpent` seals of mb go on Forced Summons before the battle, privately (SEAL-01 outside a battle).
 */
function battleAfterReveal(mbSpent: number, options: Partial<GrailWarOptions> = {}): { state: GrailWarState; events: GrailWarEvent[] } {
  let s = room(
    {
      a: { seat: 's1', sheet: servant() },
      ma: { seat: 's3', partner: 'a', sheet: master({ name: 'Master A' }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
      o: { seat: 's5', sheet: servant({ alias: 'Rider' }) },
    },
    options,
  );
  for (let i = 0; i < mbSpent; i++) s = run(s, seat('s4'), { type: 'seal.summon' }).state;
  const events: GrailWarEvent[] = [];
  const step = (actor: Viewer, command: Parameters<typeof run>[2]) => {
    const out = run(s, actor, command);
    s = out.state;
    events.push(...out.events);
  };
  step(GM, {
    type: 'battle.start',
    scene: 'night',
    participants: [
      { character: 'a', side: 'A' },
      { character: 'ma', side: 'A', row: 'back' },
      { character: 'b', side: 'B' },
      { character: 'mb', side: 'B', row: 'back' },
    ],
    regions: { a: 'r1', ma: 'r1', b: 'r1', mb: 'r1' },
    knowledge: [knows('a', 'b'), knows('b', 'a')],
    ambushSide: null,
  });
  s = prepareAll(s);
  step(seat('s1'), { type: 'battle.submit', plan: planVs('b', [j('smash')]) });
  step(seat('s3'), { type: 'battle.submit', plan: planVs('', []) });
  step(seat('s2'), { type: 'battle.submit', plan: planVs('a', [j('counter')]) });
  step(seat('s4'), { type: 'battle.submit', plan: planVs('', []) });
  return { state: s, events };
}

/** Everything one viewer has read of the battle: its events, then its view. */
const readings = (t: { state: GrailWarState; events: GrailWarEvent[] }, v: Viewer) => ({ events: t.events.map((e) => viewEvent(e, v)), view: view(t.state, v) });

const outsideSideB: [string, Viewer][] = [
  ['servant a', seat('s1')],
  ['master ma', seat('s3')],
  ['the outsider o', seat('s5')],
  ['a spectator', SPECTATOR],
];

describe('GW-HIDE-F10 GW-HIDE-D5 the seal window tells nobody who holds a seal', () => {
  test.each(outsideSideB)('issue 12 #15: %s reads the same whether or not mb spent its seals outside the battle', (_name, v) => {
    for (const options of [{}, { spectatorVisibility: 'battlesAfterReveal' as const }]) {
      for (const spent of [1, 3]) expect(readings(battleAfterReveal(spent, options), v)).toEqual(readings(battleAfterReveal(0, options), v));
    }
  });

  test('GW-BATTLE-11 HIDE-D5 every master standing in the battle sits in the window, seals or none, and is told so', () => {
    const t = battleAfterReveal(3);
    expect([t.state.battle!.phase, t.state.battle!.window!.seats]).toEqual(['window', ['ma', 'mb']]);
    const opened = t.events.at(-1)!;
    expect(viewEvent(opened, seat('s1'))).toEqual({ type: 'window.opened', batch: 1, masters: ['ma', 'mb'] });
    expect(viewEvent(opened, seat('s5'))).toBeNull();
  });

  test('GW-SEAL-00 a master without seals passes; a seal it declares is refused to it alone, naming its own count', () => {
    const t = battleAfterReveal(3);
    expect(refused(t.state, seat('s4'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } })).toBe('NO_SEALS_LEFT GW-SEAL-00');
    const passed = run(t.state, seat('s4'), { type: 'battle.window', decl: { actions: [] } });
    expect(viewEvent(passed.events[0]!, seat('s1'))).toMatchObject({ type: 'sealed.answered', step: 'window', character: 'mb' });
    // ma passes too: the window reveals two empty declarations and the batch resolves.
    const done = run(passed.state, seat('s3'), { type: 'battle.window', decl: { actions: [] } });
    const revealed = done.events.map((e) => viewEvent(e, seat('s1'))).find((e) => e?.type === 'window.revealed');
    expect(revealed).toMatchObject({ answers: [{ seat: 'ma', answer: { actions: [] } }, { seat: 'mb', answer: { actions: [] } }] });
    expect(done.state.battle!.batch).toBe(2);
  });

  test('GW-HIDE-D5 before the reveal a window declaration is its master’s and the GM’s; the battle sees only that it was made', () => {
    const s = run(battleAfterReveal(0).state, seat('s4'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } }).state;
    const entryOf = (v: Viewer) => view(s, v).battle?.window?.entries.find((e) => e.character === 'mb');
    for (const v of [seat('s4'), GM]) expect(entryOf(v)?.answer).toEqual({ actions: [{ seal: 'absoluteDefense', slot: 1 }] });
    for (const v of [seat('s2'), seat('s1'), seat('s3')]) expect(entryOf(v)).toEqual({ character: 'mb', declared: true, commitment: entryOf(GM)!.commitment });
    expect(entryOf(seat('s5'))).toBeUndefined();
  });

  test('GW-HIDE-F10 (INFERRED) a seal used in the window is announced by name to the battle at its reveal', () => {
    let s = battleAfterReveal(0).state;
    s = run(s, seat('s4'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } }).state;
    const out = run(s, seat('s3'), { type: 'battle.window', decl: { actions: [] } });
    const revealed = out.events.map((e) => viewEvent(e, seat('s1'))).find((e) => e?.type === 'window.revealed');
    expect(revealed).toMatchObject({ answers: [{ seat: 'ma', answer: { actions: [] } }, { seat: 'mb', answer: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } }] });
  });

  test('GW-BATTLE-11 a master whose servant is down or elsewhere passes; a seal is refused to it alone', () => {
    let s = room({ m: { seat: 's1', sheet: master() }, o: { seat: 's2', sheet: master({ name: 'Other' }) }, x: { seat: 's3', partner: 'm', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B', row: 'front' }], { regions: { m: 'r1', o: 'r1', x: 'r2' } }));
    s = run(s, seat('s1'), { type: 'battle.submit', plan: planVs('o', []) }).state;
    s = run(s, seat('s2'), { type: 'battle.submit', plan: planVs('m', []) }).state;
    expect(s.battle!.window!.seats).toEqual(['m', 'o']);
    expect(refused(s, seat('s1'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } })).toBe('SERVANT_NOT_IN_BATTLE GW-BATTLE-11');
    expect(refused(s, seat('s2'), { type: 'battle.window', decl: { actions: [{ seal: 'absoluteDefense', slot: 1 }] } })).toBe('NOT_A_MASTER GW-SEAL-00');
    expect(refused(s, seat('s3'), { type: 'battle.window', decl: { actions: [] } })).toBe('NOT_IN_WINDOW GW-BATTLE-11');
    expect(apply(s, { type: 'battle.window', decl: { actions: [] } }, seat('s1')).ok).toBe(true);
  });
});
