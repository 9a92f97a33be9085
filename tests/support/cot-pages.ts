import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { distance, orthogonalNeighbours, stepToward } from '@veiltable/engine/games/call-of-t';
import type { CotPlan, CotView } from '@veiltable/protocol/games/call-of-t';
import { UI_TIMEOUT_MS } from './browser.ts';
import type { RecordingClient } from './recording-client.ts';

/** The lines of one Call of <T> event type in a page's timeline, optionally only those holding `text`. */
export function timelineEvents(page: Page, type: string, text?: string) {
  const lines = page.locator(`[data-testid="timeline"] [data-testid="tl-event"][data-type="${type}"]`);
  return text === undefined ? lines : lines.filter({ hasText: text });
}

/** A player at a Call of <T> table: the phone it plays on, a socket watching beside it, its seat and character. */
export type CotSeatPage = { page: Page; socket: RecordingClient; seat: string; character: string };

type ActionKind = 'scout' | 'prayer' | 'resonance' | 'none';

/** What each player declares in a cycle, in turn; a targeted action falls back to 黙祷 when it has no target. */
const ROTATION: readonly (readonly ActionKind[])[] = [
  ['scout', 'prayer', 'scout', 'resonance'],
  ['prayer', 'resonance', 'scout', 'none'],
];

/** Every click that reaches the server in one game; far above what fourteen cycles take. */
const MAX_ACTIONS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays a Call of <T> room through its pages only: players declare, lock in, decide and record on their phones;
 * the GM forces, decides and answers from its console. The GM's socket says what the room waits for and when a
 * click was committed; nothing is sent over a socket.
 */
export class CotPageDriver {
  private actions = 0;
  /** Steps already given their special answer (an obstacle attempt, a 移動, the phones' commitments), so a second look takes the main one. */
  private readonly answered = new Set<string>();
  /** Party steps played so far: every other one, a player stays silent and the GM steps in. */
  partySteps = 0;

  private readonly gm: RecordingClient;
  private readonly gmPage: Page;
  private readonly seats: readonly CotSeatPage[];

  constructor(gm: RecordingClient, gmPage: Page, seats: readonly CotSeatPage[]) {
    this.gm = gm;
    this.gmPage = gmPage;
    this.seats = seats;
  }

  /** The room's seq as the GM's socket has it. */
  get seq(): number {
    return this.gm.lastSeq!;
  }

  /** The room as the GM sees it now. */
  truth(): CotView {
    return this.gm.currentCot();
  }

  /** Clicks (or picks) on a page, then waits for the room to commit it; returns the code when it was refused. */
  async act(page: Page, what: string, doIt: () => Promise<void>): Promise<string | null> {
    if (++this.actions > MAX_ACTIONS) throw new Error(`more than ${MAX_ACTIONS} actions: the game does not move on (${what})`);
    const before = this.gm.lastSeq!;
    const toasts = page.getByTestId('rejection');
    const shown = await toasts.count();
    await doIt();
    // The GM's socket tells a commit at once; a refusal shows only on the page, which is asked less often.
    const deadline = Date.now() + UI_TIMEOUT_MS;
    for (let round = 0; Date.now() < deadline; round++) {
      if (this.gm.lastSeq! > before) return null;
      if (round % 8 === 7 && (await toasts.count()) > shown) return (await toasts.nth(shown).getAttribute('data-code')) ?? '?';
      await sleep(25);
    }
    throw new Error(`${what}: neither committed nor refused within ${UI_TIMEOUT_MS} ms`);
  }

  /** Waits until a page shows the phase the room is in (its status bar carries cycle, phase and step). */
  async synced(page: Page): Promise<void> {
    const v = this.truth();
    const status = `[data-testid="cot-status"][data-cycle="${v.cycle}"][data-phase="${v.phase.kind}"][data-step="${v.phase.step ?? ''}"]`;
    await page.locator(status).waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
  }

