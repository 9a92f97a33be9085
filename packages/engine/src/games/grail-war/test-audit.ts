import type { Viewer } from '@veiltable/protocol';
import { diffJson } from '@veiltable/protocol';
import { viewEvent } from '../../kernel/events.ts';
import type { Rejection, Result } from '../../kernel/result.ts';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarEvent } from './events.ts';
import type { HiddenFact } from './hidden-facts.ts';
import { hiddenFacts } from './hidden-facts.ts';
import type { GrailWarState } from './state.ts';
import { view } from './view.ts';

/** The seat an audit follows as the stranger: no room the tests make gets this far. */
export const STRANGER = 's99';

/** A viewer as the audit names it in a failure. */
export const viewerName = (v: Viewer): string => (v.role === 'player' ? v.seat : v.role);

/** Every string (object keys included) and every number inside a value sent to a viewer, with where it sits. */
function leaves(value: unknown): { texts: [string, string][]; numbers: Map<number, string> } {
  const texts: [string, string][] = [];
  const numbers = new Map<number, string>();
  const walk = (x: unknown, at: string): void => {
    if (typeof x === 'string') texts.push([x, at]);
    else if (typeof x === 'number') numbers.set(x, at);
    else if (Array.isArray(x)) x.forEach((y, i) => walk(y, `${at}[${i}]`));
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        texts.push([k, at]);
        walk(v, `${at}.${k}`);
      }
    }
  };
  walk(value, '');
  return { texts, numbers };
}

/**
 * Numbers this small are the game's everyday counts (HP, damage, slots, seals), which public values reach too, so only
 * the bands a test plants above them single out a hidden number.
 */
const PLANTED = 200;

/** The first of these facts that the value carries, and where, or null. */
export function findFact(value: unknown, facts: readonly HiddenFact[]): { fact: HiddenFact; at: string } | null {
  const { texts, numbers } = leaves(value);
  for (const fact of facts) {
    if ('number' in fact && Math.abs(fact.number) < PLANTED) continue;
    const at = 'text' in fact ? texts.find(([t]) => t.includes(fact.text))?.[1] : numbers.get(fact.number);
    if (at !== undefined) return { fact, at };
  }
  return null;
}

/** What one viewer received for one command: the events it reads, the patch to its view, or the refusal. */
export type Received = { events: unknown[]; patch: unknown } | { refusal: Rejection };

/**
 * Records, for each viewer, everything one command sends it (issue 12, "one rule for hidden facts"): the events it
 * reads (viewEvent), the JSON patch between its views before and after (diffJson), and, to the sender, a refusal's
 * code, rule and detail. `step` throws on the first hidden fact of the state that any of it carries.
 */
export class FactAudit {
  private readonly viewers: readonly Viewer[];
  private readonly views = new Map<string, unknown>();
  /** What each viewer received from each accepted command, in order (the fuzz's twin rooms compare these). */
  readonly received = new Map<string, (Received | null)[]>();

  constructor(viewers: readonly Viewer[], initial: GrailWarState) {
    this.viewers = viewers;
    for (const v of viewers) this.views.set(viewerName(v), view(initial, v));
  }

  /** Audits one command's outcome; `n` and the command name it in a failure. */
  step(n: number, before: GrailWarState, actor: Viewer, command: GrailWarCommand, outcome: Result<{ state: GrailWarState; events: GrailWarEvent[] }>): void {
    const after = outcome.ok ? outcome.value.state : before;
    const playing = new Set(Object.values(after.characters).map((c) => c.seat));
    for (const v of this.viewers) {
      const name = viewerName(v);
      // A seat with no character reads what a stranger reads; the caller audits one stranger seat of its own.
      if (v.role === 'player' && !playing.has(v.seat) && v.seat !== STRANGER) {
        if (outcome.ok) this.record(name, null);
        continue;
      }
      let got: Received;
      let state: GrailWarState;
      if (outcome.ok) {
        state = outcome.value.state;
        const next = view(state, v);
        got = { events: outcome.value.events.map((e) => viewEvent(e, v)), patch: diffJson(this.views.get(name), next) };
        this.views.set(name, next);
      } else {
        if (viewerName(actor) !== name) continue;
        state = before;
        got = { refusal: outcome.error };
      }
      const found = findFact(got, hiddenFacts(state, v));
      if (found) {
        const { fact, at } = found;
        const token = 'text' in fact ? fact.text : fact.number;
        throw new Error(`step ${n} (${command.type} by ${viewerName(actor)}): ${fact.what} (${token}) reached ${name} at ${at || 'the top'} of ${'refusal' in got ? 'a refusal' : 'what it received'}`);
      }
      if (outcome.ok) this.record(name, got);
    }
  }

  /** One entry per accepted command and viewer, null where the viewer was skipped, so twin rooms line up. */
  private record(name: string, got: Received | null): void {
    const list = this.received.get(name) ?? [];
    list.push(got);
    this.received.set(name, list);
  }
}
