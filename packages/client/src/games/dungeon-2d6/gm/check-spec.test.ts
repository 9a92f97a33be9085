import { describe, expect, test } from 'vitest';
import { cleanModifiers, newDraft, specFrom, type ModifierRow, type SpecDraft } from './check-spec.ts';
import { legalAbility, outcomeKey, skillName } from '../labels.ts';

const draft = (over: Partial<SpecDraft> = {}): SpecDraft => ({ ...newDraft(), ...over });

describe('GM modifiers (D6-ENG-02)', () => {
  test.each([
    ['blank rows are skipped', [{ source: '', value: null }, { source: ' rope ', value: 2 }], [{ source: 'rope', value: 2 }]],
    ['a negative modifier is kept', [{ source: 'dark', value: -3 }], [{ source: 'dark', value: -3 }]],
    ['a value without a source is refused', [{ source: '', value: 2 }], null],
    ['a source without a value is refused', [{ source: 'rope', value: null }], null],
    ['a value past ±20 is refused', [{ source: 'rope', value: 21 }], null],
    ['a fraction is refused', [{ source: 'rope', value: 1.5 }], null],
    ['a source past 60 characters is refused', [{ source: 'x'.repeat(61), value: 1 }], null],
    ['more than eight are refused', Array.from({ length: 9 }, (_, i) => ({ source: `m${i}`, value: 1 })), null],
  ] as [string, ModifierRow[], unknown][])('%s', (_name, rows, expected) => {
    expect(cleanModifiers(rows)).toEqual(expected);
  });
});

describe('check spec from a draft (D6-ENG-03, D6-HID-07)', () => {
  test('a hidden target and a modifier go into the spec as entered', () => {
    const spec = specFrom(draft({ kind: 'strength', ability: 'VAL', target: 11, modifiers: [{ source: 'rope', value: 2 }] }), 'ch1', true);
    expect(spec).toEqual({
      character: 'ch1', kind: 'strength', ability: 'VAL', target: 11, targetVisible: false, secret: true,
      modifiers: [{ source: 'rope', value: 2 }],
    });
  });
  test('no target leaves the outcome to the GM', () => {
    expect(specFrom(draft(), 'ch1', false)).not.toHaveProperty('target');
  });
  test.each([
    ['a target above 99', draft({ target: 100 })],
    ['a negative target', draft({ target: -1 })],
    ['an incomplete modifier', draft({ modifiers: [{ source: 'rope', value: null }] })],
  ])('nothing to send with %s', (_name, d) => {
    expect(specFrom(d, 'ch1', false)).toBeNull();
  });
  test('D6-LOCK-01 a lock check takes 機敏 whatever ability was left chosen', () => {
    expect(specFrom(draft({ kind: 'lock', ability: 'SPI' }), 'ch1', false)?.ability).toBe('AGI');
  });
});

describe('legal abilities per kind', () => {
  test.each([
    ['D6-LOCK-04 breaking a door is 武勇', 'break', 'AGI', 'VAL'],
    ['D6-SRCH-01 searching keeps 精神', 'search', 'SPI', 'SPI'],
    ['D6-SRCH-01 searching is never 武勇', 'search', 'VAL', 'AGI'],
    ['an action check keeps any ability', 'action', 'SPI', 'SPI'],
  ] as const)('%s', (_name, kind, chosen, expected) => {
    expect(legalAbility(kind, chosen)).toBe(expected);
  });
});

describe('skill names', () => {
  const t = (key: string) => `<${key}>`;
  test('a known skill shows its dictionary name; an unknown key shows as sent', () => {
    expect(skillName('teleport', { t })).toBe('<d6.skillName.teleport>');
    expect(skillName('timeTravel', { t })).toBe('timeTravel');
  });
});

describe('how a check stands, as the table reads it', () => {
  test.each([
    ['D6-BASE-01 a success against its target', 'success', 'd6.check.success'],
    ['D6-BASE-01 a failure against its target', 'failure', 'd6.check.failure'],
    ['D6-BASE-01 without a target the roll stands as its total', 'total', 'd6.check.total'],
    ['the GM dropped it', 'dropped', 'd6.check.dropped'],
  ] as const)('%s', (_name, outcome, key) => {
    expect(outcomeKey(outcome)).toBe(key);
  });
});
