import type { CharacterView } from '@veiltable/protocol';
import { beforeAll, describe, expect, test } from 'vitest';
import { LANGS, translate } from '../../shell/i18n/translate.ts';
import { GAMES } from '../../shell/games.ts';
import { eventText, loadLineRenderer, type LineContext } from './line-renderers.ts';
import type { SeenEvent } from './line-kinds.ts';

const context = (lang: (typeof LANGS)[number]): LineContext => ({
  t: (key, params) => translate(lang, key, params),
  actor: (a) => (a.role === 'gm' ? 'GM' : a.seat),
  seat: (id) => id,
  face: () => '',
});

const lady: CharacterView = { id: 's1.c1', owner: { role: 'player', seat: 's1' }, name: 'Lady of the Tower', color: '#2b8a3e' };

/** The characters' events in every game's timeline, and what each English line must and must not hold. */
const events: [string, SeenEvent, { holds: string[]; lacks: string[] }][] = [
  ['a character changed reads by its name', { type: 'cast.changed', character: lady }, { holds: ['Lady of the Tower'], lacks: [] }],
  // CAST-06: "a character's palette and secret face are seen by its owner and the GM alone": the owner's event
  // carries the secret face, and the line, read by whoever looks at the screen, names the public one.
  ['CAST-06 a changed character with a secret face reads by its public name', { type: 'cast.changed', character: { ...lady, secret: { name: 'The Witch' } } }, { holds: ['Lady of the Tower'], lacks: ['The Witch'] }],
  ['a character removed', { type: 'cast.removed', character: 's1.c2' }, { holds: ['removed'], lacks: [] }],
  ['the open edition released, in every game alike', { type: 'record.released' }, { holds: ['open edition'], lacks: [] }],
  ['the dice system chosen reads by its name', { type: 'dice.system', system: 'Cthulhu7th' }, { holds: ['Call of Cthulhu 7th ed. (Japanese)'], lacks: ['Cthulhu7th'] }],
];

// Each game's own renderer loads with its table; here, all of them, so a game's lines cannot shadow these.
beforeAll(() => Promise.all(GAMES.map(({ id }) => loadLineRenderer(id))));

describe('the shared capabilities in the timeline', () => {
  test.each(events)('%s, in every language and every game', (_, seen, expected) => {
    for (const { id: game } of GAMES) {
      for (const lang of LANGS) {
        const text = eventText(game, seen, context(lang));
        expect(text, `${game} ${lang}`).not.toMatch(/line\.|tl\.|\{/);
        expect(text, `${game} ${lang}`).not.toContain(seen.type);
        for (const part of expected.lacks) expect(text).not.toContain(part);
        if (lang === 'en') for (const part of expected.holds) expect(text).toContain(part);
      }
    }
  });
});
