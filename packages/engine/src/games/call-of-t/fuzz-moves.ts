import type { Viewer } from '@veiltable/protocol';
import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Rng } from '../../kernel/rng.ts';
import { diagonalNeighbours, orthogonalNeighbours } from './board.ts';
import { obstacleSkills } from './obstacle.ts';
import type { EventStep } from './phase.ts';
import type { CotState } from './state.ts';
import { GM, seated, seedOf, setupInput } from './test-support.ts';

/**
 * Random moves for the fuzz test: what each player might do in the current phase, and the scripted GM's answers to
 * every step that waits for the GM (encounters, tear spirits, obstacles, interactions, omens, the pursuer).
 */

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.below(items.length)]!;

const DIRECTIONS = ['up', 'right', 'down', 'left', null] as const;

type Move = { command: CotCommand; actor: Viewer };

/**
 * The moves an obstacle offers at its stage: rolls with the skills it takes (a wrong one now and then), the lore
 * bonus, fairy dust, the rope, the GM's numbers, the thorns' choices and the boat's square.
 */
function obstacleMoves(state: CotState, step: Extract<EventStep, { kind: 'obstacle' }>, rng: Rng, id: string, actorOf: (id: string) => Viewer): Move[] {
  const grid = { width: state.width, height: state.height };
  switch (step.stage) {
    case 'value':
      return [{ command: { type: 'cot.obs.value', value: rng.below(30) - 5 }, actor: GM }];
    case 'gm':
    case 'sprung':
      return [{ command: { type: 'cot.obs.rule', passed: rng.below(2) === 0 }, actor: GM }];
    case 'boat':
      return [{ command: { type: 'cot.obs.boat', to: pick(rng, orthogonalNeighbours(grid, state.party.position)) }, actor: GM }];
    case 'thorns':
      return [
        { command: { type: 'cot.obs.thornsPay', character: id }, actor: actorOf(id) },
        { command: { type: 'cot.obs.thornsPush' }, actor: actorOf(id) },
      ];
    case 'roll':
    case 'disarm': {
      const rollers = step.stage === 'disarm' ? [pick(rng, state.characters)] : state.characters;
      const skills = obstacleSkills(step);
      // Now and then a wrong skill (refused); on a crevasse, once someone is across, the others may take the rope.
      const wrong = rng.below(8) === 0 ? pick(rng, rollers).id : null;
      const attempt: Move = {
        command: {
          type: 'cot.obs.attempt',
          rolls: rollers.map((c) => ({
            character: c.id,
            skill: c.id === wrong ? 'climb' : pick(rng, skills),
            ...(step.anchor && step.anchor !== c.id && rng.below(2) === 0 ? { rope: true } : {}),
          })),
        },
        actor: GM,
      };
      return [
        attempt,
        attempt,
        { command: { type: 'cot.obs.bonus', characters: [id] }, actor: actorOf(id) },
        { command: { type: 'cot.obs.dust', strength: 1 + rng.below(2) }, actor: actorOf(id) },
      ];
    }
    default:
      return [];
  }
}

