import type { LineRenderer } from '../timeline/line-renderers.ts';

/** The characters' events as sentences, in every game's timeline: a character added or changed (its public name), or removed. */
export const castLines: LineRenderer = (seen, { t }) => {
  switch (seen.type) {
    case 'cast.changed': {
      const character = seen.character as { name?: unknown } | undefined;
      return t('line.cast.changed', { name: String(character?.name ?? '') });
    }
    case 'cast.removed':
      return t('line.cast.removed');
    default:
      return null;
  }
};
