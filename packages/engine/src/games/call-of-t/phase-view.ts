import type { Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { obstacleRow, obstacleSkills } from './obstacle.ts';
import { committedView } from './party-choice.ts';
import type { EncounterHandoff, EventStep } from './phase.ts';
import type { CotState } from './state.ts';
import { charactersOf, sheetVisible } from './state.ts';
import { INTERACTION_TABLE } from './tables.ts';

type Json = CotView['phase']['detail'][string];

/**
 * The current phase with what it waits for. Only public numbers go in; the death-omen squares are the GM's
 * until the cards are placed, apart from a single failer's own spade, and the sleepwalkers' derived steps until
 * the GM confirms them (COT-HID-01).
 */
export function phaseView(state: CotState, viewer: Viewer): CotView['phase'] {
  const phase = state.phase;
  const detail: Record<string, Json> = {};
  switch (phase.kind) {
    case 'investigation':
      detail.waitingFor = phase.decl.sealed.seats.filter((id) => !phase.decl.locked.includes(id));
      return { kind: phase.kind, step: 'declare', detail };
    case 'time': {
      const step = phase.step;
      if (step.kind === 'omen') {
        const mine = new Set(charactersOf(state, viewer).map((c) => c.id));
        detail.failers = step.cards.map((c) => c.character);
        detail.cards = step.cards
          .filter((c) => viewer.role === 'gm' || (!step.several && mine.has(c.character)))
          .map((c) => ({ character: c.character, card: c.cardId, square: c.square }));
      } else if (step.kind === 'decision') {
        detail.sleepwalkers = step.sleepwalkers.map((w) => ({ ...w }));
        detail.proposal = step.proposal ? { plan: structuredClone(step.proposal.plan), accepted: [...step.proposal.accepted] } : null;
      } else if (step.kind === 'sleepwalk') {
        // The derived steps come from the hidden bone: the GM sees them, players only who sleepwalks (COT-HID-07).
        detail.sleepwalkers = step.headings.map((h) => (viewer.role === 'gm' ? { ...h } : { character: h.character, level: h.level }));
      } else {
        detail.candidates = [...step.candidates];
      }
      return { kind: phase.kind, step: step.kind, detail };
    }
    case 'event': {
      const step = phase.step;
      if (!step) return { kind: phase.kind, step: null, detail };
      for (const [k, v] of Object.entries(step)) {
        if (k !== 'kind') detail[k] = structuredClone(v) as Json;
      }
      if (step.kind === 'encounterCombat') detail.handoff = handoffView(state, viewer, step.handoff);
      if ('committed' in step) detail.committed = committedView(step.committed ?? []);
      Object.assign(detail, tableRow(step));
      return { kind: phase.kind, step: step.kind, detail };
    }
    case 'cycleEnd':
      detail.confirmed = [...phase.confirmed];
      return { kind: phase.kind, step: null, detail };
    default:
      return { kind: phase.kind, step: null, detail };
  }
}

/** The encounter's handoff (COT-ENC-03): each discovery roll's chance only where the viewer may read that sheet (COT-HID-01). */
function handoffView(state: CotState, viewer: Viewer, handoff: EncounterHandoff): Json {
  const discovery = handoff.discovery.map((d) => {
    if (!d.check || sheetVisible(state, viewer, d.character)) return d;
    const { chance: _chance, ...open } = d.check;
    void _chance;
    return { ...d, check: open };
  });
  return structuredClone({ ...handoff, discovery }) as Json;
}

/**
 * The rule-table row an event step is played by, public like the rules themselves, so the GM's forms offer only what
 * the row allows: the skills an obstacle takes now (T-OBS), an interaction's effects and how far its 移動 goes (T-INT;
 * null for a number without a row, which the GM rules).
 */
function tableRow(step: EventStep): Record<string, Json> {
  if (step.kind === 'obstacle') {
    const row = obstacleRow(step.strength);
    return { name: row.name, skills: [...obstacleSkills(step)], simultaneous: row.simultaneous };
  }
  if (step.kind === 'interaction') {
    const row = INTERACTION_TABLE[step.number];
    return { counterpart: row?.counterpart ?? null, effects: row ? [...row.effects] : null, move: row?.move ?? null };
  }
  return {};
}
