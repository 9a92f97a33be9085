import { describe, expect, test } from 'vitest';
import { changedOptions, draftOf, draftOptions, draftProblems, parseIntField, type OptionField } from './options-draft.ts';

const FIELDS: readonly OptionField[] = [
  { key: 'fast', kind: 'bool' },
  { key: 'tie', kind: 'enum', values: ['reroll', 'gm'] },
  { key: 'seconds', kind: 'int', min: 0, max: 600 },
  { key: 'timer', kind: 'int', min: 10, max: 3600, nullable: true },
];
const CURRENT = { fast: false, tie: 'reroll', seconds: 30, timer: null, extra: { a: 1 } };

describe('option drafts', () => {
  test('integers are edited as text, an empty nullable one standing for none; other values as they are', () => {
    expect(draftOf(FIELDS, CURRENT)).toEqual({ fast: false, tie: 'reroll', seconds: '30', timer: '', extra: { a: 1 } });
  });

  test.each([
    ['inside the bounds', { key: 'n', kind: 'int', min: 1, max: 9 } as const, ' 7 ', 7],
    ['below them', { key: 'n', kind: 'int', min: 1, max: 9 } as const, '0', 'bad'],
    ['not a whole number', { key: 'n', kind: 'int', min: 1, max: 9 } as const, '2.5', 'bad'],
    ['empty, not nullable', { key: 'n', kind: 'int', min: 1, max: 9 } as const, '', 'bad'],
    ['empty, nullable', { key: 'n', kind: 'int', min: 1, max: 9, nullable: true } as const, '', null],
  ])('an integer %s', (_name, field, text, expected) => {
    expect(parseIntField(field, text)).toBe(expected);
  });

  test('a draft with a value out of bounds names it; a good one sends only what changed', () => {
    const draft = draftOf(FIELDS, CURRENT);
    draft.seconds = 'twenty';
    expect(draftProblems(FIELDS, draft)).toEqual(['seconds']);
    draft.seconds = '45';
    draft.fast = true;
    expect(draftProblems(FIELDS, draft)).toEqual([]);
    expect(draftOptions(FIELDS, draft)).toEqual({ ...CURRENT, fast: true, seconds: 45 });
    expect(changedOptions(FIELDS, CURRENT, draft)).toEqual({ fast: true, seconds: 45 });
  });
});
