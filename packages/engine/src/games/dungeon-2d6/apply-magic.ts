import { GM_ONLY } from '../../kernel/events.ts';
import { err } from '../../kernel/result.ts';
import { teleportCapacity } from './abilities.ts';
import type { Handler } from './context.ts';
import { done, emit, requireControl, requireGm } from './context.ts';
import { rollCheck } from './check.ts';
import { useSkill } from './apply-skills.ts';
import { placeCharacter } from './movement.ts';
import { barrierIn, findCharacter, nextId, opaqueId, opposes } from './state.ts';
import { positionHidden, requireSeen, zoneFor } from './visibility.ts';

/** 結界魔法 D6-SKL-BARRIER-01: a 精神 check; the barrier is raised from its total when the check is resolved. */
export const skillBarrier: Handler<'skill.barrier'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (barrierIn(ctx.state, c.value.zone)) return err('ALREADY_ACTIVE', 'D6-SKL-BARRIER-05');
  const used = useSkill(ctx, c.value, 'barrier', 'D6-SKL-BARRIER-01');
  if (!used.ok) return used;
  const rolled = rollCheck(ctx, c.value, {
    character: c.value.id, kind: 'barrier', ability: 'SPI', targetVisible: false, secret: false, modifiers: [], usePet: false, dice: 2,
  }, { purpose: 'barrier' });
  return rolled.ok ? done : rolled;
};

/**
 * 転移魔法 D6-SKL-TELEPORT-01/02/04/05: to a place in sight within 100 m, a place the user knows well, or a marked place;
 * up to N willing passengers from the user's own zone; never across a barrier.
 */
export const skillTeleport: Handler<'skill.teleport'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const user = c.value;
  const d = cmd.destination;
  if (d.kind === 'sight' && d.distanceM > 100) return err('TOO_FAR', 'D6-SKL-TELEPORT-01');
  if (d.kind === 'known' && !user.knownPlaces.includes(d.place)) return err('PLACE_NOT_KNOWN', 'D6-SKL-TELEPORT-01');
  if (d.kind === 'mark' && !user.marks.includes(d.place)) return err('NO_MARK', 'D6-SKL-TELEPORT-02');
  if (d.zone !== undefined && !zoneFor(ctx.state, ctx.actor, d.zone)) return err('NO_SUCH_ZONE');
  if (cmd.passengers.length > teleportCapacity(user)) return err('TOO_MANY_PASSENGERS', 'D6-SKL-TELEPORT-04');
  const passengers = [];
  for (const id of new Set(cmd.passengers)) {
    const p = findCharacter(ctx.state, id);
    if (!p || p.id === user.id) return err('NO_SUCH_CHARACTER');
    const seen = requireSeen(ctx, p);
    if (!seen.ok) return seen;
    if (p.zone !== user.zone) return err('NOT_SAME_ZONE', 'D6-SKL-TELEPORT-04');
    if (opposes(p, user)) return err('UNWILLING_PASSENGER', 'D6-SKL-TELEPORT-04');
    passengers.push(p);
  }
  const dest = d.zone;
  if (dest !== user.zone && (barrierIn(ctx.state, user.zone) || (dest !== undefined && barrierIn(ctx.state, dest)))) {
    return err('BLOCKED_BY_BARRIER', 'D6-SKL-TELEPORT-05');
  }
  const used = useSkill(ctx, user, 'teleport', 'D6-SKL-TELEPORT-01');
  if (!used.ok) return used;
  // D6-HID-06: what the table reads of the jump is what it can see of it: nothing of hidden travellers.
  const movers = [user, ...passengers];
  const unseenJump = movers.every(positionHidden);
  let zone = dest;
  if (zone === undefined) {
    // A place off the scene map becomes a zone of its own; one only hidden travellers reach is hidden too.
    zone = unseenJump ? opaqueId(ctx.state, ctx.rng, 'z') : nextId(ctx.state, 'z');
    const name = d.kind === 'sight' ? 'sight' : d.place;
    ctx.state.zones.push({ id: zone, name, adjacent: [], ...(unseenJump ? { hidden: true } : {}) });
    emit(ctx, 'zone.added', { zone, name, adjacent: [] }, unseenJump ? { to: GM_ONLY } : {});
  }
  const all = { user: user.id, passengers: passengers.map((p) => p.id), zone, via: d.kind };
  if (positionHidden(user)) emit(ctx, 'teleported', all, { to: GM_ONLY });
  else emit(ctx, 'teleported', { ...all, passengers: passengers.filter((p) => !positionHidden(p)).map((p) => p.id) }, { secret: { data: { passengers: all.passengers } } });
  for (const who of movers) placeCharacter(ctx, who, zone, 'teleport');
  return done;
};

/** D6-SKL-TELEPORT-02: a mark needs calm surroundings and about ten minutes, so the GM places it, never in combat. */
export const teleportMark: Handler<'teleport.mark'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (!c.value.skills.teleport) return err('NO_SUCH_SKILL', 'D6-SKL-TELEPORT-02');
  if (ctx.state.mode === 'combat') return err('NEEDS_CALM', 'D6-SKL-TELEPORT-02');
  if (!c.value.marks.includes(cmd.place)) c.value.marks.push(cmd.place);
  emit(ctx, 'teleport.marked', { character: c.value.id, place: cmd.place });
  return done;
};

/** D6-SKL-TELEPORT-01: only a place the character knows well counts; merely visited or seen places do not. */
export const teleportLearnPlace: Handler<'teleport.learn-place'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (cmd.wellKnown && !c.value.knownPlaces.includes(cmd.place)) c.value.knownPlaces.push(cmd.place);
  emit(ctx, 'teleport.place', { character: c.value.id, place: cmd.place, counts: cmd.wellKnown });
  return done;
};

/** 召喚魔法 D6-SKL-SUMMON-02: a 精神 check with the final value; the summon appears when the check is resolved. */
export const skillSummon: Handler<'skill.summon'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const used = useSkill(ctx, c.value, 'summon', 'D6-SKL-SUMMON-02');
  if (!used.ok) return used;
  const rolled = rollCheck(ctx, c.value, {
    character: c.value.id, kind: 'summon', ability: 'SPI', targetVisible: false, secret: false, modifiers: [],
    usePet: false, dice: 2, subject: cmd.name,
  }, { purpose: 'summon' });
  return rolled.ok ? done : rolled;
};

/** D6-SKL-SUMMON-02: with a total of 14 or more, the user picks the monster's one skill. */
export const summonChooseSkill: Handler<'summon.choose-skill'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.summon);
  if (!c.ok) return c;
  if (!c.value.pendingSkillChoice) return err('NO_SKILL_CHOICE', 'D6-SKL-SUMMON-02');
  c.value.pendingSkillChoice = false;
  c.value.skills[cmd.skill] = { uses: ctx.state.registry[cmd.skill]?.consumable ? (ctx.state.registry[cmd.skill]?.usesPerSession ?? 1) : null };
  emit(ctx, 'summon.skill', { summon: c.value.id, skill: cmd.skill });
  return done;
};
