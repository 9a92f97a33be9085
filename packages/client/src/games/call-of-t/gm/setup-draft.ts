import type { CotCharacterInput, CotOptions } from '@veiltable/protocol/games/call-of-t';
import type { OptionField } from '../../../gm/options-draft.ts';

/** The setup form's skill field: "see=50, listen=45" ⇄ { see: 50, listen: 45 }. */

/** Parses "name=value" pairs separated by commas or new lines; malformed pairs are left out. */
export function parseSkills(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(/[,\n、]/)) {
    const match = /^\s*([^=]+?)\s*=\s*(-?\d+)\s*$/.exec(part);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

export function skillsText(skills: Record<string, number>): string {
  return Object.entries(skills)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** One character as the GM edits it: the sheet of COT-SET-01 step 6 with its skills as text. */
export type CharacterRow = Omit<CotCharacterInput, 'skills'> & { skillsText: string };

/** A new character's sheet, filled with plain values for the GM to change, for this seat (null: the GM runs it). */
export function characterTemplate(name: string, seat: string | null): CharacterRow {
  return {
    name, seat, str: 12, con: 12, pow: 12, int: 12, app: 10, mp: 12, moveLoad: 10, restLoad: 'leather',
    skillsText: skillsText({ see: 40, listen: 40, search: 30, climb: 40, jump: 30, spiritLore: 20, summon: 10 }),
    skillSets: { scout: 40, memorial: 30, spot: 35 }, spiritPressure: 10, call: 5, deathRites: 20, scoutBonus: 0, memorialBonus: 0,
    exemptFromDeathOmen: false, noChecks: [], initialHand: 2, limbAp: 0,
  };
}

/** The sheet as the protocol takes it. */
export function characterInput({ skillsText: text, ...c }: CharacterRow): CotCharacterInput {
  return { ...c, skills: parseSkills(text) };
}

/**
 * The setup form's rows after the room's seats changed: one more row, seated, for each seat not offered yet, so a seat
 * added after the form opened gets its character too (COT-SET-01 step 6). A seat already offered is not offered again,
 * so a row the GM removed stays removed.
 */
export function rowsForSeats(
  rows: readonly CharacterRow[],
  offered: readonly string[],
  seats: readonly { id: string; name: string }[],
): { rows: CharacterRow[]; offered: string[] } {
  const fresh = seats.filter((s) => !offered.includes(s.id) && !rows.some((r) => r.seat === s.id));
  return { rows: [...rows, ...fresh.map((s) => characterTemplate(s.name, s.id))], offered: [...offered, ...fresh.map((s) => s.id)] };
}

/** The seats that play no character yet: the ones the GM still has to give one (after the setup, COT-SET-01). */
export function seatsWithoutCharacter(seats: readonly { id: string; name: string }[], characters: readonly { seat: string | null }[]) {
  return seats.filter((s) => !characters.some((c) => c.seat === s.id));
}

/**
 * Every INFERRED default of §13 as a room option the GM may change at setup (the engine's defaultCotOptions holds
 * their values), with the open question (Q) and the rule that make each a choice, shown in small type after its name.
 */
export const OPTION_FIELDS: readonly OptionField<keyof CotOptions>[] = [
  { key: 'aceHigh', kind: 'bool', rule: 'Q1 · COT-MOD-07' },
  { key: 'autoFailAtZero', kind: 'bool', rule: 'COT-DIE-03' },
  { key: 'openDeclarations', kind: 'bool', rule: 'COT-HID-03' },
  { key: 'gateIsSafe', kind: 'bool', rule: 'Q6 · COT-EVT-01' },
  { key: 'recomputeMushi', kind: 'bool', rule: 'Q16 · COT-MOD-14' },
  { key: 'retreatSkipsInvestigation', kind: 'bool', rule: 'Q10 · COT-ENC-05' },
  { key: 'sheetsPublic', kind: 'bool', rule: 'COT-HID-01' },
  { key: 'gmObstacleRows', kind: 'bool', rule: 'Q11 · COT-OBS-04' },
  { key: 'watchCost', kind: 'int', min: 0, max: 3, rule: 'Q7 · COT-TIM-09' },
  { key: 'foodPerWait', kind: 'int', min: 0, max: 20, rule: 'Q14 · COT-TIM-08' },
  { key: 'foodTreasureRations', kind: 'int', min: 0, max: 20, rule: 'Q14 · COT-TRS-03' },
  { key: 'maxCycles', kind: 'int', min: 1, max: 99, rule: 'COT-MOD-13' },
  { key: 'scoutSharing', kind: 'enum', values: ['private', 'party'], rule: 'Q9 · COT-HID-06' },
  { key: 'visionResolution', kind: 'enum', values: ['scoutRoll', 'autoSuccess'], rule: 'Q3 · COT-INV-05' },
  { key: 'deathOmenTiming', kind: 'enum', values: ['timePhase', 'investigationPhase'], rule: 'Q5 · COT-TIM-02' },
  { key: 'omenPlacement', kind: 'enum', values: ['nearGate', 'roadBack'], rule: 'Q5 · COT-TIM-02' },
  { key: 'deckExhaustion', kind: 'enum', values: ['reshuffle', 'none'], rule: 'Q14 · COT-MOD-07' },
  { key: 'substituteLevel', kind: 'enum', values: ['success', 'special', 'critical'], rule: 'Q4 · COT-DIE-06' },
];
