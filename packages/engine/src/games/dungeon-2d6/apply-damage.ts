import { canDeclare, closeWindow, isOpen, stillDeciding } from '../../kernel/reaction-window.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { consumeUse, done, emit, GM_PARTICIPANT, openLinked, requireControl, requireGm, windowEvent } from './context.ts';
import { gainHp, loseHp, markDown } from './hp.ts';
import { closeConcentration } from './resolution.ts';
import type { Attack, AttackTarget, Character } from './state.ts';
import { findCharacter } from './state.ts';
import { barrierStatsHidden, positionHidden, seenIn, statsHidden } from './visibility.ts';

function usable(c: Character, skill: 'counter' | 'sacrifice' | 'fukutsu'): boolean {
  const s = c.skills[skill];
  return s !== undefined && (s.uses === null || s.uses > 0);
}

function spendIfConsumable(c: Character, skill: 'counter' | 'sacrifice' | 'fukutsu', rule: string): Result<void> {
  return c.skills[skill]?.uses === null ? ok(undefined) : consumeUse(c, skill, rule);
}

/**
 * D6-ENG-06: the GM enters the base damage after seeing both totals; the engine enforces the crit rules: +1d6 on an
 * attack crit (D6-CRIT-02), nothing at all on a defence crit, even against an attack crit (D6-CRIT-04).
 * Determining damage ends the defender's concentration window and opens カウンター / 自己犠牲 (D6-WIN-05).
 */
export const attackDamage: Handler<'attack.damage'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const attack = ctx.state.attacks[cmd.attack];
  if (!attack) return err('NO_SUCH_ATTACK');
  const t = attack.targets.find((x) => x.target === cmd.target);
  if (!t) return err('NOT_A_TARGET');
  if (t.state !== 'defended') return err('NOT_DEFENDED', 'D6-ATK-02');
  const isBarrier = t.target.startsWith('b');
  const checks = isBarrier ? [null] : t.defence.map((id) => ctx.state.checks[id]!);
  if (cmd.amounts.length !== checks.length) return err('WRONG_DAMAGE_COUNT', 'D6-COVER-05');
  const attackCheck = attack.check ? ctx.state.checks[attack.check] : undefined;
  const damage: number[] = [];
  for (const [i, check] of checks.entries()) {
    if (check) closeConcentration(ctx, check);
    if (check?.crit) {
      damage.push(0);
      continue;
    }
    let amount = cmd.amounts[i]!;
    if (attackCheck?.crit) {
      const extra = ctx.rng.die(6);
      t.extraDice.push(extra);
      amount += extra;
    }
    damage.push(amount);
  }
  t.damage = damage;
  t.state = 'damaged';
  // D6-HID-02: the extra die of a secret attack's critical is the GM's; the table reads the damage it comes to.
  const dealt = { attack: attack.id, target: t.target, damage, extraDice: t.extraDice };
  if (attackCheck?.secret) emit(ctx, 'attack.damage', { attack: attack.id, target: t.target, damage }, { secret: { data: { extraDice: t.extraDice } } });
  else emit(ctx, 'attack.damage', dealt);
  if (isBarrier) return damageBarrier(ctx, attack, t);
  const defender = findCharacter(ctx.state, t.defender)!;
  // D6-HID-01: the GM answers for its own characters as it enters the damage: unless it keeps the window open for
  // them (gmReactions, and then the window lists 'gm'), they pass, so the window never depends on what they hold.
  const asked = (c: Character) => !statsHidden(c) || cmd.gmReactions;
  const eligible = [
    ...(usable(defender, 'counter') && asked(defender) ? [defender.id] : []),
    ...(positionHidden(defender) ? [] : seenIn(ctx.state, defender.zone))
      .filter((c) => c.id !== defender.id && usable(c, 'sacrifice') && asked(c))
      .map((c) => c.id),
    ...(cmd.gmReactions ? [GM_PARTICIPANT] : []),
  ];
  if (eligible.length === 0) {
    applyDamage(ctx, attack, t);
    return done;
  }
  t.afterWindow = openLinked(ctx, 'after-damage', eligible, { kind: 'after-damage', attack: attack.id, target: t.target });
  return done;
};

/** D6-SKL-BARRIER-05 (default): the barrier ends when its HP reaches 0 or less. */
function damageBarrier(ctx: Ctx, attack: Attack, t: AttackTarget): Result<void> {
  const b = ctx.state.barriers.find((x) => x.id === t.target)!;
  b.hp -= t.damage!.reduce((s, d) => s + d, 0);
  t.state = 'applied';
  if (barrierStatsHidden(ctx.state, b)) emit(ctx, 'barrier.damaged', { attack: attack.id, barrier: b.id }, { secret: { data: { hp: b.hp } } });
  else emit(ctx, 'barrier.damaged', { attack: attack.id, barrier: b.id, hp: b.hp });
  if (b.hp <= 0) {
    ctx.state.barriers = ctx.state.barriers.filter((x) => x.id !== b.id);
    emit(ctx, 'barrier.ended', { barrier: b.id });
  }
  return done;
}

function afterTarget(ctx: Ctx, attackId: string, targetId: string): Result<{ attack: Attack; t: AttackTarget }> {
  const attack = ctx.state.attacks[attackId];
  if (!attack) return err('NO_SUCH_ATTACK');
  const t = attack.targets.find((x) => x.target === targetId);
  if (!t) return err('NOT_A_TARGET');
  const w = t.afterWindow ? ctx.state.windows[t.afterWindow] : undefined;
  if (!w || !isOpen(w)) return err('WINDOW_CLOSED', 'D6-WIN-05');
  return ok({ attack, t });
}

