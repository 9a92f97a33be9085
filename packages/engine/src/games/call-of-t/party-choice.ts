import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { note } from './context.ts';
import type { RemainsCommitment, TearSpiritCommitment, TreasureCommitment } from './phase.ts';
import type { Character, CotState } from './state.ts';
import { findCharacter, seatedPlayers } from './state.ts';

/**
 * Choices the party makes character by character and carries out all at once: who searches the remains
 * (COT-REM-01: "each character who joins ... everyone rolls at once"), who spots the treasure (COT-TRS-02:
 * "characters may spend 1 LTF each"), who summons the tear spirits (COT-TSP-02: "if several characters summon at
 * once") and how each moves its 霊圧 on accepting them (COT-TSP-04: "each PC may ... at their own choice").
 * Each character's part is its own player's, so each player commits its own characters (or none), and may change
 * that until the last player has committed; then the choice is carried out for all of them together, in action
 * order (COT-DIE-10). The GM plays the characters without a seat and may step in for an absent player: a GM
 * command names any characters and carries the choice out at once, with what the players committed so far.
 */

/** The characters a command names, each the sender's own, or anyone's for the GM; the rule is the step's. */
export function ownCharacters(ctx: Ctx, ids: readonly string[], rule: string): Result<Character[]> {
  const out: Character[] = [];
  for (const id of ids) {
    const character = findCharacter(ctx.state, id);
    if (!character) return err('NO_SUCH_CHARACTER', rule);
    if (ctx.actor.role === 'player' && character.seat !== ctx.actor.seat) return err('NOT_YOUR_CHARACTER', rule);
    if (out.includes(character)) return err('DUPLICATE', rule);
    out.push(character);
  }
  return ok(out);
}

/**
 * Records the sending player's commitment in `committed`, in place of its earlier one, and tells the table that it
 * committed (what it committed shows when it is carried out). True when every player has now committed, and no
 * character waits for the GM, so the choice is to be carried out.
 */
export function commit<T extends { seat: string }>(ctx: Ctx, committed: T[], entry: T, step: string): boolean {
  const at = committed.findIndex((c) => c.seat === entry.seat);
  if (at >= 0) committed.splice(at, 1);
  committed.push(entry);
  note(ctx, 'party.committed', { step, seat: entry.seat });
  return everyoneCommitted(ctx.state, committed);
}

function everyoneCommitted(state: CotState, committed: readonly { seat: string }[]): boolean {
  if (state.characters.some((c) => c.seat === null)) return false;
  return seatedPlayers(state).every((seat) => committed.some((c) => c.seat === seat));
}

/**
 * Everything to carry out: each commitment's entries and the GM's own, one per character (the GM's in place of a
 * player's for the same character), in action order (COT-DIE-10).
 */
export function gathered<E extends { character: string }>(state: CotState, committed: readonly E[][], own: readonly E[]): E[] {
  const byCharacter = new Map<string, E>();
  // Copies: the commitments they come from may be dropped before the entries are used.
  for (const entries of committed) for (const e of entries) byCharacter.set(e.character, { ...e });
  for (const e of own) byCharacter.set(e.character, { ...e });
  return state.party.actionOrder.flatMap((id) => byCharacter.get(id) ?? []);
}

type AnyCommitment = RemainsCommitment | TreasureCommitment | TearSpiritCommitment;

/**
 * What the table sees of the commitments so far: who committed which characters (and, for tear spirits, to what);
 * not the ♥ a searcher plays instead of its roll, which is in a hand until it is played (COT-HID-01).
 */
export function committedView(committed: readonly AnyCommitment[]): { seat: string; characters: string[]; choice?: string }[] {
  return committed.map((c) => {
    if ('spotters' in c) return { seat: c.seat, characters: [...c.spotters] };
    if ('searchers' in c) return { seat: c.seat, characters: c.searchers.map((e) => e.character) };
    const entries = c.choice === 'accept' ? c.adjust : c.summoners;
    return { seat: c.seat, characters: entries.map((e) => e.character), choice: c.choice };
  });
}
