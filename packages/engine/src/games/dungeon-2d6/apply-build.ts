import type { D6Abilities, D6Ability } from '@veiltable/protocol/games/dungeon-2d6';
import { err } from '../../kernel/result.ts';
import type { Handler } from './context.ts';
import { done, emit, requireControl } from './context.ts';
import type { Build } from './state.ts';

/**
 * D6-BASE-05 occupation values as 武勇/機敏/精神, as the rules give them (from the translation, not yet checked against
 * the official site; the GM may enter other values, which then win).
 */
export const OCCUPATIONS: Readonly<Record<string, D6Abilities>> = {
  闘士: { VAL: 4, AGI: 1, SPI: 1 },
  騎士: { VAL: 3, AGI: 1, SPI: 2 },
  剣士: { VAL: 3, AGI: 2, SPI: 1 },
  盗賊: { VAL: 1, AGI: 4, SPI: 1 },
  狩人: { VAL: 2, AGI: 3, SPI: 1 },
  魔術師: { VAL: 1, AGI: 2, SPI: 3 },
  賢者: { VAL: 1, AGI: 1, SPI: 4 },
  神官: { VAL: 2, AGI: 1, SPI: 3 },
  市民: { VAL: 2, AGI: 2, SPI: 2 },
  芸人: { VAL: 1, AGI: 3, SPI: 2 },
};

/** D6-BASE-05 race bonuses the rules name as examples; any other race's bonus is entered by the GM or player. */
export const RACES: Readonly<Record<string, D6Abilities>> = {
  ドワーフ: { VAL: 2, AGI: 0, SPI: 0 },
  エルフ: { VAL: 0, AGI: 0, SPI: 2 },
  ラクセン人: { VAL: 0, AGI: 1, SPI: 1 },
};

/** D6-BASE-05: a race bonus is +2 in total, and a PC's abilities total 9 (occupation + race + 1 free point). */
const RACE_BONUS_TOTAL = 2;
const PC_ABILITY_TOTAL = 9;

/** A listed entry by name; own keys only, so a name such as "constructor" finds nothing. */
function listed(table: Readonly<Record<string, D6Abilities>>, name: string): D6Abilities | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

const sum = (a: D6Abilities): number => a.VAL + a.AGI + a.SPI;

/** D6-BASE-05: 元能力値 = occupation values + race bonus + 1 on the free ability. */
export function buildAbilities(occupation: D6Abilities, race: D6Abilities, free: D6Ability): D6Abilities {
  const base = { VAL: occupation.VAL + race.VAL, AGI: occupation.AGI + race.AGI, SPI: occupation.SPI + race.SPI };
  base[free] += 1;
  return base;
}

/**
 * Builds a PC's 元能力値 (D6-BASE-05). Only the base layer changes: equipment and effects stay separate (D6-CORE-02).
 * The owning player may build once; after that only the GM may rebuild, so abilities cannot be re-rolled in play.
 */
export const characterBuild: Handler<'character.build'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  if (c.value.controller !== 'pc') return err('NOT_A_PC', 'D6-BASE-05');
  if (c.value.build !== null && ctx.actor.role !== 'gm') return err('ALREADY_BUILT', 'D6-BASE-05');
  const occupation = cmd.occupation.values ?? listed(OCCUPATIONS, cmd.occupation.name);
  if (!occupation) return err('UNKNOWN_OCCUPATION', 'D6-BASE-05', cmd.occupation.name);
  const race = cmd.race.bonus ?? listed(RACES, cmd.race.name);
  if (!race) return err('UNKNOWN_RACE', 'D6-BASE-05', cmd.race.name);
  if (sum(race) !== RACE_BONUS_TOTAL) return err('RACE_BONUS_NOT_TWO', 'D6-BASE-05', `${sum(race)}`);
  const base = buildAbilities(occupation, race, cmd.free);
  if (sum(base) !== PC_ABILITY_TOTAL) return err('ABILITY_TOTAL_NOT_NINE', 'D6-BASE-05', `${sum(base)}`);
  const build: Build = {
    occupation: cmd.occupation.name,
    occupationValues: { ...occupation },
    race: cmd.race.name,
    raceBonus: { ...race },
    free: cmd.free,
  };
  c.value.base = base;
  c.value.build = build;
  emit(ctx, 'character.built', { character: c.value.id, base, build });
  return done;
};
