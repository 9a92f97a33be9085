import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { Viewer } from '@veiltable/protocol';
import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { cotCommand } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { applyWithRng } from '../../kernel/define-game.ts';
import type { Rejection, Result } from '../../kernel/result.ts';
import { Rng } from '../../kernel/rng.ts';
import { callOfT } from './game.ts';
import type { CotState } from './state.ts';
import { AT, GM, P1, P2, SPECTATOR, character, deal, facingClub, run, seated, setupInput, sleepwalkStep, stack, started, toDecision } from './test-support.ts';

/**
 * Issue 12, "each character's choices are its own player's": who may send each command of the game, one row per
 * command type (the `satisfies` below fails to compile when a command type has no row). Seat s1 plays ch1, the
 * character every sample names (the sender's own: "owner"); s2 plays ch2 ("another seat"); s4 has no character.
 * For every row: the GM and the owner are not refused with an authorization code (each sample is built to succeed
 * for both); another seat and a seat without a character are, unless any participant may send it; a spectator
 * gets SPECTATOR_READ_ONLY.
 */

/**
 * Who may send a command: the GM only; the player of the character(s) it names; the holder of the fact it shares;
 * any participant; anyone at the table (the chat and dice, a seat without a character too); the roller alone (a
 * hidden roll is shown by the one who rolled it, not by the GM).
 */
type Who = 'gm' | 'owner' | 'fact holder' | 'participant' | 'member' | 'roller';
type Row<T extends CotCommand['type']> = { who: Who; at: () => CotState; command: Extract<CotCommand, { type: T }> };

const AUTHORIZATION = new Set(['NOT_GM', 'NOT_YOUR_CHARACTER', 'NOT_A_PARTICIPANT', 'NOT_YOUR_FACT', 'NOT_YOUR_ROLL', 'SPECTATOR_READ_ONLY']);
const P4: Viewer = { role: 'player', seat: 's4' };

const atEvents = (s: CotState) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;

/** The party on the gate C5 under a face-up card of this suit and rank, its event step waiting. */
function facing(suit: 'S' | 'H' | 'D', rank: number, tenkai = false): CotState {
  const s = toDecision(started());
  // 無死 0, so a lone face-up spade is active (COT-ENC-01).
  for (const c of s.characters) c.deathRites = 0;
  if (tenkai) {
    s.party.tenkai = true;
    s.bone!.card = null;
  }
  stack(s, 'C5', suit, rank, true);
  return atEvents(s);
}

function withFact(): CotState {
  const s = started();
  const entry = stack(s, 'A1', 'C', 9, false);
  s.facts.push({ id: 'f1', square: 'A1', entryId: entry, fact: 'suit', value: 'C', learnedAt: 1, holders: ['s1'] });
  return s;
}

function atOmen(): CotState {
  const s = started();
  s.party.tenkai = true;
  deal(s, 'ch1', 'S', 9);
  return run(s, { type: 'cot.inv.force' }, GM, [90]).state;
}

/** A decision step where ch2 sleepwalks (〈呼び声〉 14 against POW 11, rolled 12) and ch1 may hold it back. */
function ch2Sleepwalks(): CotState {
  const s = started();
  Object.assign(character(s, 'ch2'), { call: 14, pow: 11 });
  const walking = run(s, { type: 'cot.inv.force' }, GM, [12]).state;
  return run(walking, { type: 'cot.sleepwalk.confirm' }, GM).state;
}

function atPursuer(): CotState {
  const s = toDecision(started());
  const spade = stack(s, 'A1', 'S', 9, true);
  s.phase = { kind: 'time', step: { kind: 'pursuer', candidates: [spade] } };
  return s;
}

function atTreasure(): CotState {
  const s = toDecision(started());
  s.phase = { kind: 'event', step: { kind: 'treasure', cap: 8 }, processed: [] };
  return s;
}

