import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserStack, UI_TIMEOUT_MS, waitForCount, withPages } from './support/browser.ts';
import type { TestRoom } from './support/http-api.ts';
import type { RecordingClient } from './support/recording-client.ts';
import { gwView, servantSheet } from './support/gw-table.ts';
import { commit } from './support/session.ts';
import { tapJumpBar, whoIs } from './support/jump-bar.ts';
import { tableRoom } from './support/table-room.ts';

// Issue 13, items 1 and 2: a room link's token leaves the address bar once read, and no tab tap, reload, in-page
// anchor or back/forward costs the seat. For every room type, as the GM, a player and a spectator on a 390×844
// phone: every tab of the jump bar is tapped, the page reloaded, and then the viewer acts and sees the effect.

const stack = browserStack({ database: 'postgres' });

type Role = 'gm' | 'player' | 'spectator';
/** A room of one game, set up so each viewer has something to do, and what each viewer does there. */
type GameCase = {
  game: string;
  /** Seat names: the first is the player whose phone is tested. */
  seats?: readonly string[];
  /** Commands over the GM's socket before any page opens. */
  prepare?: (gm: RecordingClient, seats: readonly string[]) => Promise<void>;
  /** The viewer acts on its page and the effect is seen, on the page and in the GM's view. */
  act: Record<Role, (page: Page, gm: RecordingClient) => Promise<void>>;
};

const CHAT = 'Lanterns lit, door barred';

