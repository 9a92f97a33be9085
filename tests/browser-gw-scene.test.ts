import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ARTIFACTS, browserStack, UI_TIMEOUT_MS, withPages } from './support/browser.ts';
import { gwRoom, gwView, masterSheet, register, servantSheet } from './support/gw-table.ts';
import { commit } from './support/session.ts';

// GW-FLOW-03 and GW-HIDE-D1 on a phone and a laptop: the GM adds the map's places and begins the scene; the servant
// declares on its 390 px phone in words (a place, then two short actions); the others declare and the scene locks;
// the GM walks S3 step by step from its console and ends the scene. The opposing player's socket never receives the
// servant's declaration, only that it declared.

const stack = browserStack({ database: 'postgres' });

describe('browser · grail war scenes', () => {
  test('a servant declares its scene on a phone; the GM resolves and ends it from the console; the opponent learns only that it declared', async () => {
    const { room, seats: [s1, s2, s3], gm, players: [master, foe] } = await gwRoom(stack, 'Fuyuki-scene', ['Saber', 'Rin', 'Bea'], [1, 2]);
    const saberId = await register(gm, s1, null, servantSheet('Saber'));
    const rinId = await register(gm, s2, saberId, masterSheet('Rin'));
    await register(gm, s3, null, servantSheet('Lancer'));

    await withPages(stack.browser, 'browser-gw-scene', [{ url: room.gmUrl, laptop: true }, { url: room.seats[0]!.url }], async ([desk, phone]) => {
      await desk.getByTestId('gw-scene-open').click();
      for (const name of ['church', 'harbour']) {
        await desk.getByTestId('gw-place-name').fill(name);
        await desk.getByTestId('gw-place-add').click();
        await gm.waitFor(() => gwView(gm).campaign.places.some((p) => p.name === name), `gm: place ${name}`);
        // The page has its answer too: the field it cleared is ready for the next name.
        await expect.poll(() => desk.getByTestId('gw-place-name').inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('');
      }
      await desk.getByTestId('gw-scene-begin').click();

      // The phone: a place and two short actions, chosen by their names.
      const form = phone.getByTestId('gw-declare-form');
      await form.waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.getByTestId('gw-declare-form-place').selectOption({ label: 'harbour' });
      await phone.getByTestId('gw-declare-form-first').selectOption('search');
      await phone.getByTestId('gw-declare-form-second').selectOption('rest');
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-gw-scene-1-declare.png'), fullPage: true });
      await phone.getByTestId('gw-declare-form-send').click();
      await phone.getByTestId('gw-declare-mine').filter({ hasText: 'harbour' }).waitFor({ timeout: UI_TIMEOUT_MS });
      // The phone fits its width: nothing scrolls sideways on 390 px.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The master sees its servant's declaration (HIDE-F19 partner); the others declare and the scene locks.
      await master.waitFor(() => gwView(master).campaign.declarations?.entries.find((e) => e.character === saberId)?.answer?.place === 'p2', 'master: the servant declared');
      await commit(master, { type: 'scene.declare', decl: { place: 'p2', plan: { length: 'long', action: 'rest' } } });
      await commit(foe, { type: 'scene.declare', decl: { place: 'p1', plan: { length: 'short', first: 'search', second: 'search' } } });
      await gm.waitFor(() => gwView(gm).campaign.step === 'resolve', 'gm: the scene locked');
      await phone.getByText(/locked|잠겼|締め切/).first().waitFor({ timeout: UI_TIMEOUT_MS });

      // The console lists every declaration for the GM, then walks S3 in order.
      await desk.getByTestId('gw-console-declared').filter({ hasText: 'harbour' }).waitFor({ timeout: UI_TIMEOUT_MS });
      for (let step = 1; step <= 6; step += 1) {
        if (step === 3) {
          await desk.getByTestId('gw-resolve-note').fill('They meet at the pier.');
          await desk.getByText(/Everyone reads the note|모두에게 공개|全員に公開/).click();
        }
        await desk.getByTestId('gw-scene-resolve').click();
        await gm.waitFor(() => gwView(gm).campaign.resolveStep !== ['moves', 'firstHalf', 'encounters', 'battles', 'secondHalf', 'special'][step - 1], `gm: S3 step ${step} resolved`);
      }
      await desk.screenshot({ path: join(ARTIFACTS, 'browser-gw-scene-2-console.png'), fullPage: true });
      await desk.getByTestId('gw-scene-end').click();
      await gm.waitFor(() => gwView(gm).campaign.half === 'night', 'gm: the Night scene is next');
      // The timeline names the steps left to the GM; the public note reached the phone.
      await phone.locator('[data-testid="tl-event"][data-type="scene.ended"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.locator('[data-testid="tl-event"][data-type="scene.resolved"]').filter({ hasText: 'They meet at the pier.' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await phone.screenshot({ path: join(ARTIFACTS, 'browser-gw-scene-3-ended.png'), fullPage: true });
    });

    // GW-HIDE-D1: the opponent's socket got "Saber declared" and a commitment, never the place or the actions.
    const frames = JSON.stringify(foe.frames);
    expect(frames).not.toContain('{"place":"p2"');
    const saberEntries = foe.views.map((v) => (v.view as ReturnType<typeof gwView>).campaign?.declarations?.entries.find((e) => e.character === saberId));
    expect(saberEntries.some((e) => e?.answer !== undefined)).toBe(false);
    expect(saberEntries.some((e) => e?.declared === true)).toBe(true);
    // The master's own declaration stayed with it until the scene ended (the next scene starts with none).
    const rinAnswers = master.views.map((v) => (v.view as ReturnType<typeof gwView>).campaign?.declarations?.entries.find((e) => e.character === rinId)?.answer);
    expect(rinAnswers).toContainEqual({ place: 'p2', plan: { length: 'long', action: 'rest' } });
    expect(gwView(master).campaign.declarations).toBeNull();
  }, 120_000);
});
