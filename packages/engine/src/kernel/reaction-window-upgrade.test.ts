import { describe, expect, test } from 'vitest';
import type { SavedWindow } from './reaction-window-upgrade.ts';
import { upgradeWindow } from './reaction-window-upgrade.ts';
import { openWindow } from './reaction-window.ts';

const AT = Date.UTC(2024, 0, 1, 12, 0, 0);
const flags = (status: 'open' | 'closed', timeoutAllowed: boolean, minPending: boolean): SavedWindow => ({
  id: 'w1',
  kind: 'concentration',
  eligible: ['ch1'],
  passed: [],
  status,
  timeoutAllowed,
  minPending,
});

describe('windows saved with flags get the times the current version keeps', () => {
  test.each([
    ['open, timeout allowed, minimum pending: both spans from the load', flags('open', true, true), { timeoutSeconds: 30, minSeconds: 4 }, AT + 30_000, AT + 4_000],
    ['open without the flags: no times', flags('open', false, false), { timeoutSeconds: 30, minSeconds: 4 }, null, null],
    ['open, timeout allowed, but the table timeout is now off: no deadline', flags('open', true, false), { timeoutSeconds: 0, minSeconds: 4 }, null, null],
    ['open, minimum pending, but the table minimum is now 0: the span ends at the load', flags('open', false, true), { timeoutSeconds: 30, minSeconds: 0 }, null, AT],
    ['closed: no times, whatever its flags', flags('closed', true, true), { timeoutSeconds: 30, minSeconds: 4 }, null, null],
  ])('%s', (_name, saved, spans, deadline, minSpanEnds) => {
    const w = upgradeWindow(saved, spans, AT);
    expect(w).toEqual({ id: 'w1', kind: 'concentration', eligible: ['ch1'], passed: [], status: saved.status, deadline, minSpanEnds });
  });

  test('a current window comes back as the same object', () => {
    const w = openWindow('w1', 'concentration', ['ch1'], { deadline: AT + 9_000 });
    expect(upgradeWindow(w, { timeoutSeconds: 30, minSeconds: 4 }, AT)).toBe(w);
  });
});
