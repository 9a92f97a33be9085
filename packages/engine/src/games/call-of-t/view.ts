import { castView } from '../../capabilities/characters/cast.ts';
import { feedView } from '../../capabilities/feed/feed.ts';
import { releaseView } from '../../capabilities/release/release.ts';
import type { CardView, Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { factsOf } from './ledger.ts';
import { phaseView } from './phase-view.ts';
import { activeSpades } from './spades.ts';
import type { Character, CotState, Fact } from './state.ts';
import { charactersOf, mushi, sheetVisible } from './state.ts';

/**
 * Card faces are flat objects of primitives, so a spread copies them; views are built for every viewer after every
 * command, and structuredClone per card was most of that cost.
 *
 * The room as one viewer may see it, by the visibility matrix COT-HID-01. Nothing else reaches a socket, so
 * every hidden field is decided here: draw pile (count only), face-down faces, hands, the bone, sealed choices.
 */
export function view(state: CotState, viewer: Viewer): CotView {
  const gm = viewer.role === 'gm';
  const mine = new Set(charactersOf(state, viewer).map((c) => c.id));
  const seat = viewer.role === 'player' ? viewer.seat : null;
  const facts: Fact[] = gm ? state.facts : seat ? factsOf(state.facts, seat) : [];
  // A face-down card's identity is shown to a player only through a 'card' fact in their ledger (COT-HID-04).
  const knownCards = new Set(facts.filter((f) => f.fact === 'card').map((f) => f.entryId));
  const hands: Record<string, CardView[]> = {};
  for (const c of state.characters) {
    if (gm || mine.has(c.id)) hands[c.id] = c.hand.map((card) => ({ id: card.id, face: { ...card.face } }));
  }
  const bone = state.bone;
  const boneVisible = gm || state.party.tenkai;
  const party = state.party;
  return {
    game: 'call-of-t',
    viewer,
    seats: state.seats.map((s) => ({ ...s })),
    ...feedView(state),
    ...castView(state, viewer, state.seats),
    ...releaseView(state),
    cycle: state.cycle,
    phase: phaseView(state, viewer),
    options: { ...state.options },
    board: {
      width: state.width,
      height: state.height,
      gate: state.gate,
      squares: state.squares.map((sq) => ({
        id: sq.id,
        scouted: sq.scouted,
        stack: sq.stack.map((e) => ({
          id: e.card.id,
          faceUp: e.faceUp,
          tapped: e.tapped,
          origin: e.origin,
          ...(e.faceUp || gm || knownCards.has(e.card.id) ? { face: { ...e.card.face } } : {}),
        })),
      })),
      markers: state.markers.map((m) => ({ ...m })),
    },
    resonanceSkill: state.resonanceSkill,
    deckCount: state.deck.length,
    discard: state.discard.map((c) => ({ id: c.id, face: { ...c.face } })),
    bone: {
      revealed: party.tenkai,
      ...(bone && boneVisible ? { square: bone.square, strength: bone.strength, pow: bone.pow } : {}),
    },
    party: {
      position: party.position,
      previousPosition: party.previousPosition,
      marchingOrder: [...party.marchingOrder],
      actionOrder: [...party.actionOrder],
      food: party.food,
      money: party.money,
      sleds: party.sleds,
      ropes: party.ropes,
      fairyDust: party.fairyDust,
      antidoteThorns: party.antidoteThorns,
      antidoteGas: party.antidoteGas,
      remains: party.remains,
      responses: party.responses,
      tenkai: party.tenkai,
      thirdResponder: party.thirdResponder,
      mushi: mushi(state),
      activeSpades: activeSpades(state),
      forcedMove: party.forcedMove ? { ...party.forcedMove } : null,
      mustReturn: party.mustReturn,
    },
    characters: state.characters.map((c) => characterView(c, sheetVisible(state, viewer, c.id))),
    hands,
    facts: facts.map((f) => {
      const { holders, ...rest } = f;
      return gm ? { ...rest, shared: holders.length > 1, holders: [...holders] } : { ...rest, shared: holders.length > 1 };
    }),
    declarations: declarationsView(state, viewer, mine),
    activities: state.phase.kind === 'time' && state.phase.step.kind === 'decision' ? { ...state.phase.step.activities } : {},
  };
}

function characterView(c: Character, withSheet: boolean): CotView['characters'][number] {
  return {
    id: c.id,
    name: c.name,
    seat: c.seat,
    handCount: c.hand.length,
    ltfThirds: c.ltfThirds,
    ltfAtCycleStart: c.ltfAtCycleStart,
    ...(withSheet
      ? {
          sheet: {
            str: c.str,
            con: c.con,
            pow: c.pow,
            int: c.int,
            app: c.app,
            mp: c.mp,
            moveLoad: c.moveLoad,
            restLoad: c.restLoad,
            skills: { ...c.skills },
            skillSets: { ...c.skillSets },
            spiritPressure: c.spiritPressure,
            call: c.call,
            deathRites: c.deathRites,
            experienceChecks: [...c.experienceChecks],
            trainingHours: c.trainingHours,
            exemptFromDeathOmen: c.exemptFromDeathOmen,
            limbAp: c.limbAp,
          },
        }
      : {}),
  };
}

/** COT-HID-03: before the reveal others see declared / locked and the commitment; the GM sees choices live. */
function declarationsView(state: CotState, viewer: Viewer, mine: Set<string>): CotView['declarations'] {
  if (state.phase.kind !== 'investigation') return null;
  const { sealed, locked } = state.phase.decl;
  const open = sealed.status === 'open';
  return sealed.seats.map((id) => {
    const answer = Object.hasOwn(sealed.answers, id) ? sealed.answers[id] : undefined;
    const sees = !open || viewer.role === 'gm' || mine.has(id) || (state.options.openDeclarations && viewer.role === 'player');
    return {
      character: id,
      declared: !!answer,
      locked: locked.includes(id),
      ...(answer ? { commitment: answer.commitment } : {}),
      ...(answer && sees ? { action: structuredClone(answer.answer) } : {}),
      ...(answer && !open ? { salt: answer.salt } : {}),
    };
  });
}
