import type { LogLine, Viewer } from '@veiltable/protocol';
import { render } from 'svelte/server';
import { describe, expect, test } from 'vitest';
import TimelineLineView from './timeline-line.svelte';
import { Timeline } from './timeline.svelte.ts';

const view = { seats: [{ id: 's1', name: 'Aki' }, { id: 's2', name: 'Bora' }] };
const at = Date.UTC(2026, 11, 1, 21, 5);

function html(seen: unknown, viewer: Viewer, revealed = false): string {
  const timeline = new Timeline(() => null);
  timeline.reset([{ seq: 4, at, i: 0, seen } satisfies LogLine], false);
  const line = timeline.lines[0]!;
  return render(TimelineLineView, { props: { line, game: 'free-table', view, viewer, revealed, onReveal: () => {} } }).body;
}

const chat = (over: Record<string, unknown>) => ({ type: 'feed', item: { kind: 'chat', id: 'm1', from: { role: 'player', seat: 's1' }, to: { kind: 'all' }, channel: 'main', text: 'hello', ...over } });
const hiddenRoll = (result?: unknown) => ({
  type: 'feed',
  item: { kind: 'roll', id: 'r1', by: { role: 'player', seat: 's1' }, channel: 'main', visibility: 'gm', revealed: false, ...(result ? { result } : {}) },
});
const result = { expr: '1D100<=60', comment: '目星', dice: [{ count: 1, sides: 100, values: [37] }], total: 37, comparison: { op: '<=', target: 60, success: true }, text: '(1D100<=60) ＞ 37' };

describe('a timeline line', () => {
  test('a chat line shows its seat\'s name, its time and its text', () => {
    const out = html(chat({}), { role: 'player', seat: 's2' });
    expect(out).toContain('Aki');
    expect(out).toContain('hello');
    expect(out).toContain(`datetime="${new Date(at).toISOString()}"`);
    expect(out).not.toContain('data-testid="tl-to"');
  });

  test('a speaker replaces the seat\'s name, with its colour and a round portrait', () => {
    const out = html(chat({ speaker: { name: 'Detective Kim', color: '#e0a000', portrait: 'ab12cd' } }), { role: 'gm' });
    expect(out).toContain('Detective Kim');
    expect(out).not.toContain('>Aki<');
    expect(out).toContain('color: #e0a000');
    expect(out).toContain('src="/api/portraits/ab12cd"');
  });

  test('a whisper is marked with its audience', () => {
    expect(html(chat({ to: { kind: 'gm' } }), { role: 'gm' })).toMatch(/data-testid="tl-to"[^>]*>to GM</);
    expect(html(chat({ to: { kind: 'seat', seat: 's2' } }), { role: 'player', seat: 's2' })).toMatch(/data-testid="tl-to"[^>]*>to Bora</);
  });

  test('a hidden roll: its roller reads the result and may show it; another reads only that it was rolled', () => {
    const own = html(hiddenRoll(result), { role: 'player', seat: 's1' });
    expect(own).toContain('(1D100&lt;=60) ＞ 37');
    expect(own).toContain('data-testid="tl-reveal"');
    const other = html(hiddenRoll(), { role: 'player', seat: 's2' });
    expect(other).toContain('data-testid="tl-secret"');
    expect(other).toContain('rolled secretly');
    expect(other).not.toContain('data-testid="tl-reveal"');
    expect(html(hiddenRoll(result), { role: 'player', seat: 's1' }, true)).not.toContain('data-testid="tl-reveal"');
  });

  test('a roll typed as a character shows the character\'s face in place of the seat; its reveal names it too', () => {
    const speaker = { name: 'Detective Kim', color: '#e0a000', portrait: 'ab12cd' };
    const roll = (type: string) => ({ type, item: { ...hiddenRoll(result).item, visibility: 'public', speaker } });
    const out = html(roll('feed'), { role: 'player', seat: 's2' });
    expect(out).toContain('Detective Kim');
    expect(out).toContain('color: #e0a000');
    expect(out).toContain('src="/api/portraits/ab12cd"');
    expect(out).not.toContain('>Aki<');
    expect(html(roll('roll.revealed'), { role: 'player', seat: 's2' })).toContain('Detective Kim showed a roll to everyone');
    // A roll told without its result carries no face: the seat's name stands.
    expect(html(hiddenRoll(), { role: 'player', seat: 's2' })).toContain('>Aki<');
  });

  test('a table event is a line marked with its type', () => {
    expect(html({ type: 'deck.shuffled', count: 52 }, { role: 'gm' })).toContain('data-type="deck.shuffled"');
  });
});
