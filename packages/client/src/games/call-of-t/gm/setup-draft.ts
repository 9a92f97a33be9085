import type { CotOptions } from '@veiltable/protocol/games/call-of-t';
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
