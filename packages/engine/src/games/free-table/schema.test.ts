import { describe, expect, test } from 'vitest';
import { freeTable } from './index.ts';

const card = 'c0123456789abcdef';

/** The free table's command schema, as the room parses a command once (kernel parseCommand). */
describe('free-table commands at the room', () => {
  test.each([
    ['a chat to all', { type: 'chat.send', to: { kind: 'all' }, text: 'hi' }],
    ['a whisper to a seat', { type: 'chat.send', to: { kind: 'seat', seat: 's2' }, text: 'psst' }],
    ['a secret roll', { type: 'roll', expr: 'S2D6>=8', visibility: 'gm' }],
    ['a sealed card answer', { type: 'decl.answer', decl: 'd1', answer: { kind: 'card', card } }],
    ['a choice declaration', { type: 'decl.open', prompt: 'Go?', kind: 'choice', choices: ['yes', 'no'] }],
  ])('accepts %s', (_name, command) => {
    expect(freeTable.parseCommand(command).ok).toBe(true);
  });

  test.each([
    ['an unknown command', { type: 'deck.steal' }, 'UNKNOWN_COMMAND'],
    ['another game’s command', { type: 'check.concentrate', check: 'k3', hp: 2 }, 'UNKNOWN_COMMAND'],
    ['an empty chat', { type: 'chat.send', to: { kind: 'all' }, text: '   ' }, 'BAD_SHAPE'],
    ['a malformed card id', { type: 'card.play', card: 'S12', faceUp: true }, 'BAD_SHAPE'],
    ['a malformed seat id', { type: 'deck.deal', seat: 'gm', count: 1 }, 'BAD_SHAPE'],
    ['a deal of 0 cards', { type: 'deck.deal', seat: 's1', count: 0 }, 'BAD_SHAPE'],
    ['a one-option choice', { type: 'decl.open', prompt: 'p', kind: 'choice', choices: ['x'] }, 'BAD_SHAPE'],
  ])('refuses %s', (_name, command, code) => {
    const r = freeTable.parseCommand(command);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  test('a roll without visibility defaults to public', () => {
    const r = freeTable.parseCommand({ type: 'roll', expr: '2D6' });
    expect(r.ok && r.value.type === 'roll' && r.value.visibility).toBe('public');
  });
});
