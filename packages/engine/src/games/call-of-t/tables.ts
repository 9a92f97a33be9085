import type { Character } from './state.ts';

/**
 * The rule tables as data. Skill keys are the English names in lower camel case ("see", "mapMaking"); a
 * character's `skills` record uses the same keys. "int*3" style keys are characteristic multiples.
 */

/** What a skill chance is read from: the characteristics and the skills of a sheet. */
export type SkillSheet = Pick<Character, 'str' | 'con' | 'pow' | 'int' | 'app' | 'skills'>;

/** A skill chance: a characteristic multiple ("str*3") or the character's skill %, 0 when untrained. */
export function chanceFor(c: SkillSheet, skill: string): number {
  const m = /^(str|con|pow|int|app)\*([0-9])$/.exec(skill);
  if (m) return c[m[1] as 'str' | 'con' | 'pow' | 'int' | 'app'] * Number(m[2]);
  return c.skills[skill] ?? 0;
}

export type EncounterRow = { see: number; listen: number; target: string; count: (s: number) => string };

/** T-ENC, indexed by the D20 (or 1D(strength)) roll; row 20 goes to the GM. */
export const ENCOUNTER_TABLE: Record<number, EncounterRow> = {
  1: { see: 3, listen: 4, target: 'armedZombie', count: (s) => `${s + 3}` },
  2: { see: 0, listen: -1, target: 'skeleton', count: (s) => `${s + 3}` },
  3: { see: 0, listen: -1, target: 'snake', count: (s) => `D6, total SIZ ${6 * s}` },
  4: { see: 1, listen: 0, target: 'toad', count: (s) => `D3+1, total SIZ ${8 * s}` },
  5: { see: 1, listen: 0, target: 'crocodile', count: (s) => `D3, total SIZ ${10 * s}` },
  6: { see: 3, listen: 4, target: 'broo', count: (s) => `${s - 2}` },
  7: { see: 2, listen: 0, target: 'dragonsnail', count: (s) => `${s - 5}` },
  8: { see: 0, listen: -2, target: 'gorp', count: (s) => `${s - 7}` },
  9: { see: 3, listen: 5, target: 'ghoul', count: (s) => `${s - 6}` },
  10: { see: 2, listen: 0, target: 'walktapus', count: (s) => `${s - 9}` },
  11: { see: 2, listen: 0, target: 'stoorworm', count: (s) => `${s - 10}` },
  12: { see: 2, listen: 0, target: 'grampus', count: (s) => `${s - 10}` },
  13: { see: 3, listen: 5, target: 'harpy', count: (s) => `${s - 9}` },
  14: { see: 3, listen: 5, target: 'undeadPteranodon', count: (s) => `${(s - 10) * 2}` },
  15: { see: 2, listen: 0, target: 'undeadGreatCrocodile', count: (s) => `${s - 10}` },
  16: { see: 2, listen: 3, target: 'undeadTroll', count: (s) => `${(s - 10) * 2}` },
  17: { see: 2, listen: 3, target: 'undeadDragonewt', count: (s) => `${(s - 10) * 2}` },
  18: { see: 0, listen: -1, target: 'ghost', count: (s) => `1 (${(s - 10) * 10 + 10} MP)` },
  19: { see: 0, listen: -1, target: 'wraith', count: (s) => `1 (${(s - 10) * 10 + 10} MP)` },
  20: { see: 0, listen: 0, target: 'special', count: () => 'GM' },
};

/** The die for the encounter table: 1D(strength) up to 10, else 1D20 (E6). */
export function encounterDie(strength: number): number {
  return strength <= 10 ? Math.max(1, strength) : 20;
}

/** T-TRS contents of a rank (ranks 3–9: rank² × 10 L, INFERRED reading). */
export function treasureContents(rank: number): string {
  if (rank <= 2) return 'food';
  if (rank <= 9) return `goods ${rank * rank * 10} L`;
  if (rank === 10) return 'jewellery 1000 L';
  if (rank <= 13) return `POW ${rank - 10}`;
  return 'special';
}

export type Requirement = 'people+load' | 'people+sleds' | 'everyone1' | number | 'value' | 'gm';

/** Rows whose open details (COT-OBS-04) the engine plays by its own reading unless the room hands them to the GM. */
export type ObstacleReading = 'trap' | 'gas' | 'thorns' | 'labyrinth';

export type ObstacleRow = {
  name: string;
  skills: string[];
  simultaneous: boolean;
  required: Requirement;
  failureCost: boolean;
  cumulativeFailureCost: boolean;
  /** The lore whose SD × 20% is added to the row's rolls (♣7, ♣10). */
  bonusSkill: string | null;
  /** Fairy dust lowers the required SD (T-TRADE 妖精粉: ♣4, ♣7, ♣10, ♣K). */
  dust: boolean;
  reading: ObstacleReading | null;
  /** No row at all: the GM rules (the A, COT-OBS-04). */
  gm: boolean;
};

