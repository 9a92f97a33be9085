import { describe, expect, test } from 'vitest';
import type { D6Command } from '@veiltable/protocol/games/dungeon-2d6';
import type { FreeTableCommand } from '@veiltable/protocol/games/free-table';
import { d6Command } from '@veiltable/protocol/games/dungeon-2d6';
import { freeTableCommand } from '@veiltable/protocol/games/free-table';
import { commandParser } from './command-parser.ts';

const d6 = commandParser<D6Command>(d6Command);
const ft = commandParser<FreeTableCommand>(freeTableCommand);

describe('commandParser', () => {
  test('parses a command of its own game, filling defaults', () => {
    const r = d6({ type: 'check.roll', check: { character: 'ch1', kind: 'search', ability: 'AGI' } });
    expect(r.ok && r.value.type === 'check.roll' && r.value.check.secret).toBe(false);
  });

  test.each([
    ['another game’s command', d6, { type: 'deck.deal', count: 1 }, 'UNKNOWN_COMMAND'],
    ['a d6 command at the free table', ft, { type: 'window.pass', window: 'w1', character: 'ch1' }, 'UNKNOWN_COMMAND'],
    ['no type at all', d6, { window: 'w1' }, 'UNKNOWN_COMMAND'],
    ['not an object', ft, 'roll', 'UNKNOWN_COMMAND'],
    ['a known type of the wrong shape', d6, { type: 'check.concentrate', check: 'k1', hp: 0 }, 'BAD_SHAPE'],
    ['a malformed window id', d6, { type: 'window.pass', window: 'x1', character: 'ch1' }, 'BAD_SHAPE'],
  ])('refuses %s', (_name, parse, raw, code) => {
    const r = parse(raw);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });
});
