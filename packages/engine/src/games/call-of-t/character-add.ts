import type { CotCharacterInput, CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, requireGm } from './context.ts';
import type { Character, CotState } from './state.ts';
import { drawToHand } from './zones.ts';

/** The party is at most twelve characters, as the setup enters them (cotSetup). */
export const MAX_CHARACTERS = 12;

/** A character sheet as the GM entered it (COT-SET-01 step 6, COT-MOD-12), with fresh counters. */
export function characterFrom(c: CotCharacterInput, id: string): Character {
  return {
    id,
    name: c.name,
    seat: c.seat,
    str: c.str,
    con: c.con,
    pow: c.pow,
    int: c.int,
    app: c.app,
    mp: c.mp,
    moveLoad: c.moveLoad,
    restLoad: c.restLoad,
    skills: { ...c.skills },
    skillSets: { ...c.skillSets },
    scoutBonus: c.scoutBonus,
    memorialBonus: c.memorialBonus,
    spiritPressure: c.spiritPressure,
    call: c.call,
    deathRites: c.deathRites,
    ltfThirds: 0,
    ltfAtCycleStart: 0,
    hand: [],
    experienceChecks: [],
    trainingHours: 0,
    exemptFromDeathOmen: c.exemptFromDeathOmen,
    noChecks: [...c.noChecks],
    limbAp: c.limbAp,
  };
}

/**
 * A character entered after the setup, for a seat added later (or one the GM runs). COT-SET-01 step 6 enters the
 * characters before cycle 1 and the seed says nothing of a late one; what follows is INFERRED from the rules that
 * do bind every character:
 * - the party is all the characters, on one square together (§0, COT-MOD-11): it stands where the party stands and
 *   takes part in whatever the party does from now on, the step under way included (COT-INV-02: every player
 *   declares; COT-ENC-03, COT-OBS-03 and the party steps wait for it like for the others);
 * - it comes last in the marching order and the action order (COT-MOD-11; the GM set the orders at setup);
 * - its LTF starts at 0 for this cycle's record (COT-END-01), its initial hand is dealt now (COT-SET-01 step 7);
 * - 無死 counts its 〈死祭り〉 when the room recomputes it (COT-MOD-14); a 無死 fixed at setup stays fixed.
 * Before the setup the setup form seats it; after the departure or at night the cycle is over (COT-END-03).
 */
export function applyCharacterAdd(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.character.add' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-SET-01');
  if (!gm.ok) return gm;
  const state = ctx.state;
  const phase = state.phase.kind;
  if (phase === 'setup' || phase === 'departed' || phase === 'night') return err('NOT_YOUR_PHASE', 'COT-SET-01');
  const input = command.character;
  if (input.seat !== null) {
    if (!state.seats.some((s) => s.id === input.seat)) return err('NO_SUCH_SEAT', 'COT-SET-01', input.seat);
    if (state.characters.some((c) => c.seat === input.seat)) return err('SEAT_TAKEN', 'COT-MOD-12', 'one character per player');
  }
  if (state.characters.length >= MAX_CHARACTERS) return err('TOO_MANY_SEATS', 'COT-SET-01');
  const id = `ch${nextNumber(state.characters)}`;
  const character = characterFrom(input, id);
  state.characters.push(character);
  state.party.marchingOrder.push(id);
  state.party.actionOrder.push(id);
  joinStepUnderWay(state, id);
  emitAll(ctx, { type: 'cot.note', key: 'character.joined', params: { character: id, name: input.name, seat: input.seat, square: state.party.position } });
  drawToHand(ctx, character, input.initialHand);
  return done;
}

/** The step under way counts the newcomer like the others: a declaration to lock (COT-INV-02), an activity (COT-TIM-08). */
function joinStepUnderWay(state: CotState, id: string): void {
  const phase = state.phase;
  if (phase.kind === 'investigation' && phase.decl.sealed.status === 'open') phase.decl.sealed.seats.push(id);
  // Everyone sleeps unless they choose otherwise (sleepwalk.ts opens the decision the same way).
  if (phase.kind === 'time' && phase.step.kind === 'decision') phase.step.activities[id] = 'sleep';
}

/** The number after the highest character id: ids are never reused. */
function nextNumber(characters: readonly Character[]): number {
  return characters.reduce((max, c) => Math.max(max, Number(c.id.slice(2))), 0) + 1;
}