const row = (r: Partial<ObstacleRow> & Pick<ObstacleRow, 'name' | 'skills' | 'required'>): ObstacleRow => ({
  simultaneous: false,
  failureCost: false,
  cumulativeFailureCost: false,
  bonusSkill: null,
  dust: false,
  reading: null,
  gm: false,
  ...r,
});

/**
 * T-OBS by card strength; A (14) and anything unlisted are the GM's. The trap's required 1 is its search and its
 * disarm alike: a search total of 0 or less, or a failed disarm, sets it off. The gas and the thorns need no SD: their
 * rolls lower the poison.
 */
export const OBSTACLE_TABLE: Record<number, ObstacleRow> = {
  2: row({ name: 'trap', skills: ['search', 'repair', 'trapMaking'], simultaneous: true, required: 1, reading: 'trap' }),
  3: row({ name: 'toxicGas', skills: ['mineralLore'], required: 0, reading: 'gas' }),
  4: row({ name: 'mazePath', skills: ['mapMaking', 'int*3'], simultaneous: true, required: 1, cumulativeFailureCost: true, dust: true }),
  5: row({ name: 'poisonThorns', skills: ['plantLore'], simultaneous: true, required: 0, reading: 'thorns' }),
  6: row({ name: 'cliff', skills: ['climb'], required: 'people+load', failureCost: true }),
  7: row({ name: 'bottomlessBog', skills: ['track'], required: 'people+load', failureCost: true, bonusSkill: 'uplandMarshLore', dust: true }),
  8: row({ name: 'crumblingPath', skills: ['earthworks', 'str*3'], simultaneous: true, required: 3, failureCost: true }),
  9: row({ name: 'crevasse', skills: ['jump'], required: 'everyone1' }),
  10: row({ name: 'deepFog', skills: ['see'], simultaneous: true, required: 3, cumulativeFailureCost: true, bonusSkill: 'uplandMarshLore', dust: true }),
  11: row({ name: 'riverCrossing', skills: ['swim'], required: 'people+sleds', failureCost: true }),
  12: row({ name: 'oldBoat', skills: ['boat'], required: 'people+sleds', failureCost: true }),
  13: row({ name: 'magicLabyrinth', skills: ['purification'], required: 'value', failureCost: true, dust: true, reading: 'labyrinth' }),
};

/** The trap that goes off, by D6 (T-OBS ♣2). */
export const TRAP_TABLE: Record<number, string> = {
  1: 'pitBog',
  2: 'rockfall',
  3: 'risingWater',
  4: 'poisonDarts',
  5: 'toxicGas',
  6: 'enemyAttack',
};

/** The labyrinth's required SD from the cumulative POW resistance total (T-OBS ♣K). */
export function labyrinthRequirement(total: number): number {
  if (total <= -1) return 3;
  if (total <= 9) return 2;
  if (total <= 19) return 1;
  return 0;
}

export type InteractionRow = { counterpart: string; count: [number, number, number]; effects: string[]; move: number };

/** T-INT by card number: number appearing as [dice, sides, plus]; [0,0,n] is a fixed n. */
export const INTERACTION_TABLE: Record<number, InteractionRow> = {
  2: { counterpart: 'newtlings', count: [1, 6, 0], effects: ['scout', 'move'], move: 1 },
  3: { counterpart: 'fishermen', count: [1, 3, 0], effects: ['trade', 'move'], move: 1 },
  4: { counterpart: 'durulzFerryman', count: [1, 2, 0], effects: ['move'], move: 2 },
  5: { counterpart: 'durulzWarband', count: [1, 6, 2], effects: ['scout', 'reinforce', 'defend'], move: 0 },
  6: { counterpart: 'lunarDuckHunters', count: [1, 6, 3], effects: ['hostile', 'reinforce', 'trade'], move: 0 },
  7: { counterpart: 'hiddenVillage', count: [1, 8, 0], effects: ['lodging'], move: 0 },
  8: { counterpart: 'trader', count: [0, 0, 1], effects: ['trade'], move: 0 },
  9: { counterpart: 'lunarPatrol', count: [2, 4, 2], effects: ['reinforce', 'hostile'], move: 0 },
  10: { counterpart: 'sartariteWarband', count: [2, 4, -1], effects: ['scout', 'reinforce', 'defend', 'trade'], move: 0 },
  11: { counterpart: 'sartariteExplorers', count: [2, 4, -1], effects: ['scout', 'reinforce', 'defend', 'trade', 'move'], move: 1 },
  12: { counterpart: 'elves', count: [1, 3, 0], effects: ['scout', 'trade'], move: 0 },
  13: { counterpart: 'trollWarband', count: [1, 3, 0], effects: ['hostile', 'reinforce', 'trade'], move: 0 },
};

/** Skills usable to summon tear spirits (COT-TSP-02); the bone also allows the resonance-target skill. */
export const SUMMON_SKILLS = [
  'summon', 'orate', 'fastTalk', 'act', 'intimidate', 'seduction', 'bargain', 'sartarite', 'sing', 'playInstrument',
  'dance', 'humanLore', 'composePoetry',
];
