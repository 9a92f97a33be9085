import { canDeclare, closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, hasTurn, openLinked, requireControl, requireGm, spendTurn } from './context.ts';
import { startOpposed } from './apply-check.ts';
import { loseHp } from './hp.ts';
import { completeMove, validatePath } from './movement.ts';
import type { Character, Move } from './state.ts';
import { charactersIn, nextId, opposes } from './state.ts';

export const move: Handler<'move'> = (ctx, command) => {
  const c = requireControl(ctx, command.character);
  if (!c.ok) return c;
  if (c.value.down) return err('CHARACTER_DOWN');
  const turn = hasTurn(ctx, c.value);
  if (!turn.ok) return turn;
  const path = validatePath(ctx, c.value, command.path);
  if (!path.ok) return path;
  spendTurn(ctx, c.value);
  startMove(ctx, c.value, command.path);
  return done;
};

/**
 * D6-ZONE-02: outside combat a character leaves freely. D6-ZONE-06 / D6-WIN-06: in combat, opponents in the zone being
 * left may obstruct; the window lets the blocking side decide before the character goes.
 */
function startMove(ctx: Ctx, c: Character, path: string[]): void {
  const blockers = ctx.state.mode === 'combat' ? charactersIn(ctx.state, c.zone).filter((o) => opposes(o, c)) : [];
  const id = nextId(ctx.state, 'm');
  const m: Move = { id, character: c.id, path, window: '', opposed: null, state: 'pending' };
  ctx.state.moves[id] = m;
  if (blockers.length === 0) {
    completeMove(ctx, m, true);
    return;
  }
  emit(ctx, 'move.declared', { move: id, character: c.id, to: path[path.length - 1] });
  m.window = openLinked(ctx, 'obstruct', blockers.map((b) => b.id), { kind: 'obstruct', move: id });
}

/** D6-ZONE-06: one blocker, chosen by the blocking side, makes the leaver win an opposed 機敏 check (leaver active). */
export const moveObstruct: Handler<'move.obstruct'> = (ctx, command) => {
  const m = ctx.state.moves[command.move];
  if (!m) return err('NO_SUCH_MOVE');
  const blocker = requireControl(ctx, command.blocker);
  if (!blocker.ok) return blocker;
  const w = ctx.state.windows[m.window];
  if (!w) return err('WINDOW_CLOSED', 'D6-WIN-06');
  const may = canDeclare(w, blocker.value.id);
  if (!may.ok) return { ok: false, error: { ...may.error, rule: 'D6-WIN-06' } };
  closeWindow(w, 'rule');
  emit(ctx, 'window.closed', { window: w.id, reason: 'rule' });
  const started = startOpposed(
    ctx,
    { character: m.character, kind: 'disengage', ability: 'AGI', targetVisible: false, secret: false, modifiers: [], usePet: false, dice: 2 },
    { character: blocker.value.id, ability: 'AGI', secret: false },
    true,
    m.id,
  );
  if (!started.ok) return started;
  m.opposed = started.value;
  emit(ctx, 'move.obstructed', { move: m.id, blocker: blocker.value.id, opposed: started.value });
  return done;
};

/** The GM lets the character go: the obstruction window closes and the move completes. */
export const moveAllow: Handler<'move.allow'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const m = ctx.state.moves[command.move];
  if (!m) return err('NO_SUCH_MOVE');
  const w = ctx.state.windows[m.window];
  if (!w || !isOpen(w)) return err('WINDOW_CLOSED', 'D6-WIN-06');
  closeWindow(w, 'gm');
  emit(ctx, 'window.closed', { window: w.id, reason: 'gm' });
  completeMove(ctx, m, true);
  return done;
};

/** D6-ZONE-02 / D6-ZONE-08: a character standing apart is alone in a zone of its own, next to the one it left. */
export const zoneLeave: Handler<'zone.leave'> = (ctx, command) => {
  const c = requireControl(ctx, command.character);
  if (!c.ok) return c;
  const from = ctx.state.zones.find((z) => z.id === c.value.zone)!;
  const id = nextId(ctx.state, 'z');
  ctx.state.zones.push({ id, name: `${from.name} (${c.value.name})`, adjacent: [from.id] });
  from.adjacent.push(id);
  emit(ctx, 'zone.added', { zone: id, name: `${from.name} (${c.value.name})`, adjacent: [from.id] });
  const path = validatePath(ctx, c.value, [id]);
  if (!path.ok) return path;
  startMove(ctx, c.value, [id]);
  return done;
};

/** D6-ZONE-03: an area trap hits everyone in its zone at that moment; damage, if any, is applied directly. */
export const trapTrigger: Handler<'trap.trigger'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const trap = ctx.state.traps.find((t) => t.id === command.trap);
  if (!trap) return err('NO_SUCH_TRAP');
  if (trap.disarmed) return err('TRAP_DISARMED', 'D6-TRAP-01');
  const affected = charactersIn(ctx.state, trap.zone);
  trap.found = true;
  emit(ctx, 'trap.triggered', { trap: trap.id, zone: trap.zone, area: trap.area, affected: affected.map((a) => a.id) });
  for (const a of affected) if (command.damage) loseHp(ctx, a, command.damage, 'trap');
  return done;
};

/** D6-LITE-01: a magic-capable character makes light as flavour, with no check or cost. */
export const lightMake: Handler<'light.make'> = (ctx, command) => {
  const c = requireControl(ctx, command.character);
  if (!c.ok) return c;
  if (!c.value.magicCapable) return err('NOT_MAGIC_CAPABLE', 'D6-LITE-01');
  emit(ctx, 'light.made', { character: c.value.id });
  return done;
};

/** Ends a move whose obstruction window closed without an obstruction (every blocker passed, or a timeout). */
export function obstructionLapsed(ctx: Ctx, moveId: string): void {
  const m = ctx.state.moves[moveId];
  if (m && m.state === 'pending' && !m.opposed) completeMove(ctx, m, true);
}
