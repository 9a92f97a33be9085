import type { LogLine } from '@veiltable/protocol';
import { inTab, kindOf, type LineKind, type Tab } from './line-kinds.ts';

/** Lines asked for per `log` request when the reader scrolls to the top. */
export const PAGE_LINES = 100;

/** One line with what the timeline reads of it, keyed by seq and event index. */
export type TimelineLine = LogLine & { key: string; read: LineKind };

/** Asks the server for the page before `before`; returns the request's ref, or null when it could not be sent. */
export type PageRequest = (before: number, limit: number) => string | null;

const keyOf = (l: LogLine) => `${l.seq}.${l.i}`;
const order = (a: LogLine, b: LogLine) => a.seq - b.seq || a.i - b.i;

/**
 * One viewer's timeline as the server sends it: the welcome's newest page, each update's lines appended, older
 * pages fetched on request. Lines are kept once each (seq and event index) and in log order, whatever order the
 * pages arrive in.
 */
export class Timeline {
  /** Every line held, oldest first. */
  lines = $state.raw<TimelineLine[]>([]);
  /** Older lines can be asked for. */
  more = $state(false);
  /** A page was asked for and has not come. */
  loading = $state(false);
  tab = $state<Tab>('all');
  /** Bumped by every welcome: a view that shows the timeline opens at its newest line again. */
  generation = $state(0);

  /** The lines of the tab shown. */
  readonly shown = $derived(this.tab === 'all' ? this.lines : this.lines.filter((l) => inTab(l.read, this.tab)));
  /** Rolls shown to everyone since they were made (their roller's reveal). */
  readonly revealed = $derived(new Set(this.lines.flatMap((l) => (l.read.kind === 'roll' && l.read.reveal ? [l.read.item.id] : []))));

  private readonly request: PageRequest;
  private pendingRef: string | null = null;

  constructor(request: PageRequest) {
    this.request = request;
  }

  /** A welcome: its page replaces what was held (a reconnect may have missed lines the page has). */
  reset(lines: readonly LogLine[], more: boolean): void {
    this.lines = this.merge([], lines);
    this.more = more;
    this.loading = false;
    this.pendingRef = null;
    this.generation += 1;
  }

  /** An update's lines. */
  append(lines: readonly LogLine[]): void {
    if (lines.length > 0) this.lines = this.merge(this.lines, lines);
  }

  /** Asks for the page before the oldest line held, unless one is on its way or there is none. */
  loadOlder(): void {
    if (this.loading || !this.more) return;
    const before = this.lines[0]?.seq;
    if (before === undefined) return;
    const ref = this.request(before, PAGE_LINES);
    if (ref === null) return;
    this.pendingRef = ref;
    this.loading = true;
  }

  /** The answer to a page request; a page asked for before the last welcome is merged too (lines are kept once). */
  older(ref: string, lines: readonly LogLine[], more: boolean): void {
    this.lines = this.merge(this.lines, lines);
    if (ref !== this.pendingRef) return;
    this.more = more;
    this.loading = false;
    this.pendingRef = null;
  }

  /** The page request `ref` was refused (rate limit, outage): the reader may ask again. True when it was ours. */
  refused(ref: string | null): boolean {
    if (ref === null || ref !== this.pendingRef) return false;
    this.loading = false;
    this.pendingRef = null;
    return true;
  }

  private merge(held: readonly TimelineLine[], incoming: readonly LogLine[]): TimelineLine[] {
    const known = new Set(held.map((l) => l.key));
    const fresh: TimelineLine[] = [];
    for (const l of incoming) {
      const key = keyOf(l);
      if (known.has(key)) continue;
      known.add(key);
      fresh.push({ ...l, key, read: kindOf(l) });
    }
    if (fresh.length === 0) return held as TimelineLine[];
    const last = held.at(-1);
    fresh.sort(order);
    // Live lines come after everything held: no sort of the whole list for them.
    if (!last || order(last, fresh[0]!) < 0) return [...held, ...fresh];
    return [...held, ...fresh].sort(order);
  }
}

/**
 * Whether the list follows new lines: while the reader is at the newest line it does; once they scroll up, new
 * lines are counted instead, for a "new messages" button that jumps back down.
 */
export class FollowState {
  following = $state(true);
  /** Lines that arrived while the reader was scrolled up. */
  unseen = $state(0);

  /** The reader scrolled; `atEnd` when the newest line is in sight. */
  scrolled(atEnd: boolean): void {
    this.following = atEnd;
    if (atEnd) this.unseen = 0;
  }

  /** `count` lines arrived; true when the list should scroll to show them. */
  arrived(count: number): boolean {
    if (count <= 0) return false;
    if (this.following) return true;
    this.unseen += count;
    return false;
  }

  /** The list jumped to its newest line (opened, tab changed, "new messages" pressed). */
  jumped(): void {
    this.following = true;
    this.unseen = 0;
  }
}