/** カウンター D6-SKL-COUNTER-01/03: declared by the defender once damage is determined; no 手番. */
export const attackCounter: Handler<'attack.counter'> = (ctx, cmd) => {
  const found = afterTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const { t } = found.value;
  const c = requireControl(ctx, t.defender);
  if (!c.ok) return c;
  const may = canDeclare(ctx.state.windows[t.afterWindow!]!, c.value.id);
  if (!may.ok) return { ok: false, error: { ...may.error, rule: 'D6-WIN-05' } };
  if (t.counter) return err('ALREADY_DECLARED', 'D6-SKL-COUNTER-01');
  const used = spendIfConsumable(c.value, 'counter', 'D6-SKL-COUNTER-01');
  if (!used.ok) return used;
  t.counter = 'declared';
  emit(ctx, 'attack.counter', { attack: cmd.attack, target: cmd.target, by: c.value.id });
  return done;
};

/** D6-SKL-COUNTER-02: what counts as success is the base game's, so the GM rules; success means no damage. */
export const attackCounterRuling: Handler<'attack.counter-ruling'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const found = afterTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const { t } = found.value;
  if (t.counter !== 'declared') return err('NO_COUNTER', 'D6-SKL-COUNTER-02');
  t.counter = cmd.success ? 'success' : 'failure';
  emit(ctx, 'attack.counter-ruled', { attack: cmd.attack, target: cmd.target, success: cmd.success });
  return done;
};

/**
 * 自己犠牲 D6-SKL-SACRIFICE-01: after the defence check and the damage, no 手番; taking the damage is the INFERRED
 * effect. D6-WIN-14 (default): カウンター comes first, so it waits until the defender's counter is settled.
 */
export const attackSacrifice: Handler<'attack.sacrifice'> = (ctx, cmd) => {
  const found = afterTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const { t } = found.value;
  const c = requireControl(ctx, cmd.by);
  if (!c.ok) return c;
  const w = ctx.state.windows[t.afterWindow!]!;
  const may = canDeclare(w, c.value.id);
  if (!may.ok) return { ok: false, error: { ...may.error, rule: 'D6-WIN-05' } };
  const counterPending = t.counter === 'declared' || (t.counter === null && stillDeciding(w).includes(t.defender));
  if (counterPending) return err('COUNTER_FIRST', 'D6-WIN-14');
  if (t.sacrificeBy) return err('ALREADY_DECLARED', 'D6-SKL-SACRIFICE-01');
  const used = spendIfConsumable(c.value, 'sacrifice', 'D6-SKL-SACRIFICE-01');
  if (!used.ok) return used;
  t.sacrificeBy = c.value.id;
  emit(ctx, 'attack.sacrifice', { attack: cmd.attack, target: cmd.target, by: c.value.id });
  return done;
};

/** D6-ATK-02 step 11: damage is applied when the after-damage window closes, by whatever route. */
export function applyDamage(ctx: Ctx, attack: Attack, t: AttackTarget): void {
  if (t.state !== 'damaged') return;
  t.state = 'applied';
  const total = t.counter === 'success' ? 0 : (t.damage ?? []).reduce((s, d) => s + d, 0);
  const recipient = findCharacter(ctx.state, t.sacrificeBy ?? t.defender)!;
  emit(ctx, 'attack.applied', { attack: attack.id, target: t.target, recipient: recipient.id, damage: total });
  loseHp(ctx, recipient, total, 'damage');
}

/**
 * 不屈: at HP 0 it sets HP to 1 (D6-SKL-FUKUTSU-01, window D6-WIN-07); otherwise it clears stun, 威圧 and 芸能
 * (D6-SKL-FUKUTSU-02, D6-WIN-08). Never a 手番 (D6-SKL-FUKUTSU-03).
 */
export const fukutsuUse: Handler<'fukutsu.use'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  if (!usable(c.value, 'fukutsu')) return err('NO_USES_LEFT', 'D6-SKL-FUKUTSU-01');
  const windowId = Object.keys(ctx.state.links).find((id) => {
    const l = ctx.state.links[id]!;
    return l.kind === 'fukutsu' && l.character === c.value.id && isOpen(ctx.state.windows[id]!);
  });
  if (windowId) {
    spendIfConsumable(c.value, 'fukutsu', 'D6-SKL-FUKUTSU-01');
    closeWindow(ctx.state.windows[windowId]!, 'rule');
    windowEvent(ctx, 'window.closed', windowId, { reason: 'rule' });
    emit(ctx, 'fukutsu.used', { character: c.value.id, mode: 'survive' });
    gainHp(ctx, c.value, 1 - c.value.hp, 'fukutsu');
    return done;
  }
  const affected = c.value.statuses.length > 0 || c.value.modifiers.some((m) => m.stackKey === 'intimidate-penalty');
  if (!affected) return err('NOTHING_TO_CLEAR', 'D6-WIN-08');
  spendIfConsumable(c.value, 'fukutsu', 'D6-SKL-FUKUTSU-02');
  c.value.statuses = [];
  c.value.modifiers = c.value.modifiers.filter((m) => m.stackKey !== 'intimidate-penalty');
  emit(ctx, 'fukutsu.used', { character: c.value.id, mode: 'clear' });
  return done;
};

/** A 不屈 window that closed unused: the character is down. */
export function fukutsuLapsed(ctx: Ctx, characterId: string): void {
  const c = findCharacter(ctx.state, characterId);
  if (c && c.hp <= 0) markDown(ctx, c);
}
