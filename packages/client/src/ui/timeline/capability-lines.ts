import { DICE_SYSTEMS } from '@veiltable/engine/dice-systems';
import { i18n } from '../../shell/i18n/i18n.svelte.ts';
import type { LineRenderer } from './line-renderers.ts';

/** The name of a BCDice system in the reader's language; an id this page does not list shows as it is. */
const systemName = (id: string) => DICE_SYSTEMS.find((s) => s.id === id)?.names[i18n.lang] ?? id;

/** A field of an event, at its top or in its `data` (dungeon-2d6 nests them there); absent as undefined. */
function field(seen: Record<string, unknown>, name: string): string | undefined {
  const data = typeof seen.data === 'object' && seen.data !== null ? (seen.data as Record<string, unknown>) : {};
  const value = seen[name] ?? data[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The events every room has, whatever its game, as sentences in every game's timeline: seats and the table's
 * options, a character added or changed (by its public name) or removed, the room's dice system chosen, the open edition released.
 */
export const capabilityLines: LineRenderer = (seen, { t, seat }) => {
  switch (seen.type) {
    case 'seat.added': {
      const name = field(seen, 'name');
      return name === undefined ? null : t('tl.seat.added', { name });
    }
    case 'seat.renamed': {
      const name = field(seen, 'name');
      const id = field(seen, 'seat');
      return name === undefined || id === undefined ? null : t('tl.seat.renamed', { seat: seat(id), name });
    }
    case 'options.set':
      return t('tl.options.set');
    case 'cast.changed': {
      const character = seen.character as { name?: unknown } | undefined;
      return t('line.cast.changed', { name: String(character?.name ?? '') });
    }
    case 'cast.removed':
      return t('line.cast.removed');
    case 'dice.system':
      return t('line.dice.system', { system: systemName(String(seen.system)) });
    case 'record.released':
      return t('line.record.released');
    default:
      return null;
  }
};
