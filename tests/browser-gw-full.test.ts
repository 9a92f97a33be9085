import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { GwSheet } from '@veiltable/protocol/games/grail-war';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { batchRevealed, gwRoom, gwView, masterSheet, register, servantSheet, slotsSeen } from './support/gw-table.ts';
import { RecordingClient } from './support/recording-client.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { commit } from './support/session.ts';

// Issue 4, done when: two pairs of players fight a full Grail War battle in browsers under 001 and under 000 with
// nothing leaked. A GM on a laptop starts the battle and forces a reveal; four phones (two masters, two servants) go
// through the pre-battle step (GW-BATTLE-08), fill and lock their batches (GW-BATTLE-10) and answer the seal window
// (GW-BATTLE-11) until the battle ends (GW-BATTLE-20/21); a spectator's phone watches. Sockets beside the pages, one
// per viewer, record every frame the server sends that viewer, and the frames are searched for planted secrets (§17).

const stack = browserStack({ database: 'postgres' });

type Version = '001' | '000';
type Who = 'sa' | 'ma' | 'sb' | 'mb';
const SIDE = { sa: 'Red', ma: 'Red', sb: 'Blue', mb: 'Blue' } as const satisfies Record<Who, string>;
/** Each servant's five judgments per batch against the other servant; 'np' is its own Noble Phantasm. */
const PLANS = {
  sa: [['smash', 'np', 'counter', 'wait', 'rush'], ['smash', 'smash', 'critical', 'wait', 'wait']],
  sb: [['rush', 'wait', 'smash', 'defense', 'critical'], ['counter', 'np', 'rush', 'wait', 'wait']],
} as const;

/** STR B, one defense card, an NP and an attack bonus whose id, name and source are planted strings. */
function fighter(alias: string, trueName: string, np: { id: string; name: string }, bonus: string): GwSheet {
  return servantSheet(alias, {
    trueName, stats: { str: 'B', end: 'C', agi: 'C', mag: 'D', luk: 'D', np: 'C' }, defense: { cards: 1, value: null },
    noblePhantasms: [{ ...np, npType: 'antiPersonnel', mode: 'trueNameRelease', hpDamage: 6, mpDamage: 0, mpCost: 4, cards: 1 }],
    attackBonuses: [{ source: bonus, amount: 1, kinds: ['smash'] }], merit: 6,
  });
}

/** The hits of one batch as a socket was told them (its log lines): who dealt each, and its breakdown steps (null when not told). */
function toldHits(client: RecordingClient, batch: number): { attacker: string; steps: string[] | null }[] {
  return slotsSeen(client)
    .filter((e) => e.record.batch === batch)
    .flatMap((e) => e.record.hits.map((h) => ({ attacker: h.attacker, steps: h.steps?.map((x) => x.step) ?? null })));
}

/**
 * Waits until a page's timeline shows a line for every slot result its socket was told, each with a damage breakdown
 * (in brackets) exactly where it was told one, and returns those lines' text.
 */
async function slotLinesShown(page: Page, client: RecordingClient): Promise<string[]> {
  const told = slotsSeen(client);
  const seqs = told.map((e) => e.seq);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="tl-event"][data-type="slot.resolved"]').length >= n, seqs.length, { timeout: UI_TIMEOUT_MS });
  const shown = await page.locator('[data-testid="tl-line"]').evaluateAll((els) =>
    els.filter((el) => el.querySelector('[data-type="slot.resolved"]')).map((el) => ({ seq: Number(el.getAttribute('data-seq')), text: (el as HTMLElement).innerText })),
  );
  expect(shown.map((l) => l.seq)).toEqual(seqs);
  expect(shown.map((l) => l.text.includes('['))).toEqual(told.map((e) => e.record.hits.some((h) => (h.steps?.length ?? 0) > 0)));
  return shown.map((l) => l.text);
}

