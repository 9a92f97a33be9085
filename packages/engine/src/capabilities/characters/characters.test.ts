import type { CharacterView, Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../../kernel/canonical.ts';
import { viewEvent } from '../../kernel/events.ts';
import type { AnyGame } from '../../kernel/game.ts';
import { games } from '../../games/index.ts';

const GM: Viewer = { role: 'gm' };
const SPECTATOR: Viewer = { role: 'spectator' };
const seat = (n: number): Viewer => ({ role: 'player', seat: `s${n}` });
const AT = Date.UTC(2025, 5, 1);
const HASH = (c: string) => c.repeat(64);

type Step = [Viewer, unknown];
type Applied = { state: unknown; events: { type: string; parts: unknown[] }[] };

function attempt(game: AnyGame, state: unknown, command: unknown, actor: Viewer) {
  const parsed = game.parseCommand(command);
  if (!parsed.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} does not parse: ${parsed.error.code}`);
  return game.apply(state, parsed.value, actor, AT);
}

function play(game: AnyGame, state: unknown, steps: Step[]): Applied {
  let events: Applied['events'] = [];
  for (const [actor, command] of steps) {
    const applied = attempt(game, state, command, actor);
    if (!applied.ok) throw new Error(`${game.id}: ${JSON.stringify(command)} refused: ${applied.error.code}`);
    state = applied.value.state;
    events = [...events, ...applied.value.events];
  }
  return { state, events };
}

const castOf = (game: AnyGame, state: unknown, v: Viewer) => (game.view(state, v) as { cast: CharacterView[] }).cast;
type Line = { kind: string; text?: string; speaker?: { name: string; color: string; portrait?: string } };
/** The chat and roll lines a viewer is told of by these events (lines of the log, not a part of the view). */
const linesOf = (events: readonly unknown[], v: Viewer): Line[] =>
  events.flatMap((e) => {
    const seen = viewEvent(e as never, v) as { type?: string; item?: Line } | null;
    return seen?.type === 'feed' && seen.item ? [seen.item] : [];
  });

/** Every game of the registry composes the cast: the same commands, refusals and secrecy everywhere. */
describe.each(Object.values(games).map((g) => [g.id, g] as const))('%s composes the cast', (_id, game) => {
  const table = () => play(game, game.setup('cd'.repeat(32)), ['Aki', 'Bora', 'Chen'].map((name): Step => [GM, { type: 'seat.add', name }])).state;

  test('CAST-03 each seat starts with one character named after its seat; the GM starts with no NPC', () => {
    for (const v of [GM, SPECTATOR, seat(1), seat(2)]) {
      expect(castOf(game, table(), v).map((c) => [c.id, c.owner, c.name])).toEqual([
        ['s1.c1', { role: 'player', seat: 's1' }, 'Aki'],
        ['s2.c1', { role: 'player', seat: 's2' }, 'Bora'],
        ['s3.c1', { role: 'player', seat: 's3' }, 'Chen'],
      ]);
    }
    const colors = castOf(game, table(), GM).map((c) => c.color);
    expect(new Set(colors).size).toBe(3);
    for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  test.each<[string, Step[], Step, { id: string; owner: string } | { code: string; rule?: string }]>([
    ['CAST-01 a player adds a character to its own seat', [], [seat(1), { type: 'cast.add', name: 'Mio' }], { id: 's1.c2', owner: 's1' }],
    ['CAST-01 a player names its own seat', [], [seat(1), { type: 'cast.add', name: 'Mio', seat: 's1' }], { id: 's1.c2', owner: 's1' }],
    ['CAST-01 a player may not add to another seat', [], [seat(1), { type: 'cast.add', name: 'Mio', seat: 's2' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-01' }],
    ['CAST-01 the GM adds an NPC', [], [GM, { type: 'cast.add', name: 'Innkeeper' }], { id: 'gm.c1', owner: 'gm' }],
    ['CAST-01 the GM adds to a seat', [], [GM, { type: 'cast.add', name: 'Twin', seat: 's2' }], { id: 's2.c2', owner: 's2' }],
    ['the GM may not add to a seat the table lacks', [], [GM, { type: 'cast.add', name: 'Twin', seat: 's9' }], { code: 'NO_SUCH_SEAT' }],
    ['ids are never reused', [[seat(1), { type: 'cast.add', name: 'A' }], [seat(1), { type: 'cast.remove', character: 's1.c2' }]], [seat(1), { type: 'cast.add', name: 'B' }], { id: 's1.c3', owner: 's1' }],
    ['CAST-01 the owner renames its character', [], [seat(2), { type: 'cast.set', character: 's2.c1', name: 'Bora the Bold' }], { id: 's2.c1', owner: 's2' }],
    ['CAST-01 the GM renames a seat\'s character', [], [GM, { type: 'cast.set', character: 's2.c1', name: 'Bora the Bold' }], { id: 's2.c1', owner: 's2' }],
    ['CAST-01 another seat may not rename it', [], [seat(1), { type: 'cast.set', character: 's2.c1', name: 'Mine now' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-01' }],
    ['CAST-01 a player may not edit an NPC', [[GM, { type: 'cast.add', name: 'Innkeeper' }]], [seat(1), { type: 'cast.palette', character: 'gm.c1', lines: ['x'] }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-01' }],
    ['CAST-01 a player may not remove another seat\'s character', [[seat(2), { type: 'cast.add', name: 'B2' }]], [seat(1), { type: 'cast.remove', character: 's2.c2' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-01' }],
    ['CAST-02 an unknown character', [], [seat(1), { type: 'cast.set', character: 's1.c7', color: '#000000' }], { code: 'NO_SUCH_CHARACTER', rule: 'CAST-02' }],
    ['CAST-02 a removed character is unknown', [[GM, { type: 'cast.add', name: 'N' }], [GM, { type: 'cast.remove', character: 'gm.c1' }]], [GM, { type: 'cast.set', character: 'gm.c1', name: 'x' }], { code: 'NO_SUCH_CHARACTER', rule: 'CAST-02' }],
    ['CAST-02 a seat the table lacks has no character', [], [GM, { type: 'cast.set', character: 's8.c1', name: 'x' }], { code: 'NO_SUCH_CHARACTER', rule: 'CAST-02' }],
    ['CAST-03 a seat\'s last character stays', [], [seat(3), { type: 'cast.remove', character: 's3.c1' }], { code: 'LAST_CHARACTER', rule: 'CAST-03' }],
    ['CAST-03 the GM may not remove it either', [], [GM, { type: 'cast.remove', character: 's3.c1' }], { code: 'LAST_CHARACTER', rule: 'CAST-03' }],
    ['CAST-03 the first goes when another is left', [[seat(3), { type: 'cast.add', name: 'C2' }]], [seat(3), { type: 'cast.remove', character: 's3.c1' }], { id: 's3.c2', owner: 's3' }],
    ['the GM removes its last NPC', [[GM, { type: 'cast.add', name: 'N' }]], [GM, { type: 'cast.remove', character: 'gm.c1' }], { id: 's1.c1', owner: 's1' }],
    [
      'CAST-04 an owner keeps at most fifty',
      Array.from({ length: 49 }, (_, i): Step => [seat(1), { type: 'cast.add', name: `c${i}` }]),
      [seat(1), { type: 'cast.add', name: 'one too many' }],
      { code: 'TOO_MANY_CHARACTERS', rule: 'CAST-04' },
    ],
  ])('%s', (_name, given, [actor, command], expected) => {
    const before = play(game, table(), given).state;
    const applied = attempt(game, before, command, actor);
    if ('code' in expected) {
      expect(applied.ok ? 'accepted' : applied.error).toEqual(expected);
      return;
    }
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    const after = castOf(game, applied.value.state, GM);
    const c = after.find((x) => x.id === expected.id);
    expect(c?.owner).toEqual(expected.owner === 'gm' ? { role: 'gm' } : { role: 'player', seat: expected.owner });
    if ((command as { type: string }).type === 'cast.remove') expect(after.map((x) => x.id)).not.toContain((command as { character: string }).character);
  });

  test('the palette and the limits of its lines are the protocol\'s; a colour is kept in lower case', () => {
    const s = play(game, table(), [
      [seat(1), { type: 'cast.palette', character: 's1.c1', lines: ['CCB<=70 〈目星〉', '2D6+2'] }],
      [seat(1), { type: 'cast.set', character: 's1.c1', color: '#AABBCC' }],
    ]).state;
    const mine = castOf(game, s, seat(1))[0]!;
    expect([mine.palette, mine.color]).toEqual([['CCB<=70 〈目星〉', '2D6+2'], '#aabbcc']);
    for (const lines of [Array.from({ length: 101 }, () => 'x'), ['y'.repeat(201)]]) {
      expect(game.parseCommand({ type: 'cast.palette', character: 's1.c1', lines })).toMatchObject({ ok: false });
    }
    for (const bad of [{ color: 'red' }, { portrait: 'abc' }, { character: 'x1' }]) {
      expect(game.parseCommand({ type: 'cast.set', character: 's1.c1', ...bad })).toMatchObject({ ok: false });
    }
  });

  test('CAST-06 a secret face, a secret portrait and a palette reach the owner and the GM only, in views and events', () => {
    const planted = ['Hidden-True-Name-7f3', HASH('e'), 'palette-secret-line-9c'];
    const made = play(game, table(), [
      [seat(1), { type: 'cast.set', character: 's1.c1', name: 'Lancer', portrait: HASH('a'), secret: { name: planted[0], portrait: planted[1] } }],
      [seat(1), { type: 'cast.palette', character: 's1.c1', lines: [planted[2]] }],
      [seat(1), { type: 'chat.send', to: { kind: 'all' }, text: 'I am Lancer' }],
    ]);
    const reads = (v: Viewer) => JSON.stringify([game.view(made.state, v), made.events.map((e) => viewEvent(e as never, v))]);
    for (const v of [GM, seat(1)]) for (const p of planted) expect(reads(v), JSON.stringify(v)).toContain(p);
    for (const v of [seat(2), seat(3), SPECTATOR]) {
      for (const p of planted) expect(reads(v), JSON.stringify(v)).not.toContain(p);
      expect(castOf(game, made.state, v)[0]).toEqual({ id: 's1.c1', owner: { role: 'player', seat: 's1' }, name: 'Lancer', color: castOf(game, made.state, GM)[0]!.color, portrait: HASH('a') });
    }
    expect(castOf(game, made.state, seat(1))[0]?.secret).toEqual({ name: planted[0], portrait: planted[1] });
    // The line is spoken with the public face.
    expect(linesOf(made.events, seat(2)).at(-1)?.speaker).toEqual({ name: 'Lancer', color: castOf(game, made.state, GM)[0]!.color, portrait: HASH('a') });
  });

  test('CAST-06 an NPC\'s secret face and palette are the GM\'s alone; `secret: null` takes a secret face away', () => {
    const made = play(game, table(), [
      [GM, { type: 'cast.add', name: 'Old man', color: '#445566' }],
      [GM, { type: 'cast.set', character: 'gm.c1', secret: { name: 'The-Lich-King-1b' } }],
      [GM, { type: 'cast.palette', character: 'gm.c1', lines: ['npc-plan-line-44'] }],
    ]);
    const reads = (v: Viewer) => JSON.stringify([game.view(made.state, v), made.events.map((e) => viewEvent(e as never, v))]);
    expect(reads(GM)).toContain('The-Lich-King-1b');
    expect(reads(GM)).toContain('npc-plan-line-44');
    for (const v of [seat(1), seat(2), SPECTATOR]) {
      expect(reads(v)).not.toContain('The-Lich-King-1b');
      expect(reads(v)).not.toContain('npc-plan-line-44');
      expect(castOf(game, made.state, v).at(-1)).toEqual({ id: 'gm.c1', owner: { role: 'gm' }, name: 'Old man', color: '#445566' });
    }
    const cleared = play(game, made.state, [[GM, { type: 'cast.set', character: 'gm.c1', secret: null }]]).state;
    expect(castOf(game, cleared, GM).at(-1)?.secret).toBeUndefined();
  });

  test.each<[string, Step[], Step, Line['speaker'] | null | { code: string; rule?: string }]>([
    ['a seat speaks as its first character by default', [], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'hi' }], { name: 'Bora', color: '' }],
    ['CAST-05 a seat speaks as another of its own', [[seat(2), { type: 'cast.add', name: 'Bora\'s cat', color: '#112233' }]], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'mew', as: 's2.c2' }], { name: 'Bora\'s cat', color: '#112233' }],
    ['CAST-05 a seat may not speak as another seat\'s character', [], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'hi', as: 's1.c1' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-05' }],
    ['CAST-05 a seat may not speak as an NPC', [[GM, { type: 'cast.add', name: 'N', color: '#000000' }]], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'hi', as: 'gm.c1' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-05' }],
    ['CAST-02 speaking as an unknown character', [], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'hi', as: 's2.c9' }], { code: 'NO_SUCH_CHARACTER', rule: 'CAST-02' }],
    ['the GM speaks plainly without `as`', [], [GM, { type: 'chat.send', to: { kind: 'all' }, text: 'hi' }], null],
    ['CAST-05 the GM speaks as an NPC', [[GM, { type: 'cast.add', name: 'Innkeeper', color: '#abcdef' }]], [GM, { type: 'chat.send', to: { kind: 'all' }, text: 'Welcome', as: 'gm.c1' }], { name: 'Innkeeper', color: '#abcdef' }],
    ['a roll is typed as the face a line would be spoken with: the seat\'s first by default', [], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: '1D6' }], { name: 'Bora', color: '' }],
    ['CAST-05 a seat rolls as another of its own', [[seat(2), { type: 'cast.add', name: 'Bora\'s cat', color: '#112233' }]], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: '2D6 pounce', as: 's2.c2' }], { name: 'Bora\'s cat', color: '#112233' }],
    ['CAST-05 a seat may not roll as another seat\'s character', [], [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: '1D6', as: 's1.c1' }], { code: 'NOT_YOUR_CHARACTER', rule: 'CAST-05' }],
    ['CAST-05 the GM rolls as an NPC', [[GM, { type: 'cast.add', name: 'Innkeeper', color: '#abcdef' }]], [GM, { type: 'chat.send', to: { kind: 'all' }, text: '1D6', as: 'gm.c1' }], { name: 'Innkeeper', color: '#abcdef' }],
    ['CAST-05 the GM speaks as a seat\'s character', [[seat(3), { type: 'cast.set', character: 's3.c1', color: '#ffffff', portrait: HASH('b') }]], [GM, { type: 'chat.send', to: { kind: 'all' }, text: 'hi', as: 's3.c1' }], { name: 'Chen', color: '#ffffff', portrait: HASH('b') }],
  ])('%s', (_name, given, [actor, command], expected) => {
    const before = play(game, table(), given).state;
    const applied = attempt(game, before, command, actor);
    if (expected && 'code' in expected) {
      expect(applied.ok ? 'accepted' : applied.error).toEqual(expected);
      return;
    }
    if (!applied.ok) throw new Error(applied.error.code);
    const line = linesOf(applied.value.events, SPECTATOR).at(-1)!;
    const want = expected && { ...expected, color: expected.color || castOf(game, before, GM)[1]!.color };
    expect(line.speaker ?? null).toEqual(want);
    expect(applied.value.events.map((e) => viewEvent(e, seat(1)))).toMatchObject([{ type: 'feed', item: want ? { speaker: want } : { text: 'hi' } }]);
  });

  test('CAST-06 a roll typed as a disguised character carries its public face only; a hidden roll\'s face goes with its result', () => {
    const trueName = 'Hidden-True-Name-r42';
    const made = play(game, table(), [
      [seat(2), { type: 'cast.add', name: 'Bora\'s cat', color: '#112233' }],
      [seat(2), { type: 'cast.set', character: 's2.c2', portrait: HASH('d'), secret: { name: trueName, portrait: HASH('f') } }],
      [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: '2D6', as: 's2.c2' }],
      [seat(2), { type: 'chat.send', to: { kind: 'all' }, text: 'S2D6', as: 's2.c2' }],
    ]);
    const face = { name: 'Bora\'s cat', color: '#112233', portrait: HASH('d') };
    for (const v of [GM, seat(1), seat(2), seat(3), SPECTATOR]) {
      const owner = v.role === 'gm' || (v.role === 'player' && v.seat === 's2');
      const rolls = linesOf(made.events, v).filter((l) => l.kind === 'roll');
      expect(rolls.map((r) => r.speaker ?? null), JSON.stringify(v)).toEqual([face, owner ? face : null]);
      if (owner) continue;
      const read = JSON.stringify(made.events.map((e) => viewEvent(e as never, v)));
      for (const secret of [trueName, HASH('f')]) expect(read, JSON.stringify(v)).not.toContain(secret);
    }
  });

  test('CAST-07 a line keeps the face it was spoken with when the character changes later', () => {
    const { events } = play(game, table(), [
      [seat(1), { type: 'chat.send', to: { kind: 'all' }, text: 'before' }],
      [seat(1), { type: 'cast.set', character: 's1.c1', name: 'Aki II', color: '#010203' }],
      [seat(1), { type: 'chat.send', to: { kind: 'all' }, text: 'after' }],
    ]);
    const lines = linesOf(events, seat(2)).filter((l) => l.kind === 'chat');
    expect(lines.map((l) => [l.text, l.speaker?.name])).toEqual([['before', 'Aki'], ['after', 'Aki II']]);
    expect(lines[1]?.speaker?.color).toBe('#010203');
  });

  test('the same commands give the same states and events, and every view parses for every viewer', () => {
    const steps: Step[] = [
      [seat(1), { type: 'cast.add', name: 'Mio', color: '#123456' }],
      [GM, { type: 'cast.add', name: 'Guard' }],
      [seat(2), { type: 'cast.set', character: 's2.c1', secret: { name: 'Spy' }, portrait: HASH('c') }],
      [seat(1), { type: 'chat.send', to: { kind: 'gm' }, text: 'psst', as: 's1.c2' }],
      [GM, { type: 'cast.palette', character: 'gm.c1', lines: ['1D20'] }],
    ];
    const first = play(game, table(), steps);
    const again = play(game, table(), steps);
    expect(canonicalJson(again)).toBe(canonicalJson(first));
    expect(JSON.parse(JSON.stringify(first.state))).toEqual(first.state);
    for (const v of [GM, SPECTATOR, seat(1), seat(2), seat(3)]) {
      const parsed = game.schemas.view.safeParse(game.view(first.state, v));
      expect(parsed.success ? 'ok' : parsed.error.message.slice(0, 400)).toBe('ok');
    }
  });
});
