import { gwView, gwViewEvent } from '@veiltable/protocol/games/grail-war';
import { describe, expect, test } from 'vitest';
import { grailWar } from './index.ts';
import { knows, pair } from './test-pair.ts';
import { GM, SPECTATOR, judgment as j, master, passWindow, planVs, readAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';
import { view } from './view.ts';

describe('seats and wire parsing', () => {
  test('the GM adds seats s1, s2 …; everyone sees their names; a player may not add one', () => {
    let s = grailWar.setup('b'.repeat(64));
    const first = run(s, GM, { type: 'seat.add', name: ' Aki ' });
    expect(readAll(first.events)).toEqual([{ type: 'seat.added', seat: 's1', name: 'Aki' }]);
    s = run(first.state, GM, { type: 'seat.add', name: 'Bea' }).state;
    expect(refused(s, seat('s1'), { type: 'seat.add', name: 'Cid' })).toBe('NOT_GM');
    for (const v of [GM, seat('s2'), SPECTATOR]) {
      expect(gwView.parse(view(s, v)).seats).toEqual([{ id: 's1', name: 'Aki' }, { id: 's2', name: 'Bea' }]);
      expect(gwViewEvent.parse(viewEvent(first.events[0]!, v))).toEqual({ type: 'seat.added', seat: 's1', name: 'Aki' });
    }
  });

  test('parseCommand takes this game’s commands and refuses another game’s or a bad shape', () => {
    expect(grailWar.parseCommand!({ type: 'battle.force' })).toEqual({ ok: true, value: { type: 'battle.force' } });
    const foreign = grailWar.parseCommand!({ type: 'deck.shuffle' });
    expect(foreign.ok ? 'accepted' : foreign.error.code).toBe('UNKNOWN_COMMAND');
    const bad = grailWar.parseCommand!({ type: 'battle.submit', plan: { slots: [], activatePlus: [] } });
    expect(bad.ok ? 'accepted' : bad.error.code).toBe('BAD_SHAPE');
  });
});

describe('sheets entered by their owner (issue 4 item 1)', () => {
  const cast = () => room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } });

  test('the owner or the GM rewrites a sheet; another player may not; the kind stays; validation codes come back', () => {
    const s = cast();
    const next = run(s, seat('s1'), { type: 'character.update', id: 'a', sheet: servant({ alias: 'New alias' }) }).state;
    expect(next.characters.a!.sheet).toMatchObject({ alias: 'New alias' });
    expect(refused(s, seat('s2'), { type: 'character.update', id: 'a', sheet: servant() })).toBe('NOT_YOUR_CHARACTER GW-HIDE-00');
    expect(refused(s, GM, { type: 'character.update', id: 'a', sheet: master() })).toBe('KIND_FIXED GW-CORE-01');
    expect(refused(s, seat('s1'), { type: 'character.update', id: 'a', sheet: servant({ alias: ' ' }) })).toBe('BAD_NAME GW-CORE-01');
  });

  test('the update reaches owner and GM with the sheet, the other player without it, spectators not at all', () => {
    const s = cast();
    const [event] = run(s, seat('s1'), { type: 'character.update', id: 'a', sheet: servant({ trueName: 'SECRET-TN' }) }).events;
    expect(JSON.stringify(viewEvent(event!, seat('s1')))).toContain('SECRET-TN');
    expect(JSON.stringify(viewEvent(event!, GM))).toContain('SECRET-TN');
    expect(viewEvent(event!, seat('s2'))).toEqual({ type: 'character.updated', id: 'a', kind: 'servant', name: 'Saber of the east' });
    expect(viewEvent(event!, SPECTATOR)).toBeNull();
  });

  test('GW-BATTLE-01 a participant’s sheet is frozen while its battle runs', () => {
    const s = start(cast(), [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    expect(refused(s, seat('s1'), { type: 'character.update', id: 'a', sheet: servant() })).toBe('BATTLE_IN_PROGRESS GW-BATTLE-01');
  });
});