function atSpiritCombat(): CotState {
  const s = facing('D', 5, true);
  const entryId = s.squares.find((q) => q.id === 'C5')!.stack[0]!.card.id;
  s.phase = { kind: 'event', step: { kind: 'tearSpiritCombat', entryId, strength: 5, spiritPow: 12, bone: false, summoner: 'ch1' }, processed: [entryId] };
  return s;
}

/** An obstacle just overcome, ch1 holding a ♦5 and poisoned by the thorns, with a dose for it. */
function cleared(): CotState {
  const s = run(facingClub(6), { type: 'cot.obs.rule', passed: true }, GM).state;
  if (s.phase.kind === 'event' && s.phase.step?.kind === 'obstacleCleared') s.phase.step.poisons = [{ character: 'ch1', poison: 'thorns', pot: 2 }];
  s.party.antidoteThorns = 1;
  return s;
}

/** An obstacle of this strength with its step moved on to a stage. */
function obstacleAt(strength: number, stage: 'thorns' | 'boat'): CotState {
  const s = facingClub(strength);
  if (s.phase.kind === 'event' && s.phase.step?.kind === 'obstacle') Object.assign(s.phase.step, { stage, progress: 2, boatTo: 'C4' });
  return s;
}

function atCycleEnd(): CotState {
  const s = atEvents(toDecision(started({ options: { gateIsSafe: true } })));
  deal(s, 'ch1', 'C', 8);
  return s;
}

