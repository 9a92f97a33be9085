import { expect, test } from 'vitest';
import { replayPhase as cot } from '../games/call-of-t/replay-phases.ts';
import { replayPhase as d6 } from '../games/dungeon-2d6/replay-phases.ts';
import { replayPhase as freeTable } from '../games/free-table/replay-phases.ts';
import { replayPhase as gw } from '../games/grail-war/replay-phases.ts';
import cotEn from '../games/call-of-t/i18n/en.ts';
import { addDictionaries } from '../shell/i18n/translate.ts';
import type { PhaseNamer, Translate } from './phases.ts';

// Issue 14, item 5: "jump to phase", named per game from its view: Call of <T> by its phase kind and cycle, Grail
// War by battle, batch and step, dungeon-2d6 by exploring or combat turn, a free table by its rounds of declarations.
// The words are the games' own keys (shown here as key and params).

// Call of <T> names a phase the dictionaries do not know by its raw kind: its strings are loaded, as the table's are.
addDictionaries({ en: cotEn });
const t: Translate = (key, params) => `${key}${params ? JSON.stringify(params) : ''}`;
const name = (namer: PhaseNamer<never>, view: unknown) => (namer as PhaseNamer)(view, t);
const battle = (phase: string) => ({ id: 2, phase, batch: 3, batches: 5 });
const decl = (status: string) => ({ status });

test.each<[string, PhaseNamer<never>, unknown, string | null]>([
  ['call-of-t setup has no cycle yet', cot, { cycle: 0, phase: { kind: 'setup' } }, 'cot.phase.setup'],
  ['call-of-t investigation of cycle 2', cot, { cycle: 2, phase: { kind: 'investigation' } }, 'replay.phase.cycle{"n":2} · cot.phase.investigation'],
  ['call-of-t night of cycle 3', cot, { cycle: 3, phase: { kind: 'night' } }, 'replay.phase.cycle{"n":3} · cot.phase.night'],
  ['grail-war between battles names none', gw, { battle: null }, null],
  ['grail-war sealed batch of a battle', gw, { battle: battle('submit') }, 'gw.battle.title{"n":2,"batch":3,"batches":5} · gw.phase.submit'],
  ['grail-war 영주 window of a battle', gw, { battle: battle('window') }, 'gw.battle.title{"n":2,"batch":3,"batches":5} · gw.phase.window'],
  ['dungeon-2d6 exploring', d6, { mode: 'travel', turn: 0 }, 'd6.mode.travel'],
  ['dungeon-2d6 combat, each turn its own', d6, { mode: 'combat', turn: 4 }, 'd6.mode.combat{"n":4}'],
  ['free table without a declaration names none', freeTable, { declarations: [] }, null],
  ['free table round 2 open', freeTable, { declarations: [decl('revealed'), decl('open')] }, 'replay.phase.declOpen{"n":2}'],
  ['free table round 1 revealed', freeTable, { declarations: [decl('revealed')] }, 'replay.phase.declRevealed{"n":1}'],
])('%s', (_name, namer, view, expected) => {
  expect(name(namer, view)).toBe(expected);
});
