import { createRequire } from 'node:module';
import type * as BaseModule from 'bcdice/lib/base.js';
import type * as GameSystemModule from 'bcdice/lib/game_system.js';
import type { I18nModule } from 'bcdice/lib/internal/index.js';
import type { BaseClass } from 'bcdice/lib/internal/types/base.js';
import type { DiceSystemId } from './game-systems.ts';
import { DICE_SYSTEMS } from './game-systems.ts';

/**
 * BCDice (the `bcdice` package, pinned in package.json), loaded once and synchronously for every offered system, so
 * a roll stays inside a pure, synchronous `apply`. Its randomizer is replaced per roll: every die BCDice asks for is
 * drawn by the caller (the room's seeded RNG), so a replay of the log rolls the same faces.
 *
 * BCDice's JavaScript build is CommonJS that registers each system in a shared Opal runtime when required; its own
 * loaders are asynchronous (import()), so the same steps are done here with require.
 */
type Base = BaseModule.default;
type GameSystemClass = GameSystemModule.default;
/** The part of BCDice's Loader used here: its game list and the translations a system reads. */
interface BcdiceLoader {
  getGameSystemInfo(id: string): { id: string; className: string; locale: string };
  getI18nInfos(className: string): { baseClassName: string; locales: string[] }[];
}

const require = createRequire(import.meta.url);
const { BCDice, I18n } = require('bcdice/lib/internal/index.js') as { BCDice: { GameSystem: Record<string, BaseClass> & { $const_get(name: string): BaseClass } }; I18n: I18nModule };
const { default: Loader, getGameSystemClass } = require('bcdice/lib/loader/loader.js') as {
  default: new () => BcdiceLoader;
  getGameSystemClass(gameSystemClass: BaseClass): GameSystemClass;
};
/** The BCDice version these systems come from: its Ruby release, which the cases in bcdice-cases.json were written for. */
export const BCDICE_VERSION: string = (require('bcdice/lib/version.js') as { default: string }).default;

/** One BCDice evaluation: its own result text and flags, and every die it drew as [face, sides]. */
export type BcdiceRoll = {
  text: string;
  secret: boolean;
  success: boolean;
  failure: boolean;
  critical: boolean;
  fumble: boolean;
  rands: [number, number][];
};

function loadSystems(): Map<DiceSystemId, GameSystemClass> {
  const loader = new Loader();
  const loadedLocales = new Set<string>();
  const systems = new Map<DiceSystemId, GameSystemClass>();
  for (const { id } of DICE_SYSTEMS) {
    const info = loader.getGameSystemInfo(id);
    // The translations a system reads: its own locale and BCDice's default, for it and every class it extends.
    for (const i18n of loader.getI18nInfos(info.className)) {
      for (const locale of i18n.locales.filter((l) => l === info.locale || l === I18n.$default_locale())) {
        const key = `${i18n.baseClassName}.${locale}`;
        if (loadedLocales.has(key)) continue;
        I18n.$load_translation(JSON.stringify(require(`bcdice/lib/bcdice/i18n/${key}.json`)));
        loadedLocales.add(key);
      }
    }
    require(`bcdice/lib/bcdice/game_system/${info.className}.js`);
    systems.set(id, getGameSystemClass(BCDice.GameSystem.$const_get(info.className)));
  }
  return systems;
}

const SYSTEMS = loadSystems();

/**
 * Evaluates one line the way BCDice does (its first word is the command; an `S` prefix makes it secret) in a
 * system, drawing each die from `draw(sides)` (1..sides). Null when the line is not a command of that system: as
 * BCDice's chat bots do, a line its COMMAND_PATTERN does not match is not evaluated at all (evaluating costs
 * milliseconds, matching microseconds).
 */
export function evalBcdice(system: DiceSystemId, line: string, draw: (sides: number) => number): BcdiceRoll | null {
  const GameSystem = SYSTEMS.get(system);
  if (!GameSystem) throw new Error(`BCDice system ${system} is not loaded`);
  if (!GameSystem.COMMAND_PATTERN.test(line)) return null;
  const base: Base = new GameSystem(line);
  // The randomizer's one source of faces; BCDice records each face it returns in rand_results.
  Object.assign(base.randomizer, { $random: (sides: number) => draw(sides) });
  const result = base.eval();
  if (!result) return null;
  const { text, secret, success, failure, critical, fumble, rands } = result;
  return { text, secret, success, failure, critical, fumble, rands: rands.map(([face, sides]) => [face, sides]) };
}

/** BCDice's name of a system, as its game list writes it (Japanese for most, Korean for the Korean ones). */
export function bcdiceName(system: DiceSystemId): string {
  const GameSystem = SYSTEMS.get(system);
  if (!GameSystem) throw new Error(`BCDice system ${system} is not loaded`);
  return GameSystem.NAME;
}
