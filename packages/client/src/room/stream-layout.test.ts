import { describe, expect, test } from 'vitest';
import { streamLayout } from './stream-layout.ts';

describe('streamLayout', () => {
  test.each([
    ['a spectator without the flag', '', 'spectator', { stream: false, transparent: false }],
    ['a spectator with it', '?stream=1', 'spectator', { stream: true, transparent: false }],
    ['a spectator, transparent', '?stream=1&bg=transparent', 'spectator', { stream: true, transparent: true }],
    ['transparent alone is not the stream layout', '?bg=transparent', 'spectator', { stream: false, transparent: false }],
    ['a player keeps the table', '?stream=1', 'player', { stream: false, transparent: false }],
    ['the GM keeps the table', '?stream=1&bg=transparent', 'gm', { stream: false, transparent: false }],
    ['before the welcome', '?stream=1', undefined, { stream: false, transparent: false }],
  ])('%s', (_name, search, role, expected) => {
    expect(streamLayout(search, role)).toEqual(expected);
  });
});