describe('the information ledger (GW-INFO-12..15, GW-HIDE-F11..F13)', () => {
  const entry = knows('a', 'b', { total: 4, believed: 7, classKnown: true });

  test('the GM sets an entry; battle.start reads it; the knower sees the believed total only', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } });
    expect(refused(s, seat('s1'), { type: 'knowledge.set', entry })).toBe('NOT_GM');
    expect(refused(s, GM, { type: 'knowledge.set', entry: { ...entry, target: 'a' } })).toBe('BAD_KNOWLEDGE GW-INFO-15');
    s = run(s, GM, { type: 'knowledge.set', entry }).state;
    expect(view(s, GM).ledger).toEqual([entry]);
    const { total: _t, ...believedOnly } = entry;
    void _t;
    expect(view(s, seat('s1')).ledger).toEqual([believedOnly]);
    expect(view(s, seat('s2')).ledger).toEqual([]);
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    expect(s.battle!.knowledge).toEqual([entry]);
    // A battle's own snapshot lays over the ledger.
    let t = run(room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } }), GM, { type: 'knowledge.set', entry }).state;
    t = start(t, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [{ ...entry, total: 9 }] });
    expect(t.battle!.knowledge.map((k) => k.total)).toEqual([9]);
  });

  test('removing an entry makes the pair a new ledger again; the event reaches the knower and the GM only', () => {
    let s = run(room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant() } }), GM, { type: 'knowledge.set', entry }).state;
    const removed = run(s, GM, { type: 'knowledge.remove', knower: 'a', target: 'b' });
    s = removed.state;
    expect(s.ledger).toEqual([]);
    expect(viewEvent(removed.events[0]!, seat('s1'))).toEqual({ type: 'knowledge.removed', knower: 'a', target: 'b' });
    expect(viewEvent(removed.events[0]!, seat('s2'))).toBeNull();
    expect(refused(s, GM, { type: 'knowledge.remove', knower: 'a', target: 'b' })).toBe('NO_SUCH_ENTRY GW-INFO-15');
  });
});

describe('GM override with a logged reason (issue 4 item 7)', () => {
  test('between batches the GM moves HP; the reason is logged and seen by the owner side and the GM only', () => {
    let s = pair();
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect(refused(s, seat('s1'), { type: 'battle.override', character: 'b', hp: 3, mp: 0, reason: 'misread' })).toBe('NOT_GM');
    expect(refused(s, GM, { type: 'battle.override', character: 'b', hp: 3, mp: 0, reason: '  ' })).toBe('REASON_REQUIRED');
    const before = s.characters.b!.sheet.hp.current;
    const out = run(s, GM, { type: 'battle.override', character: 'b', hp: 3, mp: -1, reason: 'smash was misread' });
    expect(out.state.characters.b!.sheet.hp.current).toBe(before + 3);
    expect(out.state.battle!.overrides).toEqual([{ batch: 2, afterSlot: 5, character: 'b', hp: 3, mp: -1, reason: 'smash was misread' }]);
    expect(viewEvent(out.events[0]!, seat('s2'))).toMatchObject({ type: 'battle.overridden' });
    expect(viewEvent(out.events[0]!, seat('s1'))).toBeNull();
    expect(viewEvent(out.events[0]!, GM)).toMatchObject({ type: 'battle.overridden', override: { character: 'b', reason: 'smash was misread' } });
  });

  test('GW-BATTLE-20 an override to HP ≤ 0 takes the last enemy down and ends the battle; mid-batch it is refused', () => {
    let s = pair();
    const hp = s.characters.b!.sheet.hp.current;
    const ended = run(s, GM, { type: 'battle.override', character: 'b', hp: -hp, mp: 0, reason: 'GM ruling' }).state;
    expect(ended.battle!.participants.find((p) => p.id === 'b')!.status).toBe('defeated');
    expect(ended.battle!.phase).toBe('ended');
    expect(ended.battle!.winner).toBe('A');
    s = submit(s, 'a', planVs('b', [])).state;
    expect(refused(s, GM, { type: 'battle.override', character: 'b', hp: -1, mp: 0, reason: 'x' })).toBe('BATCH_UNDER_WAY GW-BATTLE-12');
  });
});
