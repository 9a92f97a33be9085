import { DICE_SYSTEMS } from '@veiltable/engine/dice-systems';
import { i18n } from '../../shell/i18n/i18n.svelte.ts';
import type { LineRenderer } from './line-renderers.ts';

/** The name of a BCDice system in the reader's language; an id this page does not list shows as it is. */
const systemName = (id: string) => DICE_SYSTEMS.find((s) => s.id === id)?.names[i18n.lang] ?? id;

/**
 * The events of the capabilities every game has, as sentences in every game's timeline: a character added or changed
 * (by its public name), removed, and the room's dice system chosen.
 */
export const capabilityLines: LineRenderer = (seen, { t }) => {
  switch (seen.type) {
    case 'cast.changed': {
      const character = seen.character as { name?: unknown } | undefined;
      return t('line.cast.changed', { name: String(character?.name ?? '') });
    }
    case 'cast.removed':
      return t('line.cast.removed');
    case 'dice.system':
      return t('line.dice.system', { system: systemName(String(seen.system)) });
    default:
      return null;
  }
};
