import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cotView } from '@veiltable/protocol/games/call-of-t';
import { upgradeContract } from '../../kernel/upgrade-contract.ts';
import { callOfT } from './game.ts';
import type { CotState } from './state.ts';
import { GM, P1, VIEWERS, refusal, run, started } from './test-support.ts';

/**
 * Snapshots saved by the version before fairy dust, limb armour and obstacle stages (protocol 1, commit 1072ce3):
 * the test party (setupInput) on the gate C5 under a face-up ♣ it waited on. `fog`: deep fog (♣10), one round
 * rolled, SD 2 of 3, to be rolled again. `trap`: the trap (♣2), a row that version left to the GM.
 */
const saved = (name: 'fog' | 'trap'): unknown => JSON.parse(readFileSync(new URL(`./fixtures/protocol-1-${name}.json`, import.meta.url), 'utf8'));

/** When the room loads them (ms since the epoch); this game keeps no deadlines, so nothing depends on it. */
const LOADED = Date.UTC(2024, 0, 1, 13, 0, 0);

const upgrade = (state: unknown): CotState => callOfT.upgrade!(state, LOADED);

const see = ['ch1', 'ch2', 'ch3'].map((character) => ({ character, skill: 'see' }));

describe('states saved before fairy dust, limb armour and obstacle stages', () => {
  test('options it lacks are set as the room played them; the others stay as the GM set them', () => {
    const old = (saved('fog') as CotState).options;
    expect(upgrade(saved('fog')).options).toEqual({ ...old, omenPlacement: 'nearGate', deckExhaustion: 'none', foodTreasureRations: 0, gmObstacleRows: true });
  });

  test('characters have no limb armour on record and the party no fairy dust or antidotes', () => {
    const s = upgrade(saved('fog'));
    expect(s.characters.map((c) => c.limbAp)).toEqual([0, 0, 0]);
    expect(s.party).toMatchObject({ fairyDust: 0, antidoteThorns: 0, antidoteGas: 0 });
  });

  test('T-TRADE 毒消し an obstacle overcome before antidotes leaves no poison for one to cancel', () => {
    const old = JSON.parse(JSON.stringify(started())) as { party: Record<string, unknown>; phase: unknown };
    delete old.party.antidoteThorns;
    delete old.party.antidoteGas;
    old.phase = { kind: 'event', step: { kind: 'obstacleCleared', strength: 5 }, processed: [] };
    const s = upgrade(old);
    expect(s.phase).toEqual({ kind: 'event', step: { kind: 'obstacleCleared', strength: 5, poisons: [] }, processed: [] });
    expect(refusal(s, { type: 'cot.obs.antidote', character: 'ch1' }, P1)).toEqual({ code: 'NOT_POISONED', rule: 'COT-OBS-04' });
  });

  test('COT-OBS-03 an obstacle being rolled stays at its rolls, its total and requirement kept, with no aid used yet', () => {
    const s = upgrade(saved('fog'));
    expect(s.phase).toMatchObject({
      kind: 'event',
      step: { kind: 'obstacle', strength: 10, required: 3, total: 2, stage: 'roll', bonus: 0, bonusRolled: [], anchor: null, value: null, trap: null, progress: null, boatTo: null },
    });
    const out = run(s, { type: 'cot.obs.attempt', rolls: see }, GM, [5, 5, 5]);
    expect(out.state.phase).toMatchObject({ kind: 'event', step: { kind: 'obstacleCleared', strength: 10 } });
  });

  test('COT-OBS-04 a row the earlier version left to the GM is still the GM’s to rule', () => {
    const s = upgrade(saved('trap'));
    expect(s.phase).toMatchObject({ kind: 'event', step: { kind: 'obstacle', strength: 2, stage: 'gm' } });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'search' }] })).toEqual({ code: 'GM_RULES', rule: 'COT-OBS-04' });
    const out = run(s, { type: 'cot.obs.rule', passed: true }, GM);
    expect(out.state.phase).toMatchObject({ kind: 'event', step: { kind: 'obstacleCleared', strength: 2 } });
  });

  test.each(VIEWERS.map((v) => [v.role === 'player' ? v.seat : v.role, v] as const))('the upgraded state gives %s a view the protocol accepts', (_name, viewer) => {
    for (const name of ['fog', 'trap'] as const) {
      const parsed = cotView.safeParse(callOfT.view(upgrade(saved(name)), viewer));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  test('a history an earlier version kept in the state is dropped: the stored event log is the record', () => {
    const old = { ...JSON.parse(JSON.stringify(started())), log: [{ n: 1, event: { to: { kind: 'all' }, body: { type: 'cot.locked', character: 'ch1' } } }] };
    const s = upgrade(old);
    expect(s).not.toHaveProperty('log');
    for (const v of VIEWERS) expect(cotView.safeParse(callOfT.view(s, v)).error?.issues ?? []).toEqual([]);
  });

  test('the upgraded state shows the obstacle’s stage to the table', () => {
    expect(callOfT.view(upgrade(saved('trap')), P1).phase).toMatchObject({ step: 'obstacle', detail: { stage: 'gm', skills: ['search'] } });
  });
});

upgradeContract({
  game: callOfT,
  saved: () => [saved('fog'), saved('trap')],
  current: () => [started()],
  at: LOADED,
});
