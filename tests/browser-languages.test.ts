import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserStack, phonePage, UI_TIMEOUT_MS, waitOnline } from './support/browser.ts';
import { cotCharacter, cotSetupFor, characterOf } from './support/cot-table.ts';
import { masterSheet, NO_PREPARATION, servantSheet, slotsSeen, startBattle, waitingPlan } from './support/gw-table.ts';
import type { RecordingClient } from './support/recording-client.ts';
import { screenChecker, type Checker, type ScreenLang } from './support/screen-language.ts';
import { openEveryPanel, switchLanguage, visibleStrings, vocabularies } from './support/screen-text.ts';
import { commit } from './support/session.ts';
import { tableRoom } from './support/table-room.ts';

// The issue's words: "A test walks every screen of every room type in each language and fails on strings that are
// not in that language's dictionary (keys, English words on a ko screen)"; "A Korean screen is Korean throughout
// (rule terms may keep their original term beside the translation)". Each room type is set up over sockets in the
// phases where its panels differ; the GM's, a player's and the spectator's phones open each phase, and in ko, ja
// and en every panel and timeline tab is read.

const stack = browserStack({ database: 'pglite' });
const LANGS: readonly ScreenLang[] = ['ko', 'ja', 'en'];

/** Everything the test itself puts on a table: none of it is the app's to translate. */
const SEATS = ['Aiko', 'Bruno'] as const;
const CHAT = 'Lanterns lit, door barred';
const PLANTED = [...SEATS, CHAT, 'Off we go', 'Psst', 'Bruno’s twin', 'Hooded stranger', 'Night watch', 'Saber', 'Lancer', 'Saber true', 'Lancer true', 'Rin', 'Ogre', 'Lamp hall', 'Sleep where?', 'By the fire', 'In the cart'];

/** Does what the room refuses, and waits for a refusal on the page that was not there before. */
async function refusal(page: Page, act: () => Promise<void>): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('[data-testid="rejection"]').forEach((el) => el.setAttribute('data-shown-before', '')));
  await act();
  await page.locator('[data-testid="rejection"]:not([data-shown-before])').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** A refusal any room shows: the player's line asks for more dice than BCDice rolls at once. */
async function refusedRoll(page: Page, role: Role): Promise<void> {
  if (role !== 'player') return;
  await refusal(page, async () => {
    await page.getByTestId('composer-input').fill('10001D6');
    await page.getByTestId('composer-send').click();
  });
}

type Sockets = { gm: RecordingClient; players: readonly RecordingClient[]; seats: readonly string[] };
/** A phase of a room: what brings the room there, and what the pages do there before they are read. */
type Phase = { name: string; enter?: (s: Sockets) => Promise<void>; onPage?: (page: Page, role: Role) => Promise<void> };
type Role = 'gm' | 'player' | 'spectator';
type GameCase = { game: string; phases: Phase[] };

/**
 * The talk every room shares, so the characters panel and each timeline tab have something to show: a character of
 * a player's and an NPC with a palette, a line in each channel, a whisper, a secret roll.
 */
async function tableTalk({ gm, players: [p1, p2] }: Sockets): Promise<void> {
  await commit(p2!, { type: 'cast.add', name: 'Bruno’s twin' });
  await commit(gm, { type: 'cast.add', name: 'Hooded stranger' });
  await commit(gm, { type: 'cast.palette', character: 'gm.c1', lines: ['CCB<=70', '2D6>=8'] });
  await commit(p1!, { type: 'chat.send', to: { kind: 'all' }, channel: 'main', text: CHAT });
  await commit(p2!, { type: 'chat.send', to: { kind: 'all' }, channel: 'other', text: 'Off we go' });
  await commit(p1!, { type: 'chat.send', to: { kind: 'gm' }, text: 'Psst' });
  await commit(p1!, { type: 'roll', expr: '2D6>=8', visibility: 'gm' });
}

