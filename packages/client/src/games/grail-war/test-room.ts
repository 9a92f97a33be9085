import { grailWar, type GrailWarCommand, type GrailWarState } from '@veiltable/engine/games/grail-war';
import type { Viewer } from '@veiltable/protocol';
import type { GwSheet, GwView } from '@veiltable/protocol/games/grail-war';
import { blankMaster, blankServant } from './gm/blank-sheets.ts';

export const GM: Viewer = { role: 'gm' };
export const seat = (s: string): Viewer => ({ role: 'player', seat: s });
/** The time stamped on every command these helpers apply (ms since the epoch), as the server would. */
export const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

/** Applies commands through the real engine, failing loudly on a refusal. */
export function run(state: GrailWarState, actor: Viewer, ...commands: GrailWarCommand[]): GrailWarState {
  let s = state;
  for (const c of commands) {
    const r = grailWar.apply(s, c, actor, AT);
    if (!r.ok) throw new Error(`${c.type} refused: ${r.error.code}`);
    s = r.value.state;
  }
  return s;
}

/** Whether the engine accepts a command (for checking that the phone's choices are legal). */
export function accepts(state: GrailWarState, actor: Viewer, command: GrailWarCommand): string {
  const r = grailWar.apply(state, command, actor, AT);
  return r.ok ? 'ok' : r.error.code;
}

/** The ids the engine gives the room's characters, registered in this order (c1, c2, …). */
export const SABER = 'c1';
export const LANCER = 'c2';
export const RIN = 'c3';

export const viewFor = (state: GrailWarState, v: Viewer): GwView => grailWar.view(state, v) as GwView;

export const servantSheet = (over: Partial<Extract<GwSheet, { kind: 'servant' }>>): GwSheet => ({ ...(blankServant() as Extract<GwSheet, { kind: 'servant' }>), alias: 'Saber', trueName: 'Hidden', ...over });
export const masterSheet = (over: Partial<Extract<GwSheet, { kind: 'master' }>>): GwSheet => ({ ...(blankMaster() as Extract<GwSheet, { kind: 'master' }>), name: 'Master', ...over });

type GwOptionsPatch = Extract<GrailWarCommand, { type: 'options.set' }>['options'];
const EMPTY = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false };

/**
 * A room with saber (s1) and its master rin (s3) on side A against lancer (s2) on side B; the battle is started and,
 * unless `stopAtPrebattle`, every pre-battle declaration is empty so batch 1 is open.
 */
export function room(sheets: { saber?: GwSheet; rin?: GwSheet; lancer?: GwSheet }, stopAtPrebattle = false, options: GwOptionsPatch = {}): GrailWarState {
  let s = grailWar.setup('a'.repeat(64));
  s = run(s, GM, { type: 'options.set', options }, { type: 'seat.add', name: 'A' }, { type: 'seat.add', name: 'B' }, { type: 'seat.add', name: 'C' });
  s = run(
    s,
    GM,
    { type: 'character.register', seat: 's1', partner: null, sheet: sheets.saber ?? servantSheet({}) },
    { type: 'character.register', seat: 's2', partner: null, sheet: sheets.lancer ?? servantSheet({ alias: 'Lancer' }) },
    { type: 'character.register', seat: 's3', partner: SABER, sheet: sheets.rin ?? masterSheet({ sealsLeft: 3 }) },
    {
      type: 'battle.start',
      scene: 'night',
      participants: [
        { character: SABER, side: 'A', row: 'front' },
        { character: RIN, side: 'A', row: 'front' },
        { character: LANCER, side: 'B', row: 'front' },
      ],
      regions: {},
      knowledge: [],
      ambushSide: null,
    },
  );
  if (stopAtPrebattle) return s;
  for (const v of ['s1', 's2', 's3']) s = run(s, seat(v), { type: 'battle.prepare', decl: EMPTY });
  return s;
}
