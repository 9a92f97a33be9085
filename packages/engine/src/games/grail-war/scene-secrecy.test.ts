import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import type { SceneDecl } from './scene-actions.ts';
import { long, mapped, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { FactAudit, STRANGER } from './test-audit.ts';
import { GM, SPECTATOR, apply, master, room, seat, servant } from './test-support.ts';
import { view } from './view.ts';
import { viewEvent } from '../../kernel/events.ts';

/**
 * GW-HIDE-F19 / D1 / D2: a scene declaration reaches its character's owner, its partner and the GM only, before the
 * lock and after it; the others learn "X has declared" and a commitment. Each character declares actions and a
 * place no one else declares, so finding one of them in what a viewer received is finding that declaration.
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

/** Each declaration's planted actions: none is used by any other character, and none is ever public. */
const DECLS: Record<string, SceneDecl> = {
  a: short('p1', 'cannibalism', 'search'),
  ma: short('p2', 'automaton', 'createBase'),
  b: long('p3', 'special'),
  mb: short('p3', 'labor', 'sweep'),
};
const PLANTED: Record<string, string[]> = { a: ['cannibalism', 'search'], ma: ['automaton', 'createBase'], b: ['special'], mb: ['labor', 'sweep'] };
/** a's declaration after ma's SEAL-10 (a) rewrite. */
const REWRITE: SceneDecl = short('p2', 'buyCraft', 'rest');

const viewers: Record<string, Viewer> = { s1: seat('s1'), s2: seat('s2'), s3: seat('s3'), s4: seat('s4'), s5: seat('s5'), spectator: SPECTATOR, gm: GM, stranger: seat(STRANGER) };
/** Whose declarations each viewer may read (owner and partner, GW-HIDE-00; the GM all). */
const SIDE: Record<string, string[]> = { s1: ['a', 'ma'], s3: ['a', 'ma'], s2: ['b', 'mb'], s4: ['b', 'mb'], s5: [], spectator: [], stranger: [] };

/** The flow run with every frame kept: begin, four declarations, ma's rewrite of a, o never declares, forced lock, S3, end. */
function played(): { state: GrailWarState; events: GrailWarEvent[]; audit: FactAudit } {
  let s = table();
  const audit = new FactAudit(Object.values(viewers), s);
  const events: GrailWarEvent[] = [];
  const steps: [Viewer, GrailWarCommand][] = [
    [GM, { type: 'scene.begin' }],
    ...Object.entries(DECLS).map(([id, decl]): [Viewer, GrailWarCommand] => [seat(s.characters[id]!.seat), { type: 'scene.declare', decl }]),
    [seat('s3'), { type: 'scene.rewrite', decl: REWRITE }],
    [GM, { type: 'scene.reveal' }],
    [GM, { type: 'scene.resolve', note: 'GMNOTE-zq the harbour burns', audience: 'gm' }],
    [GM, { type: 'scene.resolve', note: 'PUBLICNOTE-zq dawn', audience: 'public' }],
  ];
  steps.forEach(([actor, command], n) => {
    const r = apply(s, command, actor);
    audit.step(n, s, actor, command, r);
    if (!r.ok) throw new Error(`${command.type} refused: ${r.error.code}`);
    events.push(...r.value.events);
    s = r.value.state;
  });
  return { state: s, events, audit };
}

const received = (s: GrailWarState, events: GrailWarEvent[], v: Viewer) => JSON.stringify(view(s, v)) + JSON.stringify(events.map((e) => viewEvent(e, v)));

describe('scene secrecy', () => {
  test('GW-HIDE-D1 / F19 no salt of a scene declaration reaches anyone outside its side (the audit of every frame)', () => {
    expect(() => played()).not.toThrow();
  });

  test.each(Object.keys(SIDE))('GW-HIDE-F19 viewer %s reads its own side\'s declarations and nothing of anyone else\'s', (name) => {
    const { state, events } = played();
    const got = received(state, events, viewers[name]!);
    for (const [id, words] of Object.entries(PLANTED)) {
      // a's first declaration was rewritten; what a's side reads now is the rewrite, which carries buyCraft.
      const mine = SIDE[name]!.includes(id);
      for (const w of id === 'a' ? ['buyCraft'] : words) expect(got.includes(`"${w}"`), `${id}'s ${w} for ${name}`).toBe(mine);
    }
    expect(got.includes('GMNOTE-zq')).toBe(false);
    expect(got.includes('PUBLICNOTE-zq')).toBe(true);
  });

  test('GW-HIDE-D1 the GM reads every declaration and its own note; spectators learn nothing of who declared', () => {
    const { state, events } = played();
    const gm = received(state, events, GM);
    for (const w of ['buyCraft', 'automaton', 'special', 'labor', 'GMNOTE-zq']) expect(gm).toContain(w);
    expect(view(state, SPECTATOR).campaign.declarations).toBeNull();
    expect(events.map((e) => viewEvent(e, SPECTATOR)).filter((e) => e !== null).map((e) => (e as { type: string }).type)).toEqual(['scene.begun', 'scene.resolved', 'scene.resolved']);
  });

  test('GW-HIDE-D2 "Visible before lock: GM": the seal spent on a rewrite shows to no one outside the pair', () => {
    const { state, events } = played();
    for (const name of ['s2', 's4', 's5']) {
      const got = received(state, events, viewers[name]!);
      expect(got).not.toContain('scene.rewritten');
      expect(got).not.toContain('"rewritten":true');
    }
    expect(view(state, seat('s1')).campaign.declarations!.entries.find((e) => e.character === 'a')).toMatchObject({ answer: REWRITE, rewritten: true });
  });
});
