import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import { mapped, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { FactAudit, STRANGER } from './test-audit.ts';
import { GM, SPECTATOR, apply, master, room, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/**
 * GW-HIDE-F09 "Funds, items owned and equipped: owner ● partner ● GM ● others ○ spectators ○", and HIDE-D12
 * (purchase, crafting, equipping: visible to the partner and the GM). Each side owns items no other side owns and
 * holds funds in a band no public number reaches, so finding one in what a viewer received is finding that side's.
 */
const table = () =>
  mapped(
    room({
      a: { seat: 's1', sheet: servant() },
      ma: { seat: 's3', partner: 'a', sheet: master({ name: 'Master A' }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Master B' }) },
      o: { seat: 's5', sheet: servant({ alias: 'Rider', className: 'rider' }) },
    }),
  );

/** What each pair owns (planted), and the item only p1's shop sells. */
const PLANTED: Record<string, string[]> = { a: ['crystalBall', 'rabbitsFoot', 'lovePotion', '"funds":721', '"funds":737'], b: ['magusCloak', 'combatAutomaton', '"funds":829'] };
const STOCKED = 'thunderboltShield';

const viewers: Record<string, Viewer> = { s1: seat('s1'), s2: seat('s2'), s3: seat('s3'), s4: seat('s4'), s5: seat('s5'), spectator: SPECTATOR, gm: GM, stranger: seat(STRANGER) };
/** Whose inventory each viewer may read (owner and partner, GW-HIDE-00; the GM all). */
const SIDE: Record<string, string[]> = { s1: ['a'], s3: ['a'], s2: ['b'], s4: ['b'], s5: [], spectator: [], stranger: [], gm: ['a', 'b'] };

function played(): { state: GrailWarState; events: GrailWarEvent[] } {
  let s = table();
  const audit = new FactAudit(Object.values(viewers), s);
  const events: GrailWarEvent[] = [];
  const steps: [Viewer, GrailWarCommand][] = [
    [GM, { type: 'funds.grant', character: 'ma', amount: 737, source: 'labor' }],
    [GM, { type: 'shop.buy', item: 'crystalBall', character: 'ma' }],
    [seat('s3'), { type: 'item.equip', item: 'crystalBall', equip: true }],
    [GM, { type: 'item.grant', character: 'a', item: 'rabbitsFoot', count: 1 }],
    [GM, { type: 'item.grant', character: 'a', item: 'lovePotion', count: 1 }],
    [seat('s1'), { type: 'item.use', item: 'lovePotion', target: 'b' }],
    [GM, { type: 'funds.grant', character: 'mb', amount: 845 }],
    [GM, { type: 'shop.craft', item: 'magusCloak', character: 'mb' }],
    [GM, { type: 'item.grant', character: 'b', item: 'combatAutomaton', count: 1 }],
    [GM, { type: 'shop.stock', place: 'p1', items: [STOCKED] }],
    [GM, { type: 'scene.begin' }],
    [seat('s1'), { type: 'scene.declare', decl: short('p1', 'buyCraft') }],
    [seat('s2'), { type: 'scene.declare', decl: short('p2', 'buyCraft') }],
  ];
  steps.forEach(([actor, command], n) => {
    const r = apply(s, command, actor);
    audit.step(n, s, actor, command, r);
    if (!r.ok) throw new Error(`${command.type} refused: ${r.error.code}`);
    events.push(...r.value.events);
    s = r.value.state;
  });
  return { state: s, events };
}

const received = (s: GrailWarState, events: GrailWarEvent[], v: Viewer) => JSON.stringify(view(s, v)) + JSON.stringify(events.map((e) => viewEvent(e, v)));

describe('GW-HIDE-F09 funds and items: owner, partner and GM only', () => {
  test('GW-HIDE-F09 no funds reach anyone outside the owner\'s pair, in any view patch or event (the audit of every frame)', () => {
    expect(() => played()).not.toThrow();
  });

  test.each(Object.keys(SIDE))('GW-HIDE-F09 GW-HIDE-D12 viewer %s reads its own pair\'s funds, items and purchases and nothing of anyone else\'s', (name) => {
    const { state, events } = played();
    const got = received(state, events, viewers[name]!);
    for (const [id, tokens] of Object.entries(PLANTED)) for (const t of tokens) expect(got.includes(t), `${id}'s ${t} for ${name}`).toBe(SIDE[name]!.includes(id));
  });

  test('GW-HIDE-F21 a shop is the GM\'s and shows to a player only where its own character stands (INFERRED)', () => {
    const { state, events } = played();
    const sees = Object.fromEntries(Object.entries(viewers).map(([name, v]) => [name, received(state, events, v).includes(STOCKED)]));
    expect(sees).toEqual({ s1: true, s2: false, s3: false, s4: false, s5: false, spectator: false, gm: true, stranger: false });
    expect(view(state, seat('s1')).shops).toEqual([{ place: 'p1', items: [STOCKED] }]);
    expect(view(state, seat('s2')).shops).toEqual([]);
  });
});
