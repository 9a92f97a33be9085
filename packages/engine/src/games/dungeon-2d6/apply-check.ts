import { canCloseByRule, canDeclare, closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { consumeUse, done, emit, requireControl, requireGm, windowEvent } from './context.ts';
import { CONCENTRATION_CAP, computeOutcome, computeTotal, rollCheck } from './check.ts';
import { loseHp } from './hp.ts';
import { finishDisengage } from './movement.ts';
import { publishCheck } from './public.ts';
import { CONSUME_SKILL, closeConcentration, resolveCheck, somethingThere, succeed } from './resolution.ts';
import type { CheckRecord } from './state.ts';
import { findCharacter } from './state.ts';

/** Check kinds that have their own commands: attacks, defences, disengaging and the spell checks. */
const OWN_COMMAND = new Set(['attack', 'defence', 'disengage', 'summon', 'barrier']);

/** D6-ENG-02: a check of the character's own (attacks, defences and spells have their own commands). */
export const checkRoll: Handler<'check.roll'> = (ctx, { check: spec }) => {
  if (OWN_COMMAND.has(spec.kind)) return err('USE_OWN_COMMAND', 'D6-ENG-02');
  const c = requireControl(ctx, spec.character);
  if (!c.ok) return c;
  if (c.value.down) return err('CHARACTER_DOWN');
  if (spec.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  const rolled = rollCheck(ctx, c.value, spec);
  return rolled.ok ? done : rolled;
};

/**
 * 《集中》 (D6-CONC-01..07): +1 to the total per HP, at most 5 per check, only while the roller's window is open,
 * never more HP than the character has. The HP is a cost, not damage: nothing reacts to it (D6-CONC-06).
 */
export const checkConcentrate: Handler<'check.concentrate'> = (ctx, command) => {
  const check = ctx.state.checks[command.check];
  if (!check) return err('NO_SUCH_CHECK');
  const c = requireControl(ctx, check.character);
  if (!c.ok) return c;
  if (check.noConcentration) return err(check.noConcentration, 'D6-CONC-08');
  const w = check.window ? ctx.state.windows[check.window] : undefined;
  if (!w) return err('WINDOW_CLOSED', 'D6-WIN-12');
  const open = canDeclare(w, c.value.id);
  if (!open.ok) return { ok: false, error: { ...open.error, rule: 'D6-WIN-12' } };
  if (check.concentration + command.hp > CONCENTRATION_CAP) return err('CAP_EXCEEDED', 'D6-CONC-02');
  const hp = c.value.hp;
  if (command.hp > hp || (command.hp === hp && !ctx.state.options.concentrateToZero)) return err('INSUFFICIENT_HP', 'D6-CONC-07');
  check.concentration += command.hp;
  check.total = computeTotal(check);
  if (!check.opposed && !check.attack) check.outcome = computeOutcome(check);
  publishCheck(ctx, 'check.concentrated', check, { hp: command.hp }, true);
  loseHp(ctx, c.value, command.hp, 'concentration');
  return done;
};

/**
 * D6-ENG-03: the GM commits a non-opposed check. A target number (or a crit or fumble) decides it unless the GM
 * overrides with a reason; without a target the roll stands as its total (D6-BASE-01), or the GM rules a success or
 * failure on it.
 */
export const checkResolve: Handler<'check.resolve'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const check = ctx.state.checks[command.check];
  if (!check) return err('NO_SUCH_CHECK');
  if (check.opposed || check.attack) return err('OPPOSED_CHECK', 'D6-BASE-03');
  if (check.resolved) return err('ALREADY_RESOLVED');
  const computed = spellDefault(check) ?? computeOutcome(check);
  if (computed === 'total') {
    resolveCheck(ctx, check, command.outcome ?? 'total');
    return done;
  }
  if (command.outcome && command.outcome !== computed) return err('USE_OVERRIDE', 'D6-ENG-07');
  resolveCheck(ctx, check, computed);
  return done;
};

/**
 * The GM takes a pending check off the table unsettled (D6-ENG-07: the GM may set aside any automatic result): its
 * windows close and nothing follows from it. An opposed check goes as a whole, both sides; a disengage it stood for
 * lets the character go, as an obstruction nobody presses does (D6-ZONE-06 needs an enemy that means to stop it;
 * INFERRED). An attack's checks belong to its sequence (D6-ATK-02) and are not dropped one by one.
 */
export const checkDrop: Handler<'check.drop'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const check = ctx.state.checks[command.check];
  if (!check) return err('NO_SUCH_CHECK');
  if (check.attack) return err('USE_OWN_COMMAND', 'D6-ATK-02');
  if (check.resolved) return err('ALREADY_RESOLVED');
  const o = check.opposed ? ctx.state.opposed[check.opposed] : undefined;
  const sides = o ? [o.active, ...(o.passive ? [o.passive] : [])] : [check.id];
  for (const id of sides) {
    const k = ctx.state.checks[id]!;
    k.outcome = 'dropped';
    k.resolved = true;
    closeConcentration(ctx, k);
    publishCheck(ctx, 'check.resolved', k);
  }
  if (o?.move) finishDisengage(ctx, o.move, true);
  return done;
};

