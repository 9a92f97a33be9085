import { castView } from '../../capabilities/characters/cast.ts';
import { feedView } from '../../capabilities/feed/feed.ts';
import { releaseView } from '../../capabilities/release/release.ts';
import type { Viewer } from '@veiltable/protocol';
import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { admits } from '../../kernel/events.ts';
import type { ReactionWindow } from '../../kernel/reaction-window.ts';
import { controls } from './context.ts';
import { forViewer, splitCharacter, splitCheck } from './public.ts';
import type { Attack, D6State } from './state.ts';
import { findCharacter, findZone } from './state.ts';
import { barrierStatsHidden, participantsFor, publicAdjacent, statsHidden, windowAudience } from './visibility.ts';

function seatOf(viewer: Viewer): string | null {
  return viewer.role === 'player' ? viewer.seat : null;
}

/** The room as one viewer may see it (§10.1); the GM sees everything. */
export function view(state: D6State, viewer: Viewer): D6View {
  const gm = viewer.role === 'gm';
  const seat = seatOf(viewer);
  const mine = (s: string | null) => gm || (seat !== null && s === seat);
  return {
    game: 'dungeon-2d6',
    viewer,
    options: state.options,
    seats: state.seats.map((s) => ({ ...s })),
    ...feedView(state),
    ...castView(state, viewer, state.seats),
    ...releaseView(state),
    mode: state.mode,
    turn: state.turn,
    // D6-ZONE-08 / D6-HID-06: a hidden zone is the GM's alone, and so is its place beside the others.
    zones: state.zones.filter((z) => gm || !z.hidden).map((z) => ({ id: z.id, name: z.name, adjacent: gm ? [...z.adjacent] : publicAdjacent(state, z) })),
    characters: state.characters.map((c) => forViewer(splitCharacter(c), viewer) as D6View['characters'][number]),
    // D6-HID-01: traps and hidden things are GM-only until found.
    traps: state.traps.filter((t) => gm || (t.found && !hiddenZone(state, t.zone))).map((t) => (gm ? { ...t } : { id: t.id, zone: t.zone, area: t.area, found: t.found, disarmed: t.disarmed })),
    finds: state.finds.filter((f) => gm || (f.found && !hiddenZone(state, f.zone))).map((f) => ({ ...f })),
    barriers: state.barriers.map((b) => (gm || !barrierStatsHidden(state, b) ? { ...b } : { id: b.id, zone: b.zone, caster: b.caster })),
    checks: Object.values(state.checks).map((k) => forViewer(splitCheck(k), viewer) as D6View['checks'][number]),
    attacks: Object.values(state.attacks).map((a) => attackFor(state, a, viewer)),
    windows: Object.values(state.windows).filter((w) => admits(windowAudience(state, w.id), viewer)).map((w) => windowFor(state, w, viewer)),
    initiative: initiativeFor(state, viewer),
    // D6-HID-03/04: questions and their answers belong to the asking seat and the GM.
    questions: Object.values(state.questions).filter((q) => mine(q.seat)).map((q) => ({ ...q })),
    telepathy: state.telepathy.filter((m) => gm || (seat !== null && m.seats.includes(seat))).map((m) => ({ ...m, seats: [...m.seats] })),
    spiritNotes: state.spiritNotes.filter((n) => gm || (seat !== null && n.seats.includes(seat))).map((n) => n.text),
    log: gm ? state.log.map((l) => ({ ...l })) : [],
  };
}

/**
 * A window as one viewer sees it. Its clock (D6-WIN-11 deadline, D6-WIN-13 minimum span) goes to those who may act
 * in it: the GM, and a player whose seat controls an eligible character; for everyone else those fields are absent.
 */
function windowFor(state: D6State, w: ReactionWindow, viewer: Viewer): D6View['windows'][number] {
  const { deadline, minSpanEnds, ...own } = w;
  // A skill window lists the GM in place of its characters (visibility.ts SKILL_WINDOWS).
  const rest = { ...own, eligible: participantsFor(state, w.kind, w.eligible, viewer), passed: participantsFor(state, w.kind, w.passed, viewer) };
  const link = state.links[w.id] ?? null;
  const mayAct = viewer.role === 'gm' || w.eligible.some((id) => {
    const c = findCharacter(state, id);
    return c !== undefined && controls(viewer, c);
  });
  return mayAct ? { ...rest, deadline, minSpanEnds, link } : { ...rest, link };
}

/** D6-WIN-15: each side's total; a GM-run representative's die is the GM's (D6-HID-01: with the total it gives 機敏). */
function initiativeFor(state: D6State, viewer: Viewer): D6View['initiative'] {
  const side = (roll: D6State['initiative']['party']) => {
    if (!roll) return null;
    const c = findCharacter(state, roll.character);
    return viewer.role === 'gm' || !c || !statsHidden(c) ? { ...roll } : { character: roll.character, total: roll.total };
  };
  const { party, enemies, ...rest } = state.initiative;
  return { party: side(party), enemies: side(enemies), ...rest };
}

/** An attack record; a secret attack's extra critical dice are the GM's (D6-HID-02), as in its events. */
function attackFor(state: D6State, a: Attack, viewer: Viewer): Record<string, unknown> {
  const record = structuredClone(a);
  const secret = a.check !== null && state.checks[a.check]?.secret === true;
  if (viewer.role === 'gm' || !secret) return record;
  return { ...record, targets: record.targets.map(({ extraDice: _extra, ...rest }) => rest) };
}

/** Whether the zone is one only the GM knows (D6-ZONE-08): what lies in it is the GM's too. */
function hiddenZone(state: D6State, id: string): boolean {
  return findZone(state, id)?.hidden === true;
}
