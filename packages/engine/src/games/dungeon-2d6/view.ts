import type { Viewer } from '@veiltable/protocol';
import type { D6View } from '@veiltable/protocol/games/dungeon-2d6';
import { admits } from '../../kernel/events.ts';
import type { ReactionWindow } from '../../kernel/reaction-window.ts';
import { controls } from './context.ts';
import { forViewer, splitCharacter, splitCheck } from './public.ts';
import type { D6State } from './state.ts';
import { findCharacter } from './state.ts';
import { publicAdjacent, windowAudience } from './visibility.ts';

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
    mode: state.mode,
    turn: state.turn,
    // D6-ZONE-08 / D6-HID-06: a hidden zone is the GM's alone, and so is its place beside the others.
    zones: state.zones.filter((z) => gm || !z.hidden).map((z) => ({ id: z.id, name: z.name, adjacent: gm ? [...z.adjacent] : publicAdjacent(state, z) })),
    characters: state.characters.map((c) => forViewer(splitCharacter(c), viewer) as D6View['characters'][number]),
    // D6-HID-01: traps and hidden things are GM-only until found.
    traps: state.traps.filter((t) => gm || t.found).map((t) => (gm ? { ...t } : { id: t.id, zone: t.zone, area: t.area, found: t.found, disarmed: t.disarmed })),
    finds: state.finds.filter((f) => gm || f.found).map((f) => ({ ...f })),
    barriers: state.barriers.map((b) => ({ ...b })),
    checks: Object.values(state.checks).map((k) => forViewer(splitCheck(k), viewer) as D6View['checks'][number]),
    attacks: Object.values(state.attacks).map((a) => structuredClone(a) as unknown as Record<string, unknown>),
    windows: Object.values(state.windows).filter((w) => admits(windowAudience(state, w.id), viewer)).map((w) => windowFor(state, w, viewer)),
    initiative: structuredClone(state.initiative),
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
  const { deadline, minSpanEnds, ...rest } = w;
  const link = state.links[w.id] ?? null;
  const mayAct = viewer.role === 'gm' || w.eligible.some((id) => {
    const c = findCharacter(state, id);
    return c !== undefined && controls(viewer, c);
  });
  return mayAct ? { ...rest, deadline, minSpanEnds, link } : { ...rest, link };
}