/** A spell check succeeds unless it fumbled: the total itself is the result (D6-SKL-BARRIER-01, D6-SKL-SUMMON-02). */
function spellDefault(check: CheckRecord): 'success' | 'failure' | null {
  if (check.purpose !== 'barrier' && check.purpose !== 'summon') return null;
  return check.fumble ? 'failure' : 'success';
}

/** D6-LOCK-03, D6-SRCH-03, D6-TRAP-03: consuming the skill after a failure makes the check succeed. */
export const checkConsume: Handler<'check.consume'> = (ctx, command) => {
  const check = ctx.state.checks[command.check];
  if (!check) return err('NO_SUCH_CHECK');
  const c = requireControl(ctx, check.character);
  if (!c.ok) return c;
  const skill = CONSUME_SKILL[check.kind];
  if (!skill) return err('SKILL_NOT_APPLICABLE', 'D6-WIN-09');
  const windowId = Object.keys(ctx.state.links).find((id) => {
    const l = ctx.state.links[id]!;
    return l.kind === 'consume' && l.check === check.id;
  });
  const w = windowId ? ctx.state.windows[windowId] : undefined;
  if (!w || !isOpen(w)) return err('WINDOW_CLOSED', 'D6-WIN-09');
  const there = somethingThere(ctx, c.value, check);
  if (!there && !ctx.state.options.consumeWhenNothingThere) return err('NOTHING_THERE', 'D6-SRCH-03');
  const used = consumeUse(c.value, skill, 'D6-WIN-09');
  if (!used.ok) return used;
  closeWindow(w, 'rule');
  windowEvent(ctx, 'window.closed', w.id, { reason: 'rule' });
  check.consumed = true;
  check.outcome = 'success';
  publishCheck(ctx, 'check.consumed', check, { skill, nothingThere: !there });
  succeed(ctx, c.value, check);
  return done;
};