/** Commands worth trying now, for players, the GM, or both; many are legal, some are refused. */
export function candidates(state: CotState, rng: Rng, leaveAllowed: boolean): { command: CotCommand; actor: Viewer }[] {
  const grid = { width: state.width, height: state.height };
  const out: { command: CotCommand; actor: Viewer }[] = [];
  const chars = state.characters;
  const actorOf = (id: string): Viewer => {
    const seat = state.characters.find((c) => c.id === id)!.seat;
    return seat ? { role: 'player', seat } : GM;
  };
  const phase = state.phase;
  const here = state.party.position;
  // In the investigation only unlocked characters can act; picking among them keeps refusals (and their cost) down.
  const unlocked = phase.kind === 'investigation' ? chars.filter((c) => !phase.decl.locked.includes(c.id)) : [];
  const ch = pick(rng, unlocked.length > 0 ? unlocked : chars);
  const heart = ch.hand.find((c) => c.face.kind === 'standard' && c.face.suit === 'H');
  const spade = ch.hand.find((c) => c.face.kind === 'standard' && c.face.suit === 'S');
  switch (phase.kind) {
    case 'investigation': {
      const faceDown = state.squares.filter((s) => s.stack.some((e) => !e.faceUp));
      const actions: CotCommand[] = [
        { type: 'cot.inv.declare', character: ch.id, action: { kind: 'scout', target: pick(rng, orthogonalNeighbours(grid, here)), peek: pick(rng, state.squares).id } },
        { type: 'cot.inv.declare', character: ch.id, action: { kind: 'prayer', ...(heart && rng.below(2) ? { substitute: heart.id } : {}) } },
        { type: 'cot.inv.declare', character: ch.id, action: { kind: 'resonance', target: pick(rng, diagonalNeighbours(grid, here)) } },
        { type: 'cot.inv.declare', character: ch.id, action: { kind: 'none' } },
      ];
      // A declared character mostly locks; sometimes it changes its mind first (COT-HID-03 step 3).
      if (Object.hasOwn(phase.decl.sealed.answers, ch.id) && rng.below(3) > 0) {
        out.push({ command: { type: 'cot.inv.lock', character: ch.id }, actor: actorOf(ch.id) });
        break;
      }
      if (heart && faceDown.length) actions.push({ type: 'cot.inv.declare', character: ch.id, action: { kind: 'vision', target: pick(rng, faceDown).id, card: heart.id } });
      if (spade) actions.push({ type: 'cot.inv.declare', character: ch.id, action: { kind: 'probe', target: pick(rng, state.squares).id, card: spade.id } });
      for (const command of actions) out.push({ command, actor: actorOf(ch.id) });
      if (rng.below(10) === 0) out.push({ command: { type: 'cot.inv.force' }, actor: GM });
      const f = state.facts.length > 0 && rng.below(4) === 0 ? pick(rng, state.facts) : null;
      if (f) out.push({ command: { type: 'cot.knowledge.share', fact: f.id }, actor: { role: 'player', seat: f.holders[0]! } });
      break;
    }
    case 'time': {
      const step = phase.step;
      if (step.kind === 'omen') out.push({ command: { type: 'cot.omen.confirm' }, actor: GM });
      else if (step.kind === 'sleepwalk') {
        out.push({ command: { type: 'cot.sleepwalk.confirm' }, actor: GM });
        // Turning a sleepwalker elsewhere; off the board it is refused and another candidate is tried.
        const walker = pick(rng, step.headings).character;
        out.push({ command: { type: 'cot.sleepwalk.confirm', moves: [{ character: walker, direction: pick(rng, DIRECTIONS) }] }, actor: GM });
      } else if (step.kind === 'pursuer') out.push({ command: { type: 'cot.pursuer.choose', entry: pick(rng, step.candidates) }, actor: GM });
      else {
        for (const w of step.sleepwalkers) out.push({ command: { type: 'cot.time.restrain', character: ch.id, sleepwalker: w.character }, actor: actorOf(ch.id) });
        out.push({ command: { type: 'cot.time.activity', character: ch.id, activity: pick(rng, ['sleep', 'rest', 'watch'] as const) }, actor: actorOf(ch.id) });
        const to = pick(rng, orthogonalNeighbours(grid, here));
        // Leaving ends the expedition early; only games that allow it propose it, and then rarely.
        const plan = leaveAllowed && rng.below(12) === 0 ? { kind: 'leave' as const } : pick(rng, [{ kind: 'move' as const, to }, { kind: 'wait' as const }, { kind: 'move' as const, to }]);
        out.push({ command: { type: 'cot.time.propose', plan }, actor: pick(rng, [GM, actorOf(ch.id)]) });
        if (step.proposal) {
          const waiting = chars.filter((c) => c.seat && !step.proposal!.accepted.includes(c.seat));
          for (const c of waiting) out.push({ command: { type: 'cot.time.accept' }, actor: actorOf(c.id) });
        }
      }
      break;
    }
    case 'event': {
      const step = phase.step;
      if (!step) break;
      const adj = orthogonalNeighbours(grid, here);
      switch (step.kind) {
        case 'encounterSense':
          out.push({ command: { type: 'cot.enc.sense', character: ch.id, sense: pick(rng, ['see', 'listen', 'none'] as const) }, actor: actorOf(ch.id) });
          out.push({ command: { type: 'cot.enc.roll' }, actor: GM });
          break;
        case 'encounterCombat': {
          const club = ch.hand.find((c) => c.face.kind === 'standard' && c.face.suit === 'C');
          const results = [
            { outcome: 'victory' as const },
            { outcome: 'retreat' as const, to: pick(rng, adj) },
            { outcome: 'other' as const },
            ...(club ? [{ outcome: 'clubEscape' as const, to: pick(rng, adj), clubs: [{ character: ch.id, card: club.id }] }] : []),
          ];
          out.push({ command: { type: 'cot.enc.outcome', result: pick(rng, results) }, actor: GM });
          break;
        }
        case 'treasure': {
          const diamond = ch.hand.find((c) => c.face.kind === 'standard' && c.face.suit === 'D');
          out.push({ command: { type: 'cot.treasure.resolve', spotters: chars.filter(() => rng.below(2)).map((c) => c.id) }, actor: GM });
          if (diamond) out.push({ command: { type: 'cot.treasure.resolve', spotters: [], diamond: { character: ch.id, card: diamond.id } }, actor: actorOf(ch.id) });
          break;
        }
        case 'remains':
          out.push({ command: { type: 'cot.remains.search', searchers: chars.filter(() => rng.below(2)).map((c) => ({ character: c.id })) }, actor: GM });
          break;
        case 'tearSpirit':
          out.push({ command: { type: 'cot.tsp.accept', adjust: [{ character: ch.id, direction: pick(rng, ['up', 'down'] as const) }] }, actor: GM });
          out.push({ command: { type: 'cot.tsp.summon', summoners: [{ character: ch.id, skill: 'summon' }] }, actor: GM });
          break;
        case 'tearSpiritCombat':
          out.push({ command: { type: 'cot.tsp.outcome', winner: pick(rng, [null, ch.id]) }, actor: GM });
          break;
        case 'obstacle':
          out.push(...obstacleMoves(state, step, rng, ch.id, actorOf));
          out.push({ command: { type: 'cot.obs.withdraw' }, actor: actorOf(ch.id) });
          out.push({ command: { type: 'cot.obs.rule', passed: rng.below(2) === 0 }, actor: GM });
          if (heart) out.push({ command: { type: 'cot.obs.heart', character: ch.id, card: heart.id }, actor: actorOf(ch.id) });
          break;
        case 'obstacleCleared': {
          const diamond = ch.hand.find((c) => c.face.kind === 'standard' && c.face.suit === 'D');
          out.push({ command: { type: 'cot.obs.done' }, actor: actorOf(ch.id) });
          if (diamond) out.push({ command: { type: 'cot.obs.diamond', character: ch.id, card: diamond.id }, actor: actorOf(ch.id) });
          // A poisoned character takes an antidote (refused without a dose), or the GM trades the party one.
          const poisoned = step.poisons.length > 0 ? pick(rng, step.poisons).character : null;
          if (poisoned) {
            out.push({ command: { type: 'cot.obs.antidote', character: poisoned }, actor: actorOf(poisoned) });
            out.push({ command: { type: 'cot.gm.adjust', party: { antidoteThorns: 1, antidoteGas: 1 } }, actor: GM });
          }
          break;
        }
        case 'interaction':
          out.push({
            command: {
              type: 'cot.int.outcome',
              result: pick(rng, [
                { effect: 'none' as const },
                { effect: 'move' as const, path: [pick(rng, adj)] },
                { effect: 'reinforce' as const, to: pick(rng, adj), value: rng.below(10) },
                { effect: 'defend' as const, value: rng.below(14) },
                { effect: 'combatWon' as const },
                { effect: 'scout' as const, squares: [pick(rng, adj)] },
              ]),
            },
            actor: GM,
          });
          break;
      }
      break;
    }
    case 'cycleEnd': {
      out.push({ command: { type: 'cot.end.confirm', character: ch.id }, actor: actorOf(ch.id) });
      const giver = chars.find((c) => c.hand.length > 0);
      const receiver = chars.find((c) => c !== giver);
      if (giver && receiver) out.push({ command: { type: 'cot.end.pass', from: giver.id, to: receiver.id, card: giver.hand[0]!.id }, actor: GM });
      out.push({ command: { type: 'cot.end.next' }, actor: GM });
      break;
    }
    default:
      break;
  }
  return out;
}

