import type { LogLine } from '@veiltable/protocol';
import { Timeline } from '../ui/timeline/timeline.svelte.ts';
import { phaseAt, phaseList, type PhaseEntry } from './phases.ts';
import type { ReplayStep } from './replay-steps.ts';

/** The speeds a replay plays at: at 1× one step a second. */
export const SPEEDS = [1, 2, 4, 8] as const;
export type Speed = (typeof SPEEDS)[number];

/** Runs `run` once after `ms`; the function returned cancels it. The page's is setTimeout, a test's a fake clock. */
export type Schedule = (run: () => void, ms: number) => () => void;

const browserSchedule: Schedule = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

/**
 * A replay being watched: the step shown, playing or paused, at what speed, and the timeline as it stood at that
 * step. Every way of moving (a step, the slider, a phase, the timer) goes through `seek`, so the view and the lines
 * shown always belong to the same step.
 */
export class Replay {
  // Set once, by the constructor; initialised here so the derived fields below may read them.
  readonly steps: readonly ReplayStep[] = [];
  readonly last: number = 0;
  private readonly lines: readonly LogLine[] = [];
  private readonly name: ((view: unknown) => string | null) | null = null;
  private readonly schedule: Schedule = browserSchedule;
  index = $state(0);
  playing = $state(false);
  speed = $state<Speed>(1);
  /** The lines up to the step shown, as the live page's timeline holds them. */
  readonly timeline = new Timeline(() => null);
  readonly step: ReplayStep = $derived(this.steps[this.index]!);
  /** "Jump to phase": each phase change, in the reader's language (the namer reads `i18n.t`). */
  readonly phases: PhaseEntry[] = $derived(this.name ? phaseList(this.steps, this.name) : []);
  readonly phase: PhaseEntry | null = $derived(phaseAt(this.phases, this.index));

  private cancel: (() => void) | null = null;

  /** `name` names a view's phase (null: the game has no phases to jump to); `schedule` runs the play timer. */
  constructor(steps: readonly ReplayStep[], lines: readonly LogLine[], name: ((view: unknown) => string | null) | null = null, schedule: Schedule = browserSchedule) {
    if (steps.length === 0) throw new Error('a replay needs at least one step');
    this.steps = steps;
    this.last = steps.length - 1;
    this.lines = lines;
    this.name = name;
    this.schedule = schedule;
    this.show();
  }

  /** Shows step `k` (clamped to the steps there are); while playing, the next step comes a whole interval later. */
  seek(k: number): void {
    const next = Math.max(0, Math.min(this.last, Math.round(k)));
    if (next !== this.index) {
      this.index = next;
      this.show();
    }
    if (this.playing) this.arm();
  }

  forward(): void {
    this.seek(this.index + 1);
  }

  back(): void {
    this.seek(this.index - 1);
  }

  /** Plays from the step shown; from the last step it starts over. */
  play(): void {
    if (this.index === this.last) this.seek(0);
    this.playing = true;
    this.arm();
  }

  pause(): void {
    this.playing = false;
    this.disarm();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    if (this.playing) this.arm();
  }

  /** Stops the timer for good (the page closes). */
  dispose(): void {
    this.pause();
  }

  /** How long a step stays at the speed set (ms). */
  get interval(): number {
    return 1000 / this.speed;
  }

  private arm(): void {
    this.disarm();
    this.cancel = this.schedule(() => {
      this.cancel = null;
      if (!this.playing) return;
      this.seek(this.index + 1);
      if (this.index === this.last) this.pause();
    }, this.interval);
  }

  private disarm(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private show(): void {
    this.timeline.reset(this.lines.slice(0, this.step.lines), false);
  }
}
