import { GM_ONLY } from '../../kernel/events.ts';
import { err } from '../../kernel/result.ts';
import { teleportCapacity } from './abilities.ts';
import type { Ctx, Handler } from './context.ts';
import { controls, done, emit, openLinked, requireControl, requireGm } from './context.ts';
import { useSkill } from './apply-skills.ts';
import { placeCharacter } from './movement.ts';
import type { Character, PendingJump } from './state.ts';
import { barrierIn, findCharacter, nextId, opaqueId, opposes } from './state.ts';
import { positionHidden, requireSeen, zoneFor } from './visibility.ts';

/**
 * 転移魔法 D6-SKL-TELEPORT-01/02/04/05: to a place in sight within 100 m, a place the user knows well, or a marked place;
 * up to N willing passengers from the user's own zone; never across a barrier. D6-SKL-TELEPORT-04 takes only willing
 * passengers, and a character's will is its own player's (D6-CORE-08): passengers the sender runs come along, the
 * others are asked in a 'passengers' window and come if their player accepts (apply-window.ts teleportAccept). The
 * skill is spent now; the jump happens when every asked passenger has answered or the window is closed.
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
  const passengers: Character[] = [];
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
  const asked = passengers.filter((p) => !controls(ctx.actor, p)).map((p) => p.id);
  const jump: PendingJump = {
    user: user.id,
    zone: dest ?? null,
    place: d.kind === 'sight' ? 'sight' : d.place,
    via: d.kind,
    passengers: passengers.filter((p) => controls(ctx.actor, p)).map((p) => p.id),
    accepted: [],
  };
  if (asked.length === 0) jumpNow(ctx, jump);
  else openLinked(ctx, 'passengers', asked, { kind: 'passengers', ...jump });
  return done;
};

/**
 * The jump itself, once the passengers are settled: the user and those willing who still stand beside it (one who
 * walked off or fell meanwhile stays behind).
 */
export function jumpNow(ctx: Ctx, jump: PendingJump): void {
  const user = findCharacter(ctx.state, jump.user);
  if (!user) return;
  const passengers = [...jump.passengers, ...jump.accepted]
    .map((id) => findCharacter(ctx.state, id))
    .filter((p): p is Character => p !== undefined && p.zone === user.zone && !p.down);
  // D6-HID-06: what the table reads of the jump is what it can see of it: nothing of hidden travellers.
  const movers = [user, ...passengers];
  const unseenJump = movers.every(positionHidden);
  let zone = jump.zone;
  if (zone === null) {
    // A place off the scene map becomes a zone of its own; one only hidden travellers reach is hidden too.
    zone = unseenJump ? opaqueId(ctx.state, ctx.rng, 'z') : nextId(ctx.state, 'z');
    ctx.state.zones.push({ id: zone, name: jump.place, adjacent: [], ...(unseenJump ? { hidden: true } : {}) });
    emit(ctx, 'zone.added', { zone, name: jump.place, adjacent: [] }, unseenJump ? { to: GM_ONLY } : {});
  }
  const all = { user: user.id, passengers: passengers.map((p) => p.id), zone, via: jump.via };
  if (positionHidden(user)) emit(ctx, 'teleported', all, { to: GM_ONLY });
  else emit(ctx, 'teleported', { ...all, passengers: passengers.filter((p) => !positionHidden(p)).map((p) => p.id) }, { secret: { data: { passengers: all.passengers } } });
  for (const who of movers) placeCharacter(ctx, who, zone, 'teleport');
}

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