/** The skills of every obstacle row, so the rows are played through and not only withdrawn from or ruled. */
const OBSTACLE_SKILLS = { boat: 60, swim: 50, track: 40, purification: 50, plantLore: 40, mineralLore: 40, repair: 30, trapMaking: 30, uplandMarshLore: 40, earthworks: 30 };

/**
 * A seeded game: odd seeds put the bone by the gate with strong resonance, so 転界 and the pursuer come up often; the
 * room options that change play vary with the seed, one seed in three has a sleepwalker, one in four a short deck,
 * and the party carries fairy dust (and, on even seeds, a rope).
 */
export function seededGame(seed: number): { start: CotState; setup: { command: CotCommand; actor: Viewer } } {
  const bone = seed % 2 ? { square: 'B4', strength: 8, pow: 15 } : { square: 'B2', strength: 8, pow: 15 };
  const options = {
    maxCycles: 14,
    aceHigh: seed % 3 !== 0,
    omenPlacement: seed % 4 === 1 ? ('roadBack' as const) : ('nearGate' as const),
    gmObstacleRows: seed % 5 === 0,
    foodTreasureRations: seed % 7,
  };
  const input = setupInput({ bone, options, party: { food: 5, money: 100, sleds: 1, ropes: seed % 2 === 0, fairyDust: 4 } });
  if (seed % 2) for (const c of input.characters) c.skills.spiritLore = 90;
  // Every obstacle row's skill, so the rows are played through and not only withdrawn from or ruled.
  for (const c of input.characters) Object.assign(c.skills, OBSTACLE_SKILLS);
  // A strong 〈呼び声〉 makes a sleepwalker most time phases, so the GM's confirmation comes up (COT-TIM-03).
  if (seed % 3 === 2) input.characters[0]!.call = 20;
  // Full starting hands leave a short deck, so it runs out and the discard pile comes back (Q14).
  if (seed % 4 === 3) for (const c of input.characters) c.initialHand = 10;
  return { start: seated(seedOf(seed)), setup: { command: { type: 'cot.setup', setup: input }, actor: GM } };
}
