#!/usr/bin/env node
// Picks the BCDice cases the dice table test replays (packages/engine/src/capabilities/dice/bcdice-cases.json):
// for every offered game system, about a dozen cases of BCDice's own test data (test/data/<file>.toml in the BCDice
// Ruby repository, shipped in the bcdice package as lib/bcdice/test_data.json, one key per file). Run it again after
// an upgrade of the package, then the test: the file records the versions it was made from.
//
//   node scripts/bcdice-cases.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DICE_SYSTEMS } from '../packages/engine/src/capabilities/dice/game-systems.ts';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'packages/engine/package.json'));
const testData = require('bcdice/lib/bcdice/test_data.json');
const gameSystems = require('bcdice/lib/bcdice/game_system_list.json').gameSystems;
const packageVersion = require('bcdice/package.json').version;
const rubyVersion = require('bcdice/lib/version.js').default;

const PER_SYSTEM = 12;

/**
 * Where each system's cases come from, and the inputs that must be among them. DiceBot's commands are tested in
 * files of their own (choice, D66Dice, Repeat …); a system's file is named after its class.
 */
const SOURCES = {
  DiceBot: [
    ['None', [/^2D6$/, /^2D6<=7$/, /^2b6/]],
    ['choice', [/^choice\[/, /^Schoice/i, /^choice\[A-F\]/]],
    ['D66Dice', [/^D66 /, /^D66A/]],
    ['Repeat', [/^x5 1D6/, /^sx5/]],
    ['AddDice', [/\/2U$/, /\/2C$/, /\/2F$/, /\/2R$/]],
    ['calc', [/^c1\/3R/, /^sc1/]],
    ['UpperDice', [/^4U6\[6\]>=10$/]],
  ],
  Cthulhu: [['Cthulhu', [/^CCB<=50/, /^CC<=/, /^RES/, /^CBR/, /^SCC/]]],
  RuneQuest: [['RuneQuest', [/^1D100<=/]]],
};

/** Inputs matching each pattern (the first case each), then cases spread evenly over the file, to `count`. */
function pick(cases, patterns, count) {
  const chosen = new Set();
  for (const pattern of patterns) {
    const i = cases.findIndex((c, j) => pattern.test(c.input) && !chosen.has(j));
    if (i < 0) throw new Error(`no case matches ${pattern}`);
    chosen.add(i);
  }
  // A secret case and a line that is not a command, where the file has them.
  for (const test of [(c) => c.secret === true, (c) => c.output === '']) {
    const i = cases.findIndex(test);
    if (i >= 0 && chosen.size < count) chosen.add(i);
  }
  const target = Math.min(count, cases.length);
  for (let k = 0; k < count && chosen.size < target; k++) chosen.add(Math.floor((k * cases.length) / count));
  for (let i = 0; chosen.size < target; i++) chosen.add(i);
  return [...chosen].sort((a, b) => a - b);
}

const cases = [];
for (const { id } of DICE_SYSTEMS) {
  const className = gameSystems.find((g) => g.id === id)?.className;
  if (!className) throw new Error(`BCDice has no system ${id}`);
  const sources = SOURCES[id] ?? [[className, []]];
  const share = Math.ceil(PER_SYSTEM / sources.length);
  for (const [file, patterns] of sources) {
    const all = testData[file]?.test;
    if (!all) throw new Error(`BCDice has no test data ${file}`);
    for (const index of pick(all, patterns, Math.max(share, patterns.length))) {
      const c = all[index];
      if (c.game_system !== id) throw new Error(`${file}[${index}] is a case of ${c.game_system}, not ${id}`);
      cases.push({
        source: `test/data/${file}.toml#${index + 1}`,
        system: id,
        input: c.input,
        output: c.output,
        secret: c.secret ?? false,
        success: c.success ?? false,
        failure: c.failure ?? false,
        critical: c.critical ?? false,
        fumble: c.fumble ?? false,
        rands: c.rands.map((r) => [r.value, r.sides]),
      });
    }
  }
}

const out = join(root, 'packages/engine/src/capabilities/dice/bcdice-cases.json');
const data = {
  about: 'Cases of BCDice test data (https://github.com/bcdice/BCDice/tree/v' + rubyVersion + '/test/data; #n is the nth [[ test ]] of the file), picked by scripts/bcdice-cases.mjs',
  bcdice: packageVersion,
  bcdiceRuby: rubyVersion,
  cases,
};
writeFileSync(out, JSON.stringify(data, null, 1) + '\n');
console.log(`bcdice-cases: ${cases.length} cases of ${DICE_SYSTEMS.length} systems from bcdice ${packageVersion} (BCDice ${rubyVersion}) → ${out}`);
