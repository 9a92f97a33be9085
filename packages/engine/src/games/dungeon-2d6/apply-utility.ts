import { err } from '../../kernel/result.ts';
import type { Handler } from './context.ts';
import { done, emit, requireCharacter, requireControl, spendTurn } from './context.ts';
import { useSkill } from './apply-skills.ts';
import { flightCap, revealZone } from './movement.ts';
import { findCharacter, hasSkill, opposes } from './state.ts';
import { requireSeen, statsHidden } from './visibility.ts';

/** アイテム袋 D6-SKL-ITEMBAG-01: only flavour items, consumables sold in town, or exploration items. */
export const skillItemBag: Handler<'skill.item-bag'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (cmd.kind === 'other') return err('ITEM_NOT_ALLOWED', 'D6-SKL-ITEMBAG-01');
  const used = useSkill(ctx, c.value, 'itemBag', 'D6-SKL-ITEMBAG-01');
  if (!used.ok) return used;
  emit(ctx, 'item-bag.produced', { user: c.value.id, item: cmd.item, kind: cmd.kind });
  return done;
};

/**
 * 飛行: taking off or landing. D6-SKL-FLIGHT-04: flight speed is at most about 3× normal movement. Without a stated
 * speed the flier takes the full 3×; a player may not state more. "About" is the GM's to rule, so the GM may. With no
 * movement on the sheet there is nothing to multiply, and the speed stays whatever was stated.
 */
export const skillFlight: Handler<'skill.flight'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'flight')) return err('NO_SUCH_SKILL', 'D6-SKL-FLIGHT-01');
  if (!cmd.on) {
    c.value.flags.flying = false;
    c.value.flightSpeed = null;
    emit(ctx, 'flight.ended', { character: c.value.id });
    return done;
  }
  const cap = flightCap(c.value.movement);
  if (cmd.speed !== undefined && cap !== null && cmd.speed > cap && ctx.actor.role !== 'gm') {
    return err('FLIGHT_TOO_FAST', 'D6-SKL-FLIGHT-04', `${cap}`);
  }
  c.value.flags.flying = true;
  c.value.flightSpeed = cmd.speed ?? cap;
  // D6-HID-01: a GM-run character's speed is one of its statistics, so only the GM learns it.
  const speed = { speed: c.value.flightSpeed };
  if (statsHidden(c.value)) emit(ctx, 'flight.started', { character: c.value.id }, { secret: { data: speed } });
  else emit(ctx, 'flight.started', { character: c.value.id, ...speed });
  return done;
};

/** 変身 D6-SKL-TRANSFORM-01: permanent; ending it costs no 手番; outside combat it is never a passive action. */
export const skillTransform: Handler<'skill.transform'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'transform')) return err('NO_SUCH_SKILL', 'D6-SKL-TRANSFORM-01');
  if (cmd.asReaction && ctx.state.mode !== 'combat') return err('NOT_AS_PASSIVE', 'D6-SKL-TRANSFORM-01');
  if (c.value.flags.transformed === cmd.on) return err('ALREADY_ACTIVE', 'D6-SKL-TRANSFORM-01');
  if (cmd.on) {
    const turn = spendTurn(ctx, c.value);
    if (!turn.ok) return turn;
  }
  c.value.flags.transformed = cmd.on;
  emit(ctx, 'transform.changed', { character: c.value.id, on: cmd.on });
  return done;
};

/**
 * 盗み D6-SKL-STEAL-01: makes an opponent drop the weapon it is using; armour and accessories cannot be taken. Only an
 * opponent: an ally's weapon is its player's to keep (issue 12, each character's choices are its own player's).
 */
export const skillSteal: Handler<'skill.steal'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const target = requireCharacter(ctx, cmd.target);
  if (!target.ok) return target;
  if (!opposes(c.value, target.value)) return err('NOT_AN_OPPONENT', 'D6-SKL-STEAL-01');
  const item = target.value.equipment.find((e) => e.id === cmd.item);
  if (!item) return err('NO_SUCH_ITEM');
  if (item.kind !== 'weapon' || !item.wielded) return err('CANNOT_STEAL', 'D6-SKL-STEAL-01');
  const used = useSkill(ctx, c.value, 'steal', 'D6-SKL-STEAL-01');
  if (!used.ok) return used;
  target.value.equipment = target.value.equipment.filter((e) => e.id !== item.id);
  emit(ctx, 'weapon.dropped', { user: c.value.id, target: target.value.id, item: item.id, name: item.name });
  return done;
};

/** 隠密 D6-SKL-STEALTH-01: needs no place to hide; the hidden character's position is then withheld (D6-HID-06). */
export const skillStealth: Handler<'skill.stealth'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'stealth')) return err('NO_SUCH_SKILL', 'D6-SKL-STEALTH-01');
  c.value.flags.hidden = cmd.on;
  // Coming out of hiding in a zone only it knew shows the table that zone first (D6-ZONE-08).
  if (!cmd.on) revealZone(ctx, c.value.zone);
  emit(ctx, 'stealth.changed', { character: c.value.id, on: cmd.on });
  return done;
};

/** 霊的視力 D6-SKL-SPIRITSIGHT-01: switched on and off whenever the player declares it. */
export const skillSpiritSight: Handler<'skill.spirit-sight'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'spiritSight')) return err('NO_SUCH_SKILL', 'D6-SKL-SPIRITSIGHT-01');
  c.value.flags.spiritSight = cmd.on;
  emit(ctx, 'spirit-sight.changed', { character: c.value.id, on: cmd.on });
  return done;
};

/** 治癒魔法 D6-SKL-HEAL-01 / D6-ZONE-10: several targets must share one zone; the GM applies the base game's amount. */
export const skillHeal: Handler<'skill.heal'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const zones = new Set<string>();
  for (const id of cmd.targets) {
    const t = findCharacter(ctx.state, id);
    if (!t) return err('NO_SUCH_CHARACTER');
    const seen = requireSeen(ctx, t);
    if (!seen.ok) return seen;
    zones.add(t.zone);
  }
  if (zones.size > 1) return err('NOT_SAME_ZONE', 'D6-ZONE-10');
  const used = useSkill(ctx, c.value, 'heal', 'D6-SKL-HEAL-01');
  if (!used.ok) return used;
  emit(ctx, 'heal.declared', { user: c.value.id, targets: cmd.targets });
  return done;
};