/** D6-BASE-03: the active side starts an opposed check and rolls at once; the passive side rolls later. */
export const opposedStart: Handler<'opposed.start'> = (ctx, command) => {
  if (OWN_COMMAND.has(command.active.kind)) return err('USE_OWN_COMMAND', 'D6-ENG-02');
  const active = requireControl(ctx, command.active.character);
  if (!active.ok) return active;
  const passive = findCharacter(ctx.state, command.passive.character);
  if (!passive) return err('NO_SUCH_CHARACTER');
  if ((command.active.secret || command.passive.secret) && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  const id = startOpposed(ctx, command.active, command.passive, command.clearActive, null);
  return id.ok ? done : id;
};

/** Rolls the active side of an opposed check; its window stays open until the passive side rolls (D6-CONC-05). */
export function startOpposed(
  ctx: Ctx,
  activeSpec: Parameters<typeof rollCheck>[2],
  passiveSpec: { character: string; ability: CheckRecord['ability']; secret: boolean },
  clearActive: boolean,
  move: string | null,
) {
  const c = findCharacter(ctx.state, activeSpec.character)!;
  const id = `o${ctx.state.counters.o + 1}`;
  const rolled = rollCheck(ctx, c, activeSpec, { opposed: id, minSpan: ctx.state.options.activeWindowMinSeconds > 0 });
  if (!rolled.ok) return rolled;
  ctx.state.counters.o += 1;
  ctx.state.opposed[id] = { id, active: rolled.value.id, passive: null, passiveSpec, clearActive, winner: null, move };
  emit(ctx, 'opposed.started', { opposed: id, active: rolled.value.id, passive: passiveSpec.character });
  return { ok: true as const, value: id };
}

/** D6-WIN-02: the passive roll is a server action; it closes the active side's window. */
export const opposedRollPassive: Handler<'opposed.roll-passive'> = (ctx, command) => {
  const o = ctx.state.opposed[command.opposed];
  if (!o) return err('NO_SUCH_OPPOSED');
  if (o.passive) return err('ALREADY_ROLLED');
  if (ctx.state.checks[o.active]!.resolved) return err('ALREADY_RESOLVED');
  const c = requireControl(ctx, o.passiveSpec.character);
  if (!c.ok) return c;
  if (command.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  const active = ctx.state.checks[o.active]!;
  const w = active.window ? ctx.state.windows[active.window] : undefined;
  if (w && isOpen(w)) {
    const may = canCloseByRule(w);
    if (!may.ok) return err(may.error.code, 'D6-WIN-13');
  }
  closeConcentration(ctx, active);
  const kind = active.kind === 'disengage' ? 'disengage' : 'action';
  const rolled = rollCheck(ctx, c.value, {
    character: c.value.id, kind, ability: o.passiveSpec.ability, targetVisible: false, secret: o.passiveSpec.secret || command.secret,
    modifiers: [], usePet: false, dice: 2,
  }, { opposed: o.id });
  if (!rolled.ok) return rolled;
  o.passive = rolled.value.id;
  emit(ctx, 'opposed.passive-rolled', { opposed: o.id, passive: rolled.value.id });
  return done;
};

/** D6-BASE-03: the higher total wins; a tie goes to the active side, or is a draw when neither side is clearly active. */
export function opposedWinner(active: CheckRecord, passive: CheckRecord, clearActive: boolean): 'active' | 'passive' | 'draw' {
  // D6-BASE-02: all sixes succeed and all ones fail, whatever the totals.
  if (active.crit !== passive.crit) return active.crit ? 'active' : 'passive';
  if (active.fumble !== passive.fumble) return active.fumble ? 'passive' : 'active';
  if (active.total > passive.total) return 'active';
  if (passive.total > active.total) return 'passive';
  return clearActive ? 'active' : 'draw';
}

/** D6-BASE-03: the GM settles an opposed check once both sides have rolled; a disengage then ends its move. */
export const opposedResolve: Handler<'opposed.resolve'> = (ctx, command) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const o = ctx.state.opposed[command.opposed];
  if (!o) return err('NO_SUCH_OPPOSED');
  if (!o.passive) return err('PASSIVE_NOT_ROLLED', 'D6-BASE-03');
  // A winner, or the GM dropped the check (checkDrop).
  if (o.winner || ctx.state.checks[o.active]!.resolved) return err('ALREADY_RESOLVED');
  const active = ctx.state.checks[o.active]!;
  const passive = ctx.state.checks[o.passive]!;
  closeConcentration(ctx, passive);
  o.winner = opposedWinner(active, passive, o.clearActive);
  active.resolved = passive.resolved = true;
  active.outcome = o.winner === 'active' ? 'success' : 'failure';
  passive.outcome = o.winner === 'passive' ? 'success' : 'failure';
  emit(ctx, 'opposed.resolved', { opposed: o.id, winner: o.winner, active: active.id, passive: passive.id });
  if (o.move) finishDisengage(ctx, o.move, o.winner === 'active');
  return done;
};