/** Fills a phone's five slots (the first `cards`, the rest left at 대기) and locks the batch in (GW-BATTLE-10). */
async function lockPlan(page: Page, cards: readonly string[]): Promise<void> {
  await page.getByTestId('gw-plan').waitFor({ timeout: UI_TIMEOUT_MS });
  for (const [i, card] of cards.entries()) await page.locator(`[data-testid="gw-slot"][data-slot="${i + 1}"]`).selectOption(card);
  await page.getByTestId('gw-lock').click();
  // The last plan in reveals the batch at once, so the form may give way to the seal window rather than to "locked".
  await page.getByTestId('gw-plan').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

async function fight(version: Version): Promise<void> {
  const title = `Grail War full ${version}`;
  const { room, seats, gm, players } = await gwRoom(stack, title, ['Aki', 'Bea', 'Cid', 'Dai'], [0, 1, 2, 3]);
  const [s1, s2, s3, s4] = seats;
  const spec = new RecordingClient(stack.url, room.spectatorToken, `${title}: spectator`);
  stack.sockets.push(spec);
  await spec.connect();
  const socketOf: Record<Who, RecordingClient> = { sa: players[0], ma: players[1], sb: players[2], mb: players[3] };

  // Planted secrets (§17): true names (F01), NP ids and names and attack-bonus sources (F04) are their side's only;
  // an NP id becomes public to the players when its judgment is revealed (F28), and to a spectator only under
  // `battlesAfterReveal`. The alias is public to the players: the control that the recording sees the table.
  const watchers = version === '000' ? ['spectator'] : [];
  const sideA: ViewerKey[] = ['gm', s1, s2];
  const sideB: ViewerKey[] = ['gm', s3, s4];
  const players4: ViewerKey[] = ['gm', s1, s2, s3, s4, ...watchers];
  const { plants, planted } = plantBook();
  const aliasA = planted('ALIAS-A', players4);
  const secretsA = { trueName: planted('TRUENAME-A', sideA), np: { id: planted('NPID-A', sideA), name: planted('NPNAME-A', sideA) }, bonus: planted('BONUS-A', sideA) };
  const secretsB = { trueName: planted('TRUENAME-B', sideB), np: { id: planted('NPID-B', sideB), name: planted('NPNAME-B', sideB) }, bonus: planted('BONUS-B', sideB) };
  const npKey = { sa: `np:${secretsA.np.id}`, sb: `np:${secretsB.np.id}` };

  // The sheets go in over the GM's socket: the sheet form would take dozens of fields per character (the form has
  // its own tests). Both servants stand through the default two batches (GW-BATTLE-09), so the battle ends when the
  // last batch is done and the side that dealt more damage wins (GW-BATTLE-20 (c), 21 (c)).
  // The engine names each character as it registers (c1, c2, …).
  const idSa = await register(gm, s1, null, fighter(aliasA, secretsA.trueName, secretsA.np, secretsA.bonus));
  const idMa = await register(gm, s2, idSa, masterSheet('Master A', { merit: 4 }));
  const idSb = await register(gm, s3, null, fighter('Lancer', secretsB.trueName, secretsB.np, secretsB.bonus));
  const idMb = await register(gm, s4, idSb, masterSheet('Master B', { merit: 4 }));
  const id: Record<Who, string> = { sa: idSa, ma: idMa, sb: idSb, mb: idMb };
  const whoIs = (character: string) => (Object.keys(id) as Who[]).find((w) => id[w] === character)!;
  // Saber's master knows something about Lancer: Saber's damage gains an information term the GM alone sees split out.
  await commit(gm, { type: 'knowledge.set', entry: { knower: idSa, target: idSb, total: 6, believed: 2, classKnown: true, failedGuess: false, trueNameKnown: false } });

  const revealSeqs: number[] = [];
  const links = [
    { url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }, { url: room.seats[1]!.url }, { url: room.seats[2]!.url }, { url: room.seats[3]!.url },
    { url: room.spectatorUrl },
  ] as const;
  await withPages(stack.browser, `browser-gw-full-${version}`, links, async ([desk, sa, ma, sb, mb, watch]) => {
    const phone: Record<Who, Page> = { sa, ma, sb, mb };
    const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `browser-gw-full-${version}-${name}.png`), fullPage: true });

    if (version === '000') {
      // GW-META-01: the GM's options editor turns the room to 000 with its preset; spectators follow battles after
      // each reveal (HIDE-F28 `opt:spectatorVisibility`).
      await desk.getByTestId('gw-opt-open').click();
      const form = desk.getByTestId('gw-options');
      await form.locator('[data-testid="gw-opt-preset"][data-version="000"]').click();
      await form.locator('#gwopt-spectatorVisibility').selectOption('battlesAfterReveal');
      await form.getByTestId('gw-opt-save').click();
      await gm.waitFor(() => gwView(gm).options.rulesVersion === '000' && gwView(gm).options.spectatorVisibility === 'battlesAfterReveal', 'gm: 000 saved');
      await desk.getByTestId('gw-opt-open').click();
    }
    expect(gwView(gm).options.rulesVersion).toBe(version);

    // GW-BATTLE-02: the GM puts each master on its servant's side, masters in the back row, and starts the battle.
    for (const who of ['sa', 'ma', 'sb', 'mb'] as const) {
      await desk.locator(`[data-testid="gw-start-row"][data-character="${id[who]}"] [data-testid="gw-start-side"]`).fill(SIDE[who]);
    }
    await desk.getByTestId('gw-start-go').click();
    await gm.waitFor(() => gwView(gm).battle?.phase === 'prebattle', 'gm: pre-battle step open');

    // GW-BATTLE-08 / HIDE-D3: each phone locks its pre-battle step; a spectator sees no sealed step (F29).
    for (const who of ['sa', 'ma', 'sb', 'mb'] as const) {
      await phone[who].getByTestId('gw-prebattle-lock').click();
      await phone[who].getByTestId('gw-locked').or(phone[who].getByTestId('gw-plan')).first().waitFor({ timeout: UI_TIMEOUT_MS });
    }
    await gm.waitFor(() => gwView(gm).battle?.phase === 'submit', 'gm: batch 1 open');
    expect(await watch.getByTestId('gw-sealed').count()).toBe(0);
    // HIDE-F26: each servant's phone shows its own pool, its NP among the cards.
    expect(await sa.locator(`[data-testid="gw-pool-card"][data-key="${npKey.sa}"]`).count()).toBe(1);
    expect(await sb.locator(`[data-testid="gw-pool-card"][data-key="${npKey.sb}"]`).count()).toBe(1);

    let infoSeen = false;
    for (const [i, batch] of [1, 2].entries()) {
      await gm.waitFor(() => gwView(gm).battle?.phase === 'submit' && gwView(gm).battle?.batch === batch, `gm: batch ${batch} open`);
      const cards = (who: 'sa' | 'sb') => PLANS[who][i]!.map((c) => (c === 'np' ? npKey[who] : c));
      await lockPlan(sa, cards('sa'));
      await lockPlan(ma, []);

      // GW-HIDE-F27 / F26: before the reveal Lancer's phone sees only that Saber sealed (a commitment), never what,
      // nor Saber's pool; the spectator's phone sees no sealed step at all.
      await sb.locator('[data-testid="gw-sealed"] li[data-declared="true"]').nth(1).waitFor({ timeout: UI_TIMEOUT_MS });
      const sbHtml = await sb.content();
      for (const secret of [secretsA.trueName, secretsA.np.name, secretsA.bonus, ...(batch === 1 ? [secretsA.np.id] : [])]) expect(sbHtml).not.toContain(secret);
      expect(await sb.locator(`[data-testid="gw-pool-card"][data-key="${npKey.sa}"]`).count()).toBe(0);
      expect(slotsSeen(socketOf.sb).filter((e) => e.record.batch === batch)).toEqual([]);
      expect(await watch.getByTestId('gw-sealed').count()).toBe(0);
      if (batch === 1) await shot(sb, '1-opponent-before-reveal');

      await lockPlan(sb, cards('sb'));
      const saHtml = await sa.content();
      for (const secret of [secretsB.trueName, secretsB.np.name, secretsB.bonus, secretsB.np.id]) expect(saHtml).not.toContain(secret);

      if (batch === 1) {
        // GW-HIDE-04: Master B never locks batch 1; the GM forces the reveal and the missing plan counts as 대기.
        await desk.getByTestId('gw-force').click();
      } else {
        await lockPlan(mb, []);
      }

      // GW-BATTLE-11 / HIDE-D5: both masters stand in the battle, so the sealed window opens after the reveal. Master A puts
      // 절대 방어 on slot 5 in batch 1; Master B passes.
      await gm.waitFor(() => gwView(gm).battle?.phase === 'window', `gm: window ${batch}`);
      const reveal = batchRevealed(gm, batch);
      expect(reveal, `batch ${batch} revealed`).toBeDefined();
      revealSeqs.push(reveal!.seq);
      await ma.getByTestId('gw-window').waitFor({ timeout: UI_TIMEOUT_MS });
      if (batch === 1) {
        await ma.locator('[data-testid="gw-window-use"][data-seal="absoluteDefense"]').check();
        await ma.getByTestId('gw-window-absolute-slot').selectOption('5');
        await shot(ma, '2-seal-window');
      }
      await ma.getByTestId('gw-window-lock').click();
      await mb.getByTestId('gw-window-lock').click();
      await gm.waitFor(() => slotsSeen(gm).length >= 5 * batch || gwView(gm).battle?.phase === 'ended', `gm: batch ${batch} resolved`);
      const resolved = slotsSeen(gm).length;
      expect(resolved).toBeGreaterThan(5 * i);
      await Promise.all([...Object.values(socketOf), spec].map((c) => c.waitForSeq(gm.lastSeq!)));

      // GW-HIDE-03 / F12 after the reveal: the attacker's side is told its breakdown without the information term,
      // the other side only the final amounts, the GM every term; a spectator never a breakdown. Each page's
      // timeline shows a line for every slot result its viewer was told.
      const truth = toldHits(gm, batch);
      const gmLines = await slotLinesShown(desk, gm);
      expect(gmLines).toHaveLength(resolved);
      infoSeen ||= truth.some((h) => h.attacker === idSa && h.steps?.includes('info'));
      for (const who of ['sa', 'ma', 'sb', 'mb'] as const) {
        expect(await slotLinesShown(phone[who], socketOf[who])).toHaveLength(resolved);
        const hits = toldHits(socketOf[who], batch);
        expect(hits.map((h) => h.attacker)).toEqual(truth.map((h) => h.attacker));
        for (const [k, h] of hits.entries()) {
          const own = SIDE[whoIs(h.attacker)] === SIDE[who];
          if (own) expect(h.steps, `${who} sees ${h.attacker}'s breakdown`).toEqual(truth[k]!.steps!.filter((s) => s !== 'info'));
          else expect(h.steps, `${who} sees no breakdown of ${h.attacker}'s hit`).toBeNull();
        }
      }
      if (version === '000') {
        expect(await slotLinesShown(watch, spec)).toHaveLength(resolved);
        expect(toldHits(spec, batch).map((h) => h.steps)).toEqual(truth.map(() => null));
      } else {
        expect(slotsSeen(spec)).toEqual([]);
        expect(await watch.locator('[data-testid="tl-event"][data-type="slot.resolved"]').count()).toBe(0);
      }
      if (batch === 1) await shot(sa, '3-results');
      if (gwView(gm).battle!.phase === 'ended') break;
    }
    expect(infoSeen, 'the GM saw an information term in Saber\'s damage').toBe(true);

    // GW-BATTLE-20 / 21: the battle is over and every page shows the end and the winner.
    await gm.waitFor(() => gwView(gm).battle?.phase === 'ended', 'gm: battle over');
    const end = gwView(gm).battle!;
    expect(end.endReason).toBe('batchesDone');
    expect(end.winner).toBe(SIDE.sa);
    const showing = version === '000' ? [desk, sa, ma, sb, mb, watch] : [desk, sa, ma, sb, mb];
    for (const page of showing) await page.getByTestId('gw-ended').filter({ hasText: end.winner! }).waitFor({ timeout: UI_TIMEOUT_MS });
    // HIDE-F28 / F32 under 001: the spectator's phone shows no battle at all.
    if (version === '001') expect(await watch.getByTestId('gw-phase').count()).toBe(0);
    for (const page of [sb, watch]) for (const s of [secretsA.trueName, secretsA.np.name, secretsA.bonus]) expect(await page.content()).not.toContain(s);
    for (const page of [sa, watch]) for (const s of [secretsB.trueName, secretsB.np.name, secretsB.bonus]) expect(await page.content()).not.toContain(s);
    await shot(sb, '4-ended');
    await shot(watch, '5-spectator');
  });

  // Every frame of every viewer's socket, the whole battle long (§17): an NP id reaches the other players (and a
  // following spectator) only from its reveal on.
  const [npA, npB] = [plants.find((p) => p.label === 'NPID-A')!, plants.find((p) => p.label === 'NPID-B')!];
  Object.assign(npA, { after: players4, revealSeq: revealSeqs[0] });
  Object.assign(npB, { after: players4, revealSeq: revealSeqs[1] });
  const last = gm.lastSeq!;
  await Promise.all([...Object.values(socketOf), spec].map((c) => c.waitForSeq(last)));
  const byViewer = new Map<ViewerKey, RecordingClient[]>([['gm', [gm]], [s1, [socketOf.sa]], [s2, [socketOf.ma]], [s3, [socketOf.sb]], [s4, [socketOf.mb]], ['spectator', [spec]]]);
  const report = auditFrames(byViewer, plants);
  expect(report.leaks).toEqual([]);
  expect(report.missing).toEqual([]);
  for (const c of [gm, ...Object.values(socketOf), spec]) {
    expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
    expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
  }
}

describe('browser · grail war full battle', () => {
  test('001 (default): GM laptop, four phones and a spectator fight two batches with a forced reveal and a seal; nothing leaks (GW-BATTLE-08..21, GW-HIDE-03/04, F26–F28)', async () => {
    await fight('001');
  }, 180_000);

  test('000 via the options preset: the same battle, the spectator following reveals without breakdowns; nothing leaks (GW-META-01, GW-HIDE-03, F28)', async () => {
    await fight('000');
  }, 180_000);
});