  /**
   * COT-HID-03: each player declares on the phone and locks in. Every third cycle the second player leaves it, and
   * the GM forces the lock (step 4: the silent one takes 行動なし).
   */
  async investigate(v: CotView): Promise<void> {
    const forced = v.cycle % 3 === 0;
    for (const [i, s] of this.seats.entries()) {
      if (forced && i === 1) continue;
      if (this.truth().declarations?.find((d) => d.character === s.character)?.locked) continue;
      await this.synced(s.page);
      const panel = s.page.getByTestId('cot-declare');
      const turn = ROTATION[i % ROTATION.length]!;
      const wanted = turn[v.cycle % turn.length]!;
      await panel.locator(`[data-action="${wanted}"]`).click();
      let kind = wanted;
      if (wanted === 'scout' || wanted === 'resonance') {
        const target = s.page.getByTestId('cot-target');
        const options = (await target.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).filter(Boolean);
        if (options.length > 0) await target.selectOption(wanted === 'resonance' ? nearestToBone(v, options) : options[0]!);
        else {
          kind = 'prayer';
          await panel.locator('[data-action="prayer"]').click();
        }
      }
      expect(await this.act(s.page, `${s.seat} declares ${kind}`, () => s.page.getByTestId('cot-declare-button').click())).toBeNull();
      // Sealed: the other players read that a choice was made, never which.
      for (const other of this.seats.filter((o) => o !== s)) {
        await other.socket.waitForSeq(this.gm.lastSeq!);
        expect(other.socket.currentCot().declarations?.find((d) => d.character === s.character)).not.toHaveProperty('action');
      }
      expect(await this.act(s.page, `${s.seat} locks`, () => s.page.getByTestId('cot-lock-button').click())).toBeNull();
    }
    if (this.truth().phase.kind === 'investigation') {
      await this.synced(this.gmPage);
      expect(await this.act(this.gmPage, 'GM forces the lock', () => this.gmPage.getByTestId('cot-force').click())).toBeNull();
    }
  }

  /**
   * COT-TIM-05: the first player proposes on the phone and the others agree. Where the rules force the move (a
   * fumble, a retreat, an obstacle not overcome, a sleepwalker) the proposal follows them; a proposal the room
   * refuses all the same (forced moves in conflict) leaves it to the GM, who decides from the console.
   */
  async decide(v: CotView): Promise<void> {
    const plan = planFor(v);
    const [first, ...rest] = this.seats;
    await this.synced(first!.page);
    let refused = await this.act(first!.page, `propose ${JSON.stringify(plan)}`, async () => {
      if (plan.kind === 'wait') await first!.page.getByTestId('cot-propose-wait').click();
      else {
        await first!.page.getByTestId('cot-move-to').selectOption(plan.kind === 'move' ? plan.to : '');
        await first!.page.getByTestId('cot-propose-move').click();
      }
    });
    for (const s of rest) {
      if (refused) break;
      await s.page.getByTestId('cot-proposal').waitFor({ timeout: UI_TIMEOUT_MS });
      refused = await this.act(s.page, `${s.seat} agrees`, () => s.page.getByTestId('cot-accept').click());
    }
    if (!refused) return;
    await this.synced(this.gmPage);
    expect(await this.act(this.gmPage, 'the GM decides: wait', () => this.gmPage.getByTestId('cot-gm-wait').click())).toBeNull();
  }

  /** COT-END-01: each player records the cycle's fatigue on the phone; the GM opens the next cycle. */
  async endCycle(v: CotView): Promise<void> {
    for (const s of this.seats) {
      await this.synced(s.page);
      expect(await this.act(s.page, `${s.seat} records LTF`, () => s.page.getByTestId('cot-confirm').click())).toBeNull();
    }
    await this.synced(this.gmPage);
    expect(await this.act(this.gmPage, `the GM closes cycle ${v.cycle}`, () => this.gmPage.getByTestId('cot-next').click())).toBeNull();
  }

