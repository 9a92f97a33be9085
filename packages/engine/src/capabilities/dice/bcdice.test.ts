import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import cases from './bcdice-cases.json' with { type: 'json' };
import { BCDICE_VERSION, evalBcdice } from './bcdice.ts';
import type { DiceSystemId } from './game-systems.ts';
import { DICE_SYSTEMS, isDiceSystem } from './game-systems.ts';

type Case = (typeof cases.cases)[number];

/** A draw that hands out a case's recorded faces in order, checking that BCDice asks for the recorded sides. */
function scripted(rands: number[][]) {
  const asked: number[] = [];
  const draw = (sides: number) => {
    const next = rands[asked.length];
    asked.push(sides);
    if (!next) throw new Error(`BCDice asked for die ${asked.length} (D${sides}); the case records ${rands.length}`);
    expect(sides, `sides of die ${asked.length}`).toBe(next[1]);
    return next[0]!;
  };
  return { draw, asked };
}

describe('the pinned BCDice is the one the cases were taken from', () => {
  const require = createRequire(import.meta.url);
  const engine = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

  test('package.json pins bcdice to the exact version of the cases (an upgrade re-runs scripts/bcdice-cases.mjs)', () => {
    expect(engine.dependencies['bcdice']).toBe(cases.bcdice);
    expect((require('bcdice/package.json') as { version: string }).version).toBe(cases.bcdice);
  });

  test('the BCDice release inside the package is the one the cases cite', () => {
    expect(BCDICE_VERSION).toBe(cases.bcdiceRuby);
  });

  test.each(DICE_SYSTEMS.map((s) => s.id))('at least 10 cases for the offered system %s', (id) => {
    expect(cases.cases.filter((c) => c.system === id).length).toBeGreaterThanOrEqual(10);
  });
});

describe('BCDice test data replayed through the randomizer adapter', () => {
  test.each(cases.cases.map((c): [string, Case] => [`${c.source} ${c.system}: ${JSON.stringify(c.input)}`, c]))('%s', (_name, c) => {
    expect(isDiceSystem(c.system)).toBe(true);
    const { draw, asked } = scripted(c.rands);
    const result = evalBcdice(c.system as DiceSystemId, c.input, draw);
    if (c.output === '') {
      expect(result).toBeNull();
      return;
    }
    expect(result).not.toBeNull();
    expect(result!.text).toBe(c.output);
    expect({ secret: result!.secret, success: result!.success, failure: result!.failure, critical: result!.critical, fumble: result!.fumble }).toEqual({
      secret: c.secret,
      success: c.success,
      failure: c.failure,
      critical: c.critical,
      fumble: c.fumble,
    });
    // Every recorded face was drawn through the adapter, and BCDice reports exactly those.
    expect(asked.length).toBe(c.rands.length);
    expect(result!.rands).toEqual(c.rands);
  });
});
