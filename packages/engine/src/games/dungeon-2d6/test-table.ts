import type { Viewer } from '@veiltable/protocol';
import type { D6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import { d6Command } from '@veiltable/protocol/games/dungeon-2d6';
import type { GameEvent } from '../../kernel/events.ts';
import { viewEvent } from '../../kernel/events.ts';
import type { Rejection } from '../../kernel/result.ts';
import { Rng } from '../../kernel/rng.ts';
import { dungeon2d6 } from './index.ts';
import type { Attack, Character, CheckRecord, D6State } from './state.ts';

export const GM: Viewer = { role: 'gm' };
export const SPECTATOR: Viewer = { role: 'spectator' };
export const seat = (n: number): Viewer => ({ role: 'player', seat: `s${n}` });

/**
 * Moves the state's RNG to the first position whose next d6 draws are `dice`, so a test can state fixed dice
 * ("fixed RNG output", spec §11) while the engine still draws them from its own RNG.
 */
export function rigDice(state: D6State, dice: readonly number[]): void {
  const start = state.rng.counter;
  for (let c = start; c < start + 2_000_000; c++) {
    const r = new Rng({ seed: state.rng.seed, counter: c });
    if (dice.every((d) => r.die(6) === d)) {
      state.rng.counter = c;
      return;
    }
  }
  throw new Error(`no RNG position yields ${dice.join(',')}`);
}

type PcOptions = {
  owner?: number;
  controller?: 'pc' | 'enemy' | 'npc' | 'summon';
  side?: 'party' | 'enemies' | 'neutral';
  zone?: string;
  VAL?: number;
  AGI?: number;
  SPI?: number;
  hp?: number;
  maxHp?: number;
  skills?: { skill: string; uses?: number }[];
  sex?: 'm' | 'f';
  magicCapable?: boolean;
  equipment?: unknown[];
  pet?: { VAL: number; AGI: number; SPI: number };
  gmNotes?: string;
  movement?: number;
};

/** A small seeded PRNG for choosing commands; the engine's own dice come from its state. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** When a TestTable's clock starts: the time the server would stamp on its first command (ms since the epoch). */
export const TABLE_START = Date.UTC(2024, 0, 1, 12, 0, 0);

/** A running table for tests: commands go through the protocol schema, then the game module. */
export class TestTable {
  state: D6State;
  /** The last command's events as stored (kernel envelope, one part per audience). */
  raw: GameEvent<D6ViewEvent>[] = [];
  /** The last command's events as the GM reads them (the GM reads every field). */
  events: D6ViewEvent[] = [];
  /** Every event so far, as stored. */
  all: GameEvent<D6ViewEvent>[] = [];
  /** The time stamped on the next command; it moves only when a test says so. */
  at = TABLE_START;

  constructor(seed = 'ab'.repeat(32)) {
    this.state = dungeon2d6.setup(seed);
  }

  /** Applies a command; throws with the rejection code if refused. dice, if given, are the next d6 results. */
  do(command: unknown, actor: Viewer = GM, dice?: readonly number[]): GameEvent<D6ViewEvent>[] {
    const r = this.attempt(command, actor, dice);
    if (!r.ok) throw new Error(`rejected ${r.error.code} (${r.error.rule ?? ''}) for ${JSON.stringify(command)}`);
    return r.events;
  }

  /** Applies a command that must be refused; returns the rejection and leaves the state as it was. */
  fail(command: unknown, actor: Viewer = GM, dice?: readonly number[]): Rejection {
    const r = this.attempt(command, actor, dice);
    if (r.ok) throw new Error(`expected a rejection for ${JSON.stringify(command)}`);
    return r.error;
  }

  /** Applies a command and says how it went, accepted or refused (the state moves on only when accepted). */
  attempt(command: unknown, actor: Viewer = GM, dice?: readonly number[]) {
    const parsed = d6Command.parse(command);
    if (dice) rigDice(this.state, dice);
    const r = dungeon2d6.apply(this.state, parsed, actor, this.at);
    if (!r.ok) return { ok: false as const, error: r.error };
    const events = r.value.events as GameEvent<D6ViewEvent>[];
    this.state = r.value.state;
    this.raw = events;
    this.events = events.map((e) => viewEvent(e, GM)).filter((e) => e !== null);
    this.all.push(...events);
    return { ok: true as const, events };
  }

  zone(name: string, adjacent: string[] = []): string {
    this.do({ type: 'zone.add', name, adjacent });
    return this.state.zones[this.state.zones.length - 1]!.id;
  }

  /** Adds a character (a PC owned by seat s1 unless told otherwise) and returns its id. */
  add(name: string, o: PcOptions = {}): string {
    const controller = o.controller ?? 'pc';
    this.do({
      type: 'character.add',
      name,
      controller,
      ...(controller === 'pc' || o.owner ? { owner: `s${o.owner ?? 1}` } : {}),
      ...(o.side ? { side: o.side } : {}),
      zone: o.zone ?? this.state.zones[0]!.id,
      base: { VAL: o.VAL ?? 3, AGI: o.AGI ?? 3, SPI: o.SPI ?? 3 },
      hp: o.hp ?? 12,
      maxHp: o.maxHp ?? Math.max(12, o.hp ?? 12),
      skills: o.skills ?? [],
      ...(o.sex ? { sex: o.sex } : {}),
      magicCapable: o.magicCapable ?? false,
      equipment: o.equipment ?? [],
      ...(o.pet ? { pet: o.pet } : {}),
      gmNotes: o.gmNotes ?? '',
      ...(o.movement !== undefined ? { movement: o.movement } : {}),
    });
    return this.state.characters[this.state.characters.length - 1]!.id;
  }

  char(id: string): Character {
    const c = this.state.characters.find((x) => x.id === id);
    if (!c) throw new Error(`no character ${id}`);
    return c;
  }

  check(id: string): CheckRecord {
    const k = this.state.checks[id];
    if (!k) throw new Error(`no check ${id}`);
    return k;
  }

  lastCheck(): CheckRecord {
    const ids = Object.keys(this.state.checks);
    return this.check(ids[ids.length - 1]!);
  }

  attack(id: string): Attack {
    const a = this.state.attacks[id];
    if (!a) throw new Error(`no attack ${id}`);
    return a;
  }

  lastAttack(): Attack {
    const ids = Object.keys(this.state.attacks);
    return this.attack(ids[ids.length - 1]!);
  }

  /** The id of the n-th question asked (1-based); question ids are drawn, not counted. */
  question(n: number): string {
    const id = Object.keys(this.state.questions)[n - 1];
    if (!id) throw new Error(`no question ${n}`);
    return id;
  }

  /** The id of the n-th trap laid (1-based); trap ids are drawn, not counted. */
  trap(n: number): string {
    const trap = this.state.traps[n - 1];
    if (!trap) throw new Error(`no trap ${n}`);
    return trap.id;
  }

  /** The open window of a kind (the newest, if several). */
  openWindow(kind: string): string | undefined {
    const open = Object.values(this.state.windows).filter((w) => w.kind === kind && w.status === 'open');
    return open[open.length - 1]?.id;
  }

  types(): string[] {
    return this.raw.map((e) => e.type);
  }

  /** What one viewer has received: its view of the state now and every event it read (from event `from` on), as JSON. */
  seen(viewer: Viewer, from = 0): string {
    return JSON.stringify({ view: dungeon2d6.view(this.state, viewer), events: this.read(viewer, from) });
  }

  /** Every event so far (from event `from` on) as one viewer reads it, events that tell it nothing left out. */
  read(viewer: Viewer, from = 0): D6ViewEvent[] {
    return this.all.slice(from).map((e) => viewEvent(e, viewer)).filter((e) => e !== null);
  }
}
