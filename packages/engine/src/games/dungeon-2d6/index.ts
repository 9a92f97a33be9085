import { characters } from '../../capabilities/characters/characters.ts';
import { release } from '../../capabilities/release/release.ts';
import { chat } from '../../capabilities/chat/chat.ts';
import { dice } from '../../capabilities/dice/roll.ts';
import { d6Command, d6View } from '@veiltable/protocol/games/dungeon-2d6';
import { defineGame } from '../../kernel/define-game.ts';
import { handlers } from './handlers.ts';
import { phases } from './phases.ts';
import { setup } from './state.ts';
import { timers } from './timers.ts';
import { upgrade } from './upgrade.ts';
import { view } from './view.ts';

/** The dungeon-2d6 rule set (shared/rules/dungeon-2d6.md), declared once on the table kernel. */
export const dungeon2d6 = defineGame({
  id: 'dungeon-2d6',
  schemas: { command: d6Command, view: d6View },
  setup,
  handlers,
  capabilities: [chat, dice, characters, release],
  view,
  seats: (state) => state.seats.map((s) => ({ id: s.id, name: s.name })),
  phases,
  timers,
  upgrade,
  // Travel, or one round of combat (D6-FLOW): each combat turn is a phase of its own.
  phaseKey: (state) => (state.mode === 'combat' ? `combat:${state.turn}` : 'travel'),
});

export type { D6State, WindowLink as D6WindowLink } from './state.ts';
/** D6-BASE-05 tables, so a character sheet form can offer the listed occupations and races. */
export { buildAbilities, OCCUPATIONS, RACES } from './apply-build.ts';
/** Rule readers a form uses to offer only legal choices: a check kind's abilities, the 転移魔法 passenger count. */
export { abilitiesFor } from './check.ts';
export { teleportCapacity } from './abilities.ts';