const ROWS = {
  'seat.add': { who: 'gm', at: seated, command: { type: 'seat.add', name: 'Eve' } },
  'cot.setup': { who: 'gm', at: seated, command: { type: 'cot.setup', setup: setupInput() } },
  'cot.character.add': { who: 'gm', at: () => started(), command: { type: 'cot.character.add', character: { ...setupInput().characters[0]!, name: 'Eve', seat: 's4' } } },
  'cot.inv.declare': { who: 'owner', at: () => started(), command: { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'none' } } },
  'cot.inv.lock': {
    who: 'owner',
    at: () => run(started(), { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'none' } }, P1).state,
    command: { type: 'cot.inv.lock', character: 'ch1' },
  },
  'cot.inv.force': { who: 'gm', at: () => started(), command: { type: 'cot.inv.force' } },
  'cot.knowledge.share': { who: 'fact holder', at: withFact, command: { type: 'cot.knowledge.share', fact: 'f1' } },
  'cot.omen.confirm': { who: 'gm', at: atOmen, command: { type: 'cot.omen.confirm' } },
  'cot.sleepwalk.confirm': { who: 'gm', at: () => sleepwalkStep(12).state, command: { type: 'cot.sleepwalk.confirm' } },
  'cot.time.restrain': { who: 'owner', at: ch2Sleepwalks, command: { type: 'cot.time.restrain', character: 'ch1', sleepwalker: 'ch2' } },
  'cot.time.activity': { who: 'owner', at: () => toDecision(started()), command: { type: 'cot.time.activity', character: 'ch1', activity: 'rest' } },
  'cot.time.propose': { who: 'participant', at: () => toDecision(started()), command: { type: 'cot.time.propose', plan: { kind: 'wait' } } },
  'cot.time.accept': {
    who: 'participant',
    at: () => run(toDecision(started()), { type: 'cot.time.propose', plan: { kind: 'wait' } }, { role: 'player', seat: 's3' }).state,
    command: { type: 'cot.time.accept' },
  },
  'cot.pursuer.choose': { who: 'gm', at: atPursuer, command: { type: 'cot.pursuer.choose', entry: '' } },
  'cot.enc.sense': { who: 'owner', at: () => facing('S', 10), command: { type: 'cot.enc.sense', character: 'ch1', sense: 'see' } },
  'cot.enc.roll': { who: 'gm', at: () => facing('S', 10), command: { type: 'cot.enc.roll' } },
  'cot.enc.outcome': {
    who: 'gm',
    at: () => run(facing('S', 10), { type: 'cot.enc.roll' }, GM).state,
    command: { type: 'cot.enc.outcome', result: { outcome: 'other' } },
  },
  'cot.treasure.resolve': { who: 'owner', at: atTreasure, command: { type: 'cot.treasure.resolve', spotters: ['ch1'] } },
  'cot.remains.search': { who: 'owner', at: () => facing('D', 4), command: { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] } },
  'cot.tsp.accept': { who: 'owner', at: () => facing('D', 3, true), command: { type: 'cot.tsp.accept', adjust: [{ character: 'ch1', direction: 'up' }] } },
  'cot.tsp.summon': { who: 'owner', at: () => facing('D', 5, true), command: { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] } },
  'cot.tsp.outcome': { who: 'gm', at: atSpiritCombat, command: { type: 'cot.tsp.outcome', winner: 'ch1' } },
  'cot.obs.attempt': { who: 'owner', at: () => facingClub(6), command: { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'climb' }] } },
  'cot.obs.heart': {
    who: 'owner',
    at: () => {
      const s = facingClub(6);
      deal(s, 'ch1', 'H', 10);
      return s;
    },
    command: { type: 'cot.obs.heart', character: 'ch1', card: '' },
  },
  'cot.obs.withdraw': { who: 'participant', at: () => facingClub(6), command: { type: 'cot.obs.withdraw' } },
  'cot.obs.rule': { who: 'gm', at: () => facingClub(6), command: { type: 'cot.obs.rule', passed: true } },
  'cot.obs.diamond': {
    who: 'owner',
    at: () => {
      const s = cleared();
      deal(s, 'ch1', 'D', 5);
      return s;
    },
    command: { type: 'cot.obs.diamond', character: 'ch1', card: '' },
  },
  'cot.obs.done': { who: 'participant', at: cleared, command: { type: 'cot.obs.done' } },
  'cot.obs.value': { who: 'gm', at: () => facingClub(3), command: { type: 'cot.obs.value', value: 2 } },
  'cot.obs.bonus': { who: 'owner', at: () => facingClub(7), command: { type: 'cot.obs.bonus', characters: ['ch1'] } },
  'cot.obs.dust': {
    who: 'participant',
    at: () => {
      const s = facingClub(4);
      s.party.fairyDust = 2;
      return s;
    },
    command: { type: 'cot.obs.dust', strength: 1 },
  },
  'cot.obs.antidote': { who: 'owner', at: cleared, command: { type: 'cot.obs.antidote', character: 'ch1' } },
  'cot.obs.thornsPay': { who: 'owner', at: () => obstacleAt(5, 'thorns'), command: { type: 'cot.obs.thornsPay', character: 'ch1' } },
  'cot.obs.thornsPush': { who: 'participant', at: () => obstacleAt(5, 'thorns'), command: { type: 'cot.obs.thornsPush' } },
  'cot.obs.boat': { who: 'gm', at: () => obstacleAt(12, 'boat'), command: { type: 'cot.obs.boat', to: 'C4' } },
  'cot.int.outcome': { who: 'gm', at: () => facing('H', 5), command: { type: 'cot.int.outcome', result: { effect: 'none' } } },
  'cot.end.confirm': { who: 'owner', at: atCycleEnd, command: { type: 'cot.end.confirm', character: 'ch1' } },
  'cot.end.pass': { who: 'gm', at: atCycleEnd, command: { type: 'cot.end.pass', from: 'ch1', to: 'ch2', card: '' } },
  'cot.end.next': { who: 'gm', at: atCycleEnd, command: { type: 'cot.end.next' } },
  'cot.gm.adjust': { who: 'gm', at: () => started(), command: { type: 'cot.gm.adjust', party: { food: 1 } } },
  'chat.send': { who: 'member', at: () => started(), command: { type: 'chat.send', to: { kind: 'all' }, channel: 'main', visibility: 'public', text: 'hi' } },
  'dice.system': { who: 'gm', at: () => started(), command: { type: 'dice.system', system: 'Cthulhu7th:Korean' } },
  'record.release': { who: 'gm', at: () => started(), command: { type: 'record.release' } },
  roll: { who: 'member', at: () => started(), command: { type: 'roll', expr: '1D6', visibility: 'public', channel: 'main' } },
  'roll.reveal': { who: 'roller', at: () => run(started(), { type: 'roll', expr: '1D6', visibility: 'gm', channel: 'main' }, P1).state, command: { type: 'roll.reveal', roll: 'r1' } },
} satisfies { [T in Exclude<CotCommand['type'], CharacterCommand['type']>]: Row<T> };

