import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { describe, expect, test, vi } from 'vitest';
import { ROOM_CONTEXT, type Room } from '../room/context.ts';
import RoomLayout from './room-layout.svelte';
import { Timeline } from './timeline/timeline.svelte.ts';
import { showSection } from './section-nav.ts';

const room = (over: Partial<Room> = {}): Room => ({
  id: 'r1',
  game: 'free-table',
  title: 'Night at the inn',
  view: {},
  viewer: { role: 'gm' },
  status: 'online',
  stale: false,
  notice: null,
  clock: { now: () => 0 },
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  spectatorDelay: 0,
  phased: false,
  send: async () => ({ ok: true, seq: 1 }),
  timeline: new Timeline(() => null),
  ledger: { verdictOf: () => undefined, forged: [], witnessedSeals: [] },
  ...over,
});
const columns = createRawSnippet(() => ({ render: () => '<div class="room-col"><section id="board" class="panel"></section></div>' }));
const gmPanel = createRawSnippet(() => ({ render: () => '<p>tools</p>' }));

function layout(over: Partial<Room> = {}): string {
  const sections = [
    { id: 'now', label: 'Now' },
    { id: 'board', label: 'Board' },
  ];
  return render(RoomLayout, { props: { sections, children: columns, gm: gmPanel }, context: new Map([[ROOM_CONTEXT, room(over)]]) }).body;
}

describe('the section tabs of every room (issue 13: tapping one replaced the #t= token)', () => {
  test('each section and the GM column get a tab that is a button: no tab links to a fragment', () => {
    const html = layout();
    const tabs = [...html.matchAll(/<button[^>]*data-section="([^"]+)"/g)].map((m) => m[1]);
    expect(tabs).toEqual(['now', 'board', 'gm']);
    expect(html).not.toMatch(/href="#/);
  });

  test('a tap scrolls its section into view and focuses it, leaving the address as it is', () => {
    const section = { scrollIntoView: vi.fn(), focus: vi.fn(), hasAttribute: () => false, setAttribute: vi.fn() };
    const doc = { getElementById: (id: string) => (id === 'board' ? (section as unknown as HTMLElement) : null) };
    expect(showSection('board', doc)).toBe(true);
    expect(section.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(section.focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(showSection('missing', doc)).toBe(false);
  });

  test('the connection notice stays in the sticky bar, marked when the link is dead', () => {
    expect(layout()).not.toContain('room-banner');
    expect(layout({ status: 'kicked', stale: true, notice: 'Disconnected' })).toMatch(/class="room-banner[^"]*bad[^"]*"[^>]*>Disconnected/);
  });
});