const CASES: GameCase[] = [
  {
    game: 'free-table',
    phases: [
      { name: 'set-up', enter: tableTalk, onPage: refusedRoll },
      {
        name: 'a sealed declaration open',
        enter: async ({ gm, players: [p1], seats }) => {
          await commit(gm, { type: 'decl.open', prompt: 'Sleep where?', kind: 'text', seats: [...seats] });
          await commit(p1!, { type: 'decl.answer', decl: gm.current().declarations.at(-1)!.id, answer: { kind: 'text', text: 'By the fire' } });
        },
      },
      {
        name: 'after the reveal',
        enter: async ({ gm, players: [, p2] }) => {
          const decl = gm.current().declarations.at(-1)!.id;
          const answered = await commit(p2!, { type: 'decl.answer', decl, answer: { kind: 'text', text: 'In the cart' } });
          await gm.waitForSeq(answered.seq);
          if (gm.current().declarations.at(-1)!.status !== 'revealed') await commit(gm, { type: 'decl.reveal', decl });
        },
      },
    ],
  },
  {
    game: 'call-of-t',
    phases: [
      { name: 'set-up', enter: tableTalk, onPage: refusedRoll },
      {
        name: 'a sealed declaration open',
        enter: async ({ gm, players: [p1], seats }) => {
          const characters = seats.map((seat, i) => cotCharacter(SEATS[i]!, seat, { initialHand: 3 }));
          await commit(gm, { type: 'cot.setup', setup: cotSetupFor(characters) });
          await p1!.waitForSeq(gm.lastSeq!);
          const id = characterOf(p1!.currentCot(), seats[0]!);
          // 黙祷 rolls a check at the reveal: the log then names what it was for.
          await commit(p1!, { type: 'cot.inv.declare', character: id, action: { kind: 'prayer' } });
          await commit(p1!, { type: 'cot.inv.lock', character: id });
        },
      },
      {
        name: 'after the reveal',
        enter: async ({ gm, players: [, p2], seats }) => {
          await p2!.waitForSeq(gm.lastSeq!);
          const id = characterOf(p2!.currentCot(), seats[1]!);
          await commit(p2!, { type: 'cot.inv.declare', character: id, action: { kind: 'none' } });
          await commit(p2!, { type: 'cot.inv.lock', character: id });
        },
      },
    ],
  },
  {
    game: 'grail-war',
    phases: [
      {
        name: 'set-up',
        enter: async (sockets) => {
          const { gm, seats: [s1, s2] } = sockets;
          await tableTalk(sockets);
          await commit(gm, { type: 'options.set', options: { spectatorVisibility: 'battlesAfterReveal' } });
          await commit(gm, { type: 'character.register', id: 'saber', seat: s1!, partner: null, sheet: servantSheet('Saber') });
          await commit(gm, { type: 'character.register', id: 'lancer', seat: s2!, partner: null, sheet: servantSheet('Lancer') });
        },
      },
      {
        name: 'a sealed plan open',
        enter: async ({ gm, players: [p1, p2] }) => {
          await startBattle(gm, [{ character: 'saber', side: 'A' }, { character: 'lancer', side: 'B' }]);
          for (const p of [p1!, p2!]) await commit(p, { type: 'battle.prepare', decl: NO_PREPARATION });
          await commit(p2!, { type: 'battle.submit', plan: waitingPlan(['saber']) });
        },
        // GW-BATTLE-01: no sheet changes in battle; the player's phone shows the refusal.
        onPage: async (page, role) => {
          if (role !== 'player') return;
          await refusal(page, () => page.getByTestId('gw-sheet-save').first().click());
        },
      },
      {
        name: 'after the reveal, in battle',
        enter: async ({ gm, players: [p1] }) => {
          await commit(p1!, { type: 'battle.submit', plan: waitingPlan(['lancer']) });
          await gm.waitFor(() => slotsSeen(gm).length === 5, 'gm: five slots resolved');
        },
      },
    ],
  },
  {
    game: 'dungeon-2d6',
    phases: [
      {
        name: 'set-up',
        enter: async (sockets) => {
          const { gm, seats: [s1] } = sockets;
          await tableTalk(sockets);
          await commit(gm, { type: 'zone.add', name: 'Lamp hall' });
          await commit(gm, { type: 'character.add', name: 'Rin', controller: 'pc', owner: s1!, zone: 'z1', base: { VAL: 2, AGI: 3, SPI: 1 }, hp: 10, maxHp: 10 });
          await commit(gm, { type: 'character.add', name: 'Ogre', controller: 'enemy', side: 'enemies', zone: 'z1', base: { VAL: 4, AGI: 1, SPI: 0 }, hp: 30, maxHp: 30 });
        },
        onPage: refusedRoll,
      },
      {
        name: 'a check rolled, an attack open',
        enter: async ({ gm, players: [p1] }) => {
          await commit(p1!, { type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI', target: 20, targetVisible: true } });
          await commit(gm, { type: 'attack.declare', attacker: 'ch2', targets: ['ch1'], mode: 'melee' });
        },
      },
    ],
  },
];

/** One problem: where it was seen, the string and what is wrong with it. */
type Finding = { screen: string; lang: ScreenLang; text: string; problems: string[] };

/** The findings, one line per string and language, with the first screen it was seen on. */
function report(findings: readonly Finding[]): string {
  const lines = new Map<string, string[]>();
  for (const f of findings) {
    const line = `[${f.lang}] “${f.text}”: ${f.problems.join('; ')}`;
    lines.set(line, [...(lines.get(line) ?? []), f.screen]);
  }
  return [...lines].map(([line, screens]) => `${line} (on ${screens[0]}${screens.length > 1 ? ` and ${screens.length - 1} more` : ''})`).join('\n');
}

/**
 * Reads the page in each language, with every panel open and every timeline tab shown in turn; returns how many
 * strings it read in the last language and how many timeline tabs it showed, so a screen that drew nothing shows up.
 */
async function readScreen(
  page: Page,
  screen: string,
  checkers: Record<ScreenLang, Checker>,
  findings: Finding[],
  /** What the page does in each language before it is read (a refusal's toast fades, so it is shown anew). */
  act?: () => Promise<void>,
): Promise<{ strings: number; tabs: number }> {
  let read = { strings: 0, tabs: 0 };
  for (const lang of LANGS) {
    await switchLanguage(page, lang, UI_TIMEOUT_MS);
    await act?.();
    await openEveryPanel(page);
    await openEveryPanel(page);
    const strings = new Set(await visibleStrings(page));
    const tabs = page.getByTestId('tl-tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      for (const s of await visibleStrings(page, '[data-testid="timeline"]')) strings.add(s);
    }
    for (const s of strings) {
      const problems = checkers[lang](s);
      if (problems.length) findings.push({ screen, lang, text: s, problems });
    }
    read = { strings: strings.size, tabs: await tabs.count() };
  }
  return read;
}

/** Opens a phone page on a link, online and with its table drawn. */
async function openTable(browser: Browser, url: string): Promise<Page> {
  const page = await phonePage(browser);
  await page.goto(url);
  await waitOnline(page);
  await page.locator('nav.room-jump button').first().waitFor({ timeout: UI_TIMEOUT_MS });
  return page;
}

async function checkersFor(): Promise<Record<ScreenLang, Checker>> {
  const vocab = await vocabularies(PLANTED);
  return { ko: screenChecker(vocab.ko), ja: screenChecker(vocab.ja), en: screenChecker(vocab.en) };
}

describe('browser · every screen in ko, ja and en', () => {
  test('the home page: creating a room, the recent rooms', async () => {
    const checkers = await checkersFor();
    const findings: Finding[] = [];
    const page = await phonePage(stack.browser);
    try {
      await page.goto(stack.url);
      await readScreen(page, 'home', checkers, findings);
      // A room created here is listed on the home page.
      await page.getByTestId('room-title').fill('Night watch');
      await page.getByTestId('room-create').click();
      await page.waitForURL(/\/r\//, { timeout: UI_TIMEOUT_MS });
      await waitOnline(page);
      await page.goto(stack.url);
      await page.getByTestId('recent-room').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await readScreen(page, 'home with a recent room', checkers, findings);
      // On another device (no token kept for the tab): a room's address without its link's token, and a link the
      // room refuses. The notices, in words.
      const roomPath = `/r/${await page.getByTestId('recent-room').first().getAttribute('data-room')}`;
      for (const [screen, address, shown] of [
        ['a room without its token', roomPath, '[data-testid="no-token"]'],
        ['a room refusing its link', `${roomPath}#t=not-a-token`, '.notice.bad'],
      ] as const) {
        const other = await phonePage(stack.browser);
        try {
          await other.goto(`${stack.url}${address}`);
          await other.locator(shown).waitFor({ timeout: UI_TIMEOUT_MS });
          await readScreen(other, screen, checkers, findings);
        } finally {
          await other.close();
        }
      }
    } finally {
      await page.close();
    }
    expect(findings, report(findings)).toEqual([]);
  }, 60_000);

  test.each(CASES)('$game: the GM’s, a player’s and the spectator’s phone in each phase', async ({ game, phases }) => {
    const checkers = await checkersFor();
    const findings: Finding[] = [];
    const { room, seats, gm, players } = await tableRoom(stack, 'Night watch', SEATS, { game, online: [0, 1] });
    const links: [Role, string][] = [['gm', room.gmUrl], ['player', room.seats[0]!.url], ['spectator', room.spectatorUrl]];
    for (const phase of phases) {
      await phase.enter?.({ gm, players, seats });
      for (const [role, url] of links) {
        const page = await openTable(stack.browser, url);
        try {
          const act = phase.onPage;
          const read = await readScreen(page, `${game} · ${phase.name} · ${role}`, checkers, findings, act && (() => act(page, role)));
          expect(read.strings, `${game} · ${phase.name} · ${role}: strings read`).toBeGreaterThan(20);
          expect(read.tabs, `${game} · ${phase.name} · ${role}: timeline tabs`).toBeGreaterThan(1);
          // The panels the screen was read with: the characters on every phone, the invitations on the GM's.
          expect(await page.getByTestId('characters-panel').isVisible(), `${game} · ${phase.name} · ${role}: characters panel`).toBe(true);
          if (role === 'gm') expect(await page.getByTestId('invite-panel').isVisible(), `${game} · ${phase.name}: invite panel`).toBe(true);
        } finally {
          await page.close();
        }
      }
    }
    expect(findings, report(findings)).toEqual([]);
  }, 150_000);
});
