import { describe, expect, test } from 'vitest';
import {
  canCloseByRule, canDeclare, closeWindow, elapseMinSpan, openWindow, passWindow, stillDeciding, timeoutWindow,
} from './reaction-window.ts';

describe('reaction window core', () => {
  test('D6-WIN-12 a declaration after the closing event is refused with WINDOW_CLOSED', () => {
    const w = openWindow('w1', 'cover', ['a', 'b']);
    expect(canDeclare(w, 'a').ok).toBe(true);
    expect(closeWindow(w, 'rule').ok).toBe(true);
    const late = canDeclare(w, 'a');
    expect(late.ok ? null : late.error.code).toBe('WINDOW_CLOSED');
  });

  test('D6-WIN-11 only eligible participants may declare', () => {
    const w = openWindow('w1', 'cover', ['a']);
    const r = canDeclare(w, 'z');
    expect(r.ok ? null : r.error.code).toBe('NOT_ELIGIBLE');
  });

  test('D6-WIN-11 the window closes once every eligible participant has passed', () => {
    const w = openWindow('w1', 'counter', ['a', 'b']);
    const first = passWindow(w, 'a');
    expect(first.ok && first.value.closed).toBe(false);
    expect(stillDeciding(w)).toEqual(['b']);
    const second = passWindow(w, 'b');
    expect(second.ok && second.value.closed).toBe(true);
    expect(w.closedBy).toBe('all-passed');
  });

  test('D6-WIN-11 a timeout closes it only where the table set one', () => {
    const none = openWindow('w1', 'cover', ['a']);
    const r = timeoutWindow(none);
    expect(r.ok ? null : r.error.code).toBe('NO_TIMEOUT');
    const timed = openWindow('w2', 'cover', ['a'], { deadline: 1_700_000_030_000 });
    expect(timed.deadline).toBe(1_700_000_030_000);
    expect(timeoutWindow(timed).ok).toBe(true);
    expect(timed.closedBy).toBe('timeout');
  });

  test('D6-WIN-11 a window closes exactly once', () => {
    const w = openWindow('w1', 'cover', ['a']);
    expect(closeWindow(w, 'gm').ok).toBe(true);
    const again = closeWindow(w, 'rule');
    expect(again.ok ? null : again.error.code).toBe('WINDOW_CLOSED');
    expect(w.closedBy).toBe('gm');
  });

  test('D6-WIN-13 a minimum span holds off the rule event until the server reports it elapsed', () => {
    const w = openWindow('w1', 'concentration', ['a'], { minSpanEnds: 1_700_000_005_000 });
    const early = canCloseByRule(w);
    expect(early.ok ? null : early.error.code).toBe('WINDOW_MIN_SPAN');
    elapseMinSpan(w);
    expect(w.minSpanEnds).toBeNull();
    expect(canCloseByRule(w).ok).toBe(true);
  });
});