/** A sample's card ids left blank above are the card the state dealt for it: the pursuer, or ch1's last hand card. */
function sample(type: keyof typeof ROWS): { state: CotState; command: CotCommand; who: Who } {
  const row = ROWS[type] as Row<CotCommand['type']>;
  const state = row.at();
  const command = structuredClone(row.command) as CotCommand;
  const lastCard = state.characters.find((c) => c.id === 'ch1')?.hand.at(-1)?.id ?? '';
  if (command.type === 'cot.pursuer.choose' && state.phase.kind === 'time' && state.phase.step.kind === 'pursuer') command.entry = state.phase.step.candidates[0]!;
  if (command.type === 'cot.obs.heart' || command.type === 'cot.obs.diamond' || command.type === 'cot.end.pass') command.card = lastCard;
  return { state, command: cotCommand.parse(command), who: row.who };
}

const apply = (state: CotState, command: CotCommand, actor: Viewer): Result<unknown> =>
  applyWithRng(callOfT, state, command, actor, AT, (rng) => new Rng(rng));

const refusalOf = (out: Result<unknown>): Rejection | null => (out.ok ? null : out.error);

describe('authorization matrix (issue 12: each character\'s choices are its own player\'s)', () => {
  const types = Object.keys(ROWS) as (keyof typeof ROWS)[];

  // The cast's commands have their rows with the capability (capabilities/characters).
  test('every command type of the protocol but the cast\'s has a row', () => {
    expect([...types].sort()).toEqual(cotCommand.options.map((o) => o.shape.type.value).filter((t) => !t.startsWith('cast.')).sort());
  });

  test.each(types.map((t) => [t, ROWS[t].who] as const))('%s (%s)', (type, who) => {
    const { state, command } = sample(type);
    const owner = refusalOf(apply(state, command, P1));
    const other = refusalOf(apply(state, command, P2));
    const unseated = refusalOf(apply(state, command, P4));
    if (who === 'roller') {
      // The table's dice: only the roller shows its hidden roll; the GM does not act for it.
      expect([refusalOf(apply(state, command, GM))?.code, owner, other?.code, unseated?.code]).toEqual(['NOT_YOUR_ROLL', null, 'NOT_YOUR_ROLL', 'NOT_YOUR_ROLL']);
    } else if (who === 'member') {
      expect([refusalOf(apply(state, command, GM)), owner, other, unseated]).toEqual([null, null, null, null]);
    }
    // The GM may send every other command, and each sample succeeds for it.
    else expect(refusalOf(apply(state, command, GM)), 'GM').toBeNull();
    if (who === 'roller' || who === 'member') {
      // checked above
    } else if (who === 'gm') {
      for (const [name, r] of [['owner', owner], ['other seat', other], ['seat without a character', unseated]] as const) {
        expect(r, name).toMatchObject({ code: 'NOT_GM' });
      }
    } else {
      expect(owner, 'owner').toBeNull();
      if (who === 'participant') expect(other, 'another seat').toBeNull();
      else {
        expect(AUTHORIZATION.has(other?.code ?? ''), `another seat: ${JSON.stringify(other)}`).toBe(true);
        expect(other?.rule, 'another seat is refused citing a rule').toMatch(/^COT-/);
      }
      expect(AUTHORIZATION.has(unseated?.code ?? ''), `seat without a character: ${JSON.stringify(unseated)}`).toBe(true);
    }
    expect(refusalOf(apply(state, command, SPECTATOR))).toEqual({ code: 'SPECTATOR_READ_ONLY' });
  });
});