const CASES: GameCase[] = [
  {
    game: 'free-table',
    act: {
      gm: async (page, gm) => {
        await page.getByTestId('deck-standard').click();
        await gm.waitFor(() => gm.current().deck.drawCount === 52, 'gm: a standard deck of 52');
      },
      player: async (page, gm) => {
        await page.getByTestId('composer-input').fill(CHAT);
        await page.getByTestId('composer-send').click();
        await page.getByTestId('tl-line').filter({ hasText: CHAT }).waitFor({ timeout: UI_TIMEOUT_MS });
        await gm.waitFor(() => JSON.stringify(gm.feedItems()).includes(CHAT), 'gm: the chat line');
      },
      spectator: (page) => page.getByTestId('tl-line').filter({ hasText: CHAT }).waitFor({ timeout: UI_TIMEOUT_MS }),
    },
  },
  {
    game: 'call-of-t',
    act: {
      gm: async (page, gm) => {
        await page.getByTestId('cot-setup-start').click();
        await gm.waitFor(() => gm.currentCot().phase.kind === 'investigation', 'gm: cycle 1 begins');
        await page.getByTestId('cot-decl-status').waitFor({ timeout: UI_TIMEOUT_MS });
      },
      player: async (page, gm) => {
        await page.getByTestId('cot-declare').locator('[data-action="none"]').click();
        await page.getByTestId('cot-declare-button').click();
        await page.getByTestId('cot-own-choice').waitFor({ timeout: UI_TIMEOUT_MS });
        await gm.waitFor(() => gm.currentCot().declarations?.some((d) => d.declared) === true, 'gm: the player declared');
      },
      // Sealed: the table sees that a choice was made, by its commitment, never which.
      spectator: (page) => waitForCount(page, '[data-testid="cot-decl-status"] li code', 1),
    },
  },
  {
    game: 'grail-war',
    seats: ['Aiko', 'Bea'],
    prepare: async (gm, [aiko, bea]) => {
      // Spectators follow battles (F28); by default they see none.
      await commit(gm, { type: 'options.set', options: { spectatorVisibility: 'battlesAfterReveal' } });
      await commit(gm, { type: 'character.register', id: 'saber', seat: aiko, partner: null, sheet: servantSheet('Saber') });
      await commit(gm, { type: 'character.register', id: 'lancer', seat: bea, partner: null, sheet: servantSheet('Lancer') });
    },
    act: {
      gm: async (page, gm) => {
        for (const [who, side] of [['saber', 'A'], ['lancer', 'B']] as const) {
          await page.locator(`[data-testid="gw-start-row"][data-character="${who}"] [data-testid="gw-start-side"]`).fill(side);
        }
        await page.getByTestId('gw-start-go').click();
        await gm.waitFor(() => gwView(gm).battle?.phase === 'prebattle', 'gm: the pre-battle step is open');
        await page.getByTestId('gw-phase').waitFor({ timeout: UI_TIMEOUT_MS });
      },
      player: async (page, gm) => {
        await page.getByTestId('gw-prebattle-lock').click();
        await page.getByTestId('gw-locked').or(page.getByTestId('gw-plan')).first().waitFor({ timeout: UI_TIMEOUT_MS });
        await gm.waitFor(() => gwView(gm).battle?.prebattle?.entries.some((e) => e.character === 'saber' && e.declared) === true, 'gm: saber locked its pre-battle step');
      },
      spectator: async (page) => {
        await page.getByTestId('gw-phase').waitFor({ timeout: UI_TIMEOUT_MS });
        await waitForCount(page, '[data-testid="gw-character"]', 2);
      },
    },
  },
  {
    game: 'dungeon-2d6',
    prepare: async (gm, [seat]) => {
      await commit(gm, { type: 'zone.add', name: 'Lamp hall' });
      await commit(gm, { type: 'character.add', name: 'Rin', controller: 'pc', owner: seat, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
    },
    act: {
      gm: async (page, gm) => {
        const roll = page.getByTestId('d6-gm-roll');
        await roll.getByTestId('d6-gm-roll-character').selectOption('ch1');
        await roll.getByTestId('d6-spec-kind').selectOption('action');
        await roll.getByTestId('d6-spec-target').fill('5');
        await roll.getByTestId('d6-gm-roll-submit').click();
        await gm.waitFor(() => gm.currentD6().checks.length === 1, 'gm: the GM’s check');
        await waitForCount(page, '[data-testid="d6-check"]', 1);
      },
      player: async (page, gm) => {
        await page.getByTestId('d6-roll-kind').selectOption('search');
        await page.getByTestId('d6-roll-submit').click();
        await gm.waitFor(() => gm.currentD6().checks.length === 2, 'gm: the player’s check');
        await waitForCount(page, '[data-testid="d6-check"]', 2);
      },
      spectator: (page) => waitForCount(page, '[data-testid="d6-check"]', 2),
    },
  },
];

/** The address bar must show the room and nothing of the link's token. */
async function expectBareAddress(page: Page, room: TestRoom): Promise<void> {
  const href = await page.evaluate(() => location.href);
  expect(href).toBe(`${stack.url}/r/${room.roomId}`);
}

/** Opens `url` on the page, checks it is `role`, taps every tab of the jump bar, reloads: the same viewer throughout. */
async function tapEveryTab(page: Page, room: TestRoom, url: string, role: Role): Promise<void> {
  await page.goto(url);
  const me = await whoIs(page);
  expect(me.role).toBe(role);
  await expectBareAddress(page, room);
  const sections = await tapJumpBar(page);
  expect(sections.length, `${role}: tabs in the jump bar`).toBeGreaterThanOrEqual(role === 'gm' ? 3 : 2);
  await page.reload();
  expect(await whoIs(page), `${role} after a reload`).toEqual(me);
  await expectBareAddress(page, room);
}

describe('browser · every tab of every table keeps the seat', () => {
  test.each(CASES.map((c) => [c.game, c] as const))('%s: GM, player and spectator tap every tab, reload, and act', async (game, c) => {
    const { room, seats, gm } = await tableRoom(stack, `Tabs of ${game}`, c.seats ?? ['Aiko'], { game, online: [] });
    await c.prepare?.(gm, seats);
    const links: [Role, string][] = [['gm', room.gmUrl], ['player', room.seats[0]!.url], ['spectator', room.spectatorUrl]];
    // One phone for the three: each new link for the same room replaces the token the tab kept.
    await withPages(stack.browser, `browser-tabs-${game}`, [{ url: room.gmUrl }], async ([page]) => {
      for (const [role, url] of links) {
        await tapEveryTab(page, room, url, role);
        await c.act[role](page, gm);
        expect(await whoIs(page), `${role} after acting`).toMatchObject({ role });
      }
    });
  }, 120_000);

  test('a room made on the home page: anchors, back and forward keep the seat; a tab without the token offers the remembered rooms', async () => {
    const { room } = await tableRoom(stack, 'Elsewhere', [], { online: [] });
    await withPages(stack.browser, 'browser-tabs-home', [{ url: room.spectatorUrl }], async ([page]) => {
      await page.goto(`${stack.url}/`);
      await page.getByTestId('room-title').fill('Lantern Inn');
      await page.getByTestId('room-game').selectOption('free-table');
      await page.getByTestId('room-create').click();
      await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/, { timeout: UI_TIMEOUT_MS });
      const gm = await whoIs(page);
      expect(gm.role).toBe('gm');
      const bare = await page.evaluate(() => location.href);
      expect(bare).not.toContain('#');
      const roomId = new URL(bare).pathname.split('/')[2]!;
      expect(await page.title()).toBe('Lantern Inn · Veiltable');

      // An in-page anchor, then a reload of that address: the tab's kept token still opens the GM's seat.
      await page.evaluate(() => (location.hash = 'feed'));
      expect(await whoIs(page)).toEqual(gm);
      await page.reload();
      expect(await whoIs(page)).toEqual(gm);
      // Back to the anchor-less entry, back to the home page, and forward again.
      await page.goBack();
      expect(await whoIs(page)).toEqual(gm);
      await page.goBack();
      await page.getByTestId('room-create').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.goForward();
      expect(await whoIs(page)).toEqual(gm);
      expect(await page.evaluate(() => location.href)).toBe(bare);

      // A tab of the same browser that kept no token (a new tab starts with an empty session storage, and the same
      // local storage): the page says so and offers the rooms made here; the GM's link opens the seat again.
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await page.getByTestId('no-token').waitFor({ timeout: UI_TIMEOUT_MS });
      const remembered = page.locator(`[data-testid="recent-room"][data-room="${roomId}"]`);
      expect(await remembered.innerText()).toContain('Lantern Inn');
      await remembered.getByRole('link').click();
      expect(await whoIs(page)).toEqual(gm);
      expect(await page.evaluate(() => location.href)).toBe(bare);
    });
  }, 120_000);

  test.each([
    ['ko-KR', '불러오는 중…'],
    ['ja-JP', '読み込み中…'],
    ['en-US', 'Loading…'],
  ])('before the script runs, the page shows a placeholder in the reader’s language (%s), allowed by the CSP', async (locale, text) => {
    const page = await stack.browser.newPage({ locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && /Content Security Policy/i.test(m.text()) && problems.push(m.text())));
    try {
      // A phone whose scripts have not arrived yet: the page is all it has.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${stack.url}/`);
      const boot = page.getByTestId('boot');
      await boot.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator('#boot-text').innerText()).toBe(text);
      expect(await boot.evaluate((el) => getComputedStyle(el.ownerDocument.documentElement).backgroundColor)).toBe('rgb(21, 20, 27)');
      const box = (await boot.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
      // Once the scripts come, the app takes the placeholder's place.
      await page.unroute('**/assets/*.js');
      await page.reload();
      await page.getByTestId('room-create').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('boot').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
