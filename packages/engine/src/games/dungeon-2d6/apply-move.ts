import { GM_ONLY } from '../../kernel/events.ts';
import { canDeclare, closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, hasTurn, openLinked, requireControl, requireGm, spendTurn, windowEvent } from './context.ts';
import { startOpposed } from './apply-check.ts';
import { loseHp } from './hp.ts';
import type { Plan } from './movement.ts';
import { completeMove, planPath, revealZone } from './movement.ts';
import { positionHidden, seenIn, statsHidden } from './visibility.ts';
import type { Character, Move } from './state.ts';
import { charactersIn, findCharacter, findZone, nextId, opaqueId, opposes } from './state.ts';

/** D6-ZONE-08: a move along adjacent zones, on the character's 手番 in combat. */
export const move: Handler<'move'> = (ctx, command) => {
  const c = requireControl(ctx, command.character);
  if (!c.ok) return c;
  if (c.value.down) return err('CHARACTER_DOWN');
  const turn = hasTurn(ctx, c.value);
  if (!turn.ok) return turn;
  const plan = planPath(ctx, c.value, command.path);
  if (!plan.ok) return plan;
  spendTurn(ctx, c.value);
  startMove(ctx, c.value, plan.value);
  return done;
};

/**
 * D6-ZONE-02: outside combat a character leaves freely. D6-ZONE-06 / D6-WIN-06: in combat, opponents in the zone being
 * left may obstruct; the window lets the blocking side decide before the character goes. D6-HID-06 (INFERRED): no one
 * stops what it cannot see, and a hidden character obstructs no one (it would have to act in the open), so a hidden
 * mover goes freely and hidden bystanders are never asked: what the table sees never depends on them.
 */
function startMove(ctx: Ctx, c: Character, plan: Plan): void {
  const hidden = positionHidden(c);
  const blockers = ctx.state.mode === 'combat' && !hidden ? seenIn(ctx.state, c.zone).filter((o) => opposes(o, c)) : [];
  // A hidden mover's move is the GM's alone: its id takes no number the table could count.
  const id = hidden ? opaqueId(ctx.state, ctx.rng, 'm') : nextId(ctx.state, 'm');
  const m: Move = { id, character: c.id, path: plan.path, window: '', opposed: null, state: 'pending', stoppedBy: plan.stoppedBy };
  ctx.state.moves[id] = m;
  // A visible character heading into a zone only the GM knew shows the table that zone (D6-ZONE-08).
  if (!hidden) for (const z of plan.path) revealZone(ctx, z);
  if (blockers.length === 0) {
    completeMove(ctx, m, true);
    return;
  }
  emit(ctx, 'move.declared', { move: id, character: c.id, to: plan.path[plan.path.length - 1] });
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
  windowEvent(ctx, 'window.closed', w.id, { reason: 'rule' });
  // D6-HID-01/02: a GM-run mover's roll is one the GM did not ask for here, so it keeps the default: the GM's.
  const mover = findCharacter(ctx.state, m.character)!;
  const started = startOpposed(
    ctx,
    { character: m.character, kind: 'disengage', ability: 'AGI', targetVisible: false, secret: statsHidden(mover), modifiers: [], usePet: false, dice: 2 },
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
  windowEvent(ctx, 'window.closed', w.id, { reason: 'gm' });
  completeMove(ctx, m, true);
  return done;
};

/**
 * D6-ZONE-02 / D6-ZONE-08: a character standing apart is alone in a zone of its own, next to the one it left. A hidden
 * character's zone is hidden too (D6-HID-06): the GM's alone, with an id that takes no number from the table's count,
 * until something visible stands in it (movement.ts revealZone).
 */
export const zoneLeave: Handler<'zone.leave'> = (ctx, command) => {
  const c = requireControl(ctx, command.character);
  if (!c.ok) return c;
  const from = ctx.state.zones.find((z) => z.id === c.value.zone)!;
  const hidden = positionHidden(c.value);
  const id = hidden ? opaqueId(ctx.state, ctx.rng, 'z') : nextId(ctx.state, 'z');
  const name = `${from.name} (${c.value.name})`;
  ctx.state.zones.push({ id, name, adjacent: [from.id], ...(hidden ? { hidden: true } : {}) });
  from.adjacent.push(id);
  emit(ctx, 'zone.added', { zone: id, name, adjacent: [from.id] }, hidden ? { to: GM_ONLY } : {});
  const plan = planPath(ctx, c.value, [id]);
  if (!plan.ok) return plan;
  startMove(ctx, c.value, plan.value);
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
  // D6-HID-06: the table reads who was caught among those it can see; the GM reads everyone. A trap in a zone only
  // the GM knows goes off unseen.
  const all = { trap: trap.id, zone: trap.zone, area: trap.area, affected: affected.map((a) => a.id) };
  if (findZone(ctx.state, trap.zone)?.hidden) emit(ctx, 'trap.triggered', all, { to: GM_ONLY });
  else emit(ctx, 'trap.triggered', { ...all, affected: affected.filter((a) => !positionHidden(a)).map((a) => a.id) }, { secret: { data: all } });
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
