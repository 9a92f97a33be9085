import type { CotSetup, CotView, CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { GameCommandInput, RecordingClient } from './recording-client.ts';
import { commit } from './session.ts';

type CharacterInput = CotSetup['characters'][number];

/** A sheet able to scout, pray and resonate; `extra` lays overrides (planted skill names …) on top. */
export function cotCharacter(name: string, seat: string | null, extra: Partial<CharacterInput> = {}): CharacterInput {
  return {
    name,
    seat,
    str: 12,
    con: 14,
    pow: 13,
    int: 13,
    app: 10,
    mp: 13,
    moveLoad: 10,
    restLoad: 'leather',
    skills: { see: 50, listen: 45, search: 40, climb: 50, jump: 40, spiritLore: 30, summon: 30 },
    skillSets: { scout: 50, memorial: 40, spot: 35 },
    spiritPressure: 10,
    call: 5,
    deathRites: 40,
    scoutBonus: 0,
    memorialBonus: 0,
    exemptFromDeathOmen: false,
    noChecks: [],
    initialHand: 0,
    limbAp: 0,
    ...extra,
  };
}

/** A 5×5 expedition from the gate C5 with the bone at B2, one character per seat. */
export function cotSetupFor(characters: CharacterInput[], overrides: Partial<CotSetup> = {}): CotSetup {
  return {
    width: 5,
    height: 5,
    gate: 'C5',
    bone: { square: 'B2', strength: 8, pow: 15 },
    resonanceSkill: 'spiritLore',
    characters,
    party: { food: 5, money: 100, sleds: 1, ropes: true, fairyDust: 0 },
    options: {},
    ...overrides,
  };
}

/**
 * The GM's answer to a step that waits for the GM (COT §10 hand-offs and GM confirmations), or null when the game
 * waits for the players. A scripted GM: it wins every fight, clears every obstacle and settles every interaction
 * quietly, so a session moves on without rolling any dice of its own.
 */
export function gmAnswer(view: CotView): GameCommandInput | null {
  const { kind, step, detail } = view.phase;
  if (kind === 'time' && step === 'omen') return { type: 'cot.omen.confirm' };
  if (kind === 'time' && step === 'sleepwalk') return { type: 'cot.sleepwalk.confirm' };
  if (kind === 'time' && step === 'pursuer') {
    const candidates = detail.candidates as string[];
    return { type: 'cot.pursuer.choose', entry: candidates[0]! };
  }
  if (kind !== 'event') return null;
  switch (step) {
    case 'encounterSense':
      return { type: 'cot.enc.roll' };
    case 'encounterCombat':
      return { type: 'cot.enc.outcome', result: { outcome: 'victory' } };
    case 'treasure':
      return { type: 'cot.treasure.resolve', spotters: [] };
    case 'remains':
      return { type: 'cot.remains.search', searchers: [] };
    case 'tearSpirit':
      return { type: 'cot.tsp.accept', adjust: [] };
    case 'tearSpiritCombat':
      return { type: 'cot.tsp.outcome', winner: null };
    case 'obstacle':
      return { type: 'cot.obs.rule', passed: true };
    case 'obstacleCleared':
      return { type: 'cot.obs.done' };
    case 'interaction':
      return { type: 'cot.int.outcome', result: { effect: 'none' } };
    default:
      return null;
  }
}

/** Lets the GM answer waiting steps until the game waits for the players (or the cycle ends). Returns the steps run. */
export async function gmSettles(gm: RecordingClient, limit = 30): Promise<string[]> {
  const steps: string[] = [];
  for (let i = 0; i < limit; i++) {
    const answer = gmAnswer(gm.currentCot());
    if (!answer) return steps;
    steps.push(`${gm.currentCot().phase.kind}/${gm.currentCot().phase.step}`);
    await commit(gm, answer);
  }
  throw new Error(`the GM answered ${limit} steps without reaching the players: ${steps.join(', ')}`);
}

/** The character a seat plays, as that player sees it. */
export function characterOf(view: CotView, seat: string): string {
  const found = view.characters.find((c) => c.seat === seat);
  if (!found) throw new Error(`no character at ${seat}`);
  return found.id;
}

/** A heart in this character's hand, as its player sees it. */
export function heartIn(view: CotView, character: string): string | undefined {
  return view.hands[character]?.find((c) => c.face?.kind === 'standard' && c.face.suit === 'H')?.id;
}

type CotEvent = Extract<CotViewEvent, { type: `cot.${string}` }>;

/** The events of one type in this client's timeline, each with the seq of the log entry that holds it. */
export function cotEvents<T extends CotEvent['type']>(client: RecordingClient, type: T): { seq: number; event: Extract<CotEvent, { type: T }> }[] {
  return client.lines().flatMap(({ seq, seen }) => ((seen as CotViewEvent).type === type ? [{ seq, event: seen as Extract<CotEvent, { type: T }> }] : []));
}