  /**
   * Whatever step waits for the GM, answered from the console's form: an obstacle first gets one attempt with a
   * skill picked from the row's list (T-OBS), a 移動 interaction walks its full length (T-INT); anything else, or
   * what those leave waiting, takes the form's main answer.
   */
  async answerGm(v: CotView): Promise<void> {
    const page = this.gmPage;
    await this.synced(page);
    const form = page.locator(`[data-testid="cot-gm-step"][data-step="${v.phase.step}"]`);
    if ((await form.count()) === 0) throw new Error(`the room waits in ${v.phase.kind}/${v.phase.step}, and the GM console shows no form for it`);
    const key = `${v.cycle}/${v.phase.step}/${String(v.phase.detail.entryId ?? '')}`;
    const first = !this.answered.has(key);
    this.answered.add(key);
    if (first && PARTY_STEPS.includes(v.phase.step ?? '')) {
      await this.commitOnPhones(v);
      return;
    }
    if (first && v.phase.step === 'obstacle' && (await form.getByTestId('cot-obs-roll').count()) > 0) {
      const skills = (v.phase.detail.skills ?? []) as string[];
      const common = form.getByTestId('cot-obs-skill');
      // COT-OBS-02: the picker offers exactly the skills the row allows, nothing typed by hand.
      expect(await common.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(skills);
      await common.selectOption(skills.at(-1)!);
      await this.act(page, `obstacle attempt with ${skills.at(-1)}`, () => form.getByTestId('cot-obs-roll').click());
      return;
    }
    const move = v.phase.detail.move;
    if (first && v.phase.step === 'interaction' && typeof move === 'number' && move > 0) {
      await form.getByTestId('cot-int-effect').selectOption('move');
      for (let n = 0; n < move; n++) {
        await form.getByTestId('cot-int-next').selectOption({ index: 1 });
        await form.getByTestId('cot-int-add').click();
      }
      // COT-INT-04: the form stops at the row's N squares.
      expect(await form.getByTestId('cot-int-add').count()).toBe(0);
      expect(await this.act(page, `interaction: 移動(${move})`, () => form.getByTestId('cot-gm-submit').click())).toBeNull();
      return;
    }
    const code = await this.act(page, `GM answers ${v.phase.kind}/${v.phase.step}`, () => form.getByTestId('cot-gm-submit').first().click());
    if (code) throw new Error(`the GM's answer to ${v.phase.kind}/${v.phase.step} was refused: ${code}`);
  }

  /**
   * COT-REM-01, COT-TRS-02, COT-TSP-01 (issue 12 #13): the players commit their own characters on their phones, the
   * first one searching, spotting, or accepting without a roll, the others committing nobody; every phone shows each
   * commitment but the one that carries the step out. Every other time the last player stays silent: the GM's console
   * shows it awaited, and the GM carries the step out from the console with what the others committed.
   */
  private async commitOnPhones(v: CotView): Promise<void> {
    const step = v.phase.step!;
    const silent = this.partySteps++ % 2 === 1 ? this.seats.at(-1) : undefined;
    for (const [i, s] of this.seats.entries()) {
      if (s === silent) continue;
      await this.synced(s.page);
      const panel = s.page.locator(`[data-testid="cot-party-choice"][data-step="${step}"]`);
      if (i === 0 && step === 'remains') await panel.getByTestId('cot-commit-search').check();
      if (i === 0 && step === 'treasure') await panel.getByTestId('cot-commit-spot').check();
      const button = step === 'tearSpirit' ? 'cot-commit-accept' : 'cot-commit';
      expect(await this.act(s.page, `${s.seat} commits to ${step}`, () => panel.getByTestId(button).click())).toBeNull();
      if (this.truth().phase.step !== step) return;
      for (const o of this.seats.filter((x) => x !== s)) {
        await o.page.locator(`[data-testid="cot-committed"] li[data-seat="${s.seat}"][data-committed="true"]`).waitFor({ timeout: UI_TIMEOUT_MS });
      }
    }
    if (!silent || this.truth().phase.step !== step) return;
    await this.synced(this.gmPage);
    const awaited = this.gmPage.locator(`[data-testid="cot-gm-step"][data-step="${step}"] [data-testid="cot-awaited"]`);
    await expect.poll(() => awaited.getAttribute('data-seats'), { timeout: UI_TIMEOUT_MS }).toBe(silent.seat);
  }
}

/** The event steps the party plays together, each player committing its own characters. */
const PARTY_STEPS: readonly string[] = ['remains', 'treasure', 'tearSpirit'];

const gridOf = (v: CotView) => ({ width: v.board.width, height: v.board.height });

/**
 * The square closest to the bone (the GM's view knows where it lies): the party heads there and resonates toward it,
 * so 転界 comes within fourteen cycles, and with it the death omen, the pursuer and the bone's fight.
 */
function nearestToBone(v: CotView, squares: readonly string[]): string {
  const bone = v.bone.square ?? v.board.gate;
  return [...squares].sort((a, b) => distance(gridOf(v), a, bone) - distance(gridOf(v), b, bone))[0]!;
}

/**
 * Where the party goes: forced moves first (COT-TIM-05), back the way it came after an obstacle not overcome
 * (COT-OBS-01), a wait every fourth cycle, otherwise a step toward the bone, or around it once there.
 */
function planFor(v: CotView): CotPlan {
  const walkers = ((v.phase.detail.sleepwalkers ?? []) as { to: string | null; restrainedBy: string | null }[]).filter((w) => w.to && !w.restrainedBy);
  const forced = v.party.forcedMove?.to ?? walkers[0]?.to ?? null;
  if (forced) return { kind: 'move', to: forced };
  if (v.party.mustReturn && v.party.previousPosition) return { kind: 'move', to: v.party.previousPosition };
  if (v.cycle % 4 === 0) return { kind: 'wait' };
  const toward = v.bone.square ? stepToward(gridOf(v), v.party.position, v.bone.square) : null;
  if (toward) return { kind: 'move', to: toward };
  const around = orthogonalNeighbours(gridOf(v), v.party.position).filter((id) => id !== v.party.previousPosition);
  return { kind: 'move', to: around[v.cycle % around.length]! };
}
