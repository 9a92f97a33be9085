import type { D6Equipment, D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import { plain } from '../../kernel/draft.ts';
import { GM_ONLY } from '../../kernel/events.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Handler } from './context.ts';
import { done, emit, requireControl, requireGm } from './context.ts';
import { revealZone } from './movement.ts';
import { splitCharacter } from './public.ts';
import type { Character, SkillEntry } from './state.ts';
import { statsHidden } from './visibility.ts';
import { findZone, hasSkill, nextId, opaqueId } from './state.ts';

/** §9.2: the GM sets the table's settings. */
export const optionsSet: Handler<'options.set'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const changes = Object.fromEntries(Object.entries(cmd.options).filter(([, v]) => v !== undefined));
  ctx.state.options = { ...ctx.state.options, ...changes };
  emit(ctx, 'options.set', { options: ctx.state.options });
  return done;
};

/** Seat ids have at most four digits (protocol seatId). */
const MAX_SEATS = 9999;

/** A player seat: the link the GM hands out. Seats are numbered s1, s2, … and never reused. */
export const seatAdd: Handler<'seat.add'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.seats.length >= MAX_SEATS) return err('TOO_MANY_SEATS');
  const id = `s${ctx.state.seats.length + 1}`;
  ctx.state.seats.push({ id, name: cmd.name });
  emit(ctx, 'seat.added', { seat: id, name: cmd.name });
  return done;
};

/** D6-ZONE-08: the GM draws a zone and its adjacency. */
export const zoneAdd: Handler<'zone.add'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (cmd.adjacent.some((z) => !findZone(ctx.state, z))) return err('NO_SUCH_ZONE');
  const id = nextId(ctx.state, 'z');
  ctx.state.zones.push({ id, name: cmd.name, adjacent: [...new Set(cmd.adjacent)] });
  for (const z of cmd.adjacent) findZone(ctx.state, z)!.adjacent.push(id);
  // D6-ZONE-08: a hidden zone next to it stays the GM's (visibility.ts).
  const known = cmd.adjacent.filter((z) => !findZone(ctx.state, z)!.hidden);
  emit(ctx, 'zone.added', { zone: id, name: cmd.name, adjacent: known }, { secret: { data: { adjacent: cmd.adjacent } } });
  return done;
};

/** D6-ZONE-08: the GM joins two zones. */
export const zoneLink: Handler<'zone.link'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const a = findZone(ctx.state, cmd.a);
  const b = findZone(ctx.state, cmd.b);
  if (!a || !b || a === b) return err('NO_SUCH_ZONE');
  if (!a.adjacent.includes(b.id)) a.adjacent.push(b.id);
  if (!b.adjacent.includes(a.id)) b.adjacent.push(a.id);
  emit(ctx, 'zone.linked', { a: a.id, b: b.id }, a.hidden || b.hidden ? { to: GM_ONLY } : {});
  return done;
};

/** D6-SKL-DUAL-01: two wielded weapons need 二刀流, and then work even when they modify different abilities. */
function checkWeapons(skills: Partial<Record<D6Skill, unknown>>, equipment: D6Equipment[]): Result<void> {
  const weapons = equipment.filter((e) => e.kind === 'weapon' && e.wielded).length;
  if (weapons > 2 || (weapons === 2 && skills.dualWield === undefined)) return err('NEEDS_DUAL_WIELD', 'D6-SKL-DUAL-01');
  return done;
}

/** D6-SKL-GEN-01: where the seed clarifies a skill's kind, it wins over what the official table says. */
const SEED_KIND: Partial<Record<D6Skill, Pick<SkillEntry, 'permanent' | 'consumable'>>> = {
  assets: { permanent: true, consumable: false },
  transform: { permanent: true, consumable: false },
  telepathy: { permanent: true, consumable: true },
  virtue: { permanent: true, consumable: true },
};

/** D6-ENG-05: the GM enters the official table's data for a skill; the seed's clarifications override it. */
export const skillRegister: Handler<'skill.register'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const entry: SkillEntry = {
    permanent: cmd.permanent,
    consumable: cmd.consumable,
    usesPerSession: cmd.usesPerSession ?? null,
    officialText: cmd.officialText,
    ...SEED_KIND[cmd.skill],
  };
  ctx.state.registry[cmd.skill] = entry;
  emit(ctx, 'skill.registered', { skill: cmd.skill, entry });
  return done;
};

/** D6-ENG-08: the GM puts a character on the scene with its sheet. */
export const characterAdd: Handler<'character.add'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!findZone(ctx.state, cmd.zone)) return err('NO_SUCH_ZONE');
  if (cmd.hp > cmd.maxHp) return err('HP_ABOVE_MAX');
  const skills: Character['skills'] = {};
  for (const s of cmd.skills) {
    const reg = ctx.state.registry[s.skill] ?? SEED_KIND[s.skill];
    const consumable = reg ? reg.consumable : s.uses !== undefined;
    skills[s.skill] = { uses: consumable ? (s.uses ?? ctx.state.registry[s.skill]?.usesPerSession ?? 0) : null };
  }
  const weapons = checkWeapons(skills, cmd.equipment);
  if (!weapons.ok) return weapons;
  const c: Character = {
    id: nextId(ctx.state, 'ch'),
    name: cmd.name,
    controller: cmd.controller,
    owner: cmd.owner ?? null,
    side: cmd.side ?? (cmd.controller === 'enemy' ? 'enemies' : cmd.controller === 'npc' ? 'neutral' : 'party'),
    zone: cmd.zone,
    base: { ...cmd.base },
    build: null,
    equipment: plain(cmd.equipment),
    modifiers: [],
    hp: cmd.hp,
    maxHp: cmd.maxHp,
    skills,
    sex: cmd.sex ?? null,
    magicCapable: cmd.magicCapable,
    pet: cmd.pet ? { ...cmd.pet } : null,
    gold: 0,
    movement: cmd.movement ?? null,
    flightSpeed: null,
    flags: { flying: false, transformed: false, illusion: false, hidden: false, spiritSight: false },
    ironWall: null,
    statuses: [],
    turnUsed: false,
    loseNextTurn: false,
    marks: [],
    knownPlaces: [],
    summoner: null,
    pendingSkillChoice: false,
    effects: [],
    down: false,
    gmNotes: cmd.gmNotes,
  };
  ctx.state.characters.push(c);
  // A hidden zone is the table's once a visible character stands in it (D6-ZONE-08).
  revealZone(ctx, c.zone);
  const split = splitCharacter(c);
  emit(ctx, 'character.added', { character: split.data }, split.hidden ? { secret: { data: { character: { ...split.data, ...split.hidden.data } } } } : {});
  return done;
};

/** D6-CORE-02: wielding or putting away an item changes the equipment layer. */
export const characterEquip: Handler<'character.equip'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  const item = c.value.equipment.find((e) => e.id === cmd.item);
  if (!item) return err('NO_SUCH_ITEM');
  const next = c.value.equipment.map((e) => (e.id === item.id ? { ...e, wielded: cmd.wielded } : e));
  const weapons = checkWeapons(c.value.skills, next);
  if (!weapons.ok) return weapons;
  item.wielded = cmd.wielded;
  emit(ctx, 'character.equipped', { character: c.value.id, item: item.id, wielded: cmd.wielded }, statsHidden(c.value) ? { to: GM_ONLY } : {});
  return done;
};

/** D6-HID-01: the GM lays a trap, known to the GM alone until found. */
export const trapAdd: Handler<'trap.add'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!findZone(ctx.state, cmd.zone)) return err('NO_SUCH_ZONE');
  // Its id is drawn, not counted: a trap found later must not tell how many others were laid (D6-HID-01).
  const trap = { id: opaqueId(ctx.state, ctx.rng, 't'), zone: cmd.zone, area: cmd.area, note: cmd.note, found: false, disarmed: false };
  ctx.state.traps.push(trap);
  // D6-HID-01: whether and where traps exist is GM-only.
  emit(ctx, 'trap.added', { trap }, { to: GM_ONLY });
  return done;
};

/** D6-HID-01: the GM hides something to be found by searching (D6-SRCH-01). */
export const findAdd: Handler<'find.add'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!findZone(ctx.state, cmd.zone)) return err('NO_SUCH_ZONE');
  const find = { id: opaqueId(ctx.state, ctx.rng, 'f'), zone: cmd.zone, note: cmd.note, found: false };
  ctx.state.finds.push(find);
  emit(ctx, 'find.added', { find }, { to: GM_ONLY });
  return done;
};

/**
 * Session start: every PC must be able to make light (D6-LITE-02); 資産 pays 10000G (D6-SKL-ASSETS-01); consumable
 * skills with a per-session count registered by the GM are refilled.
 */
export const sessionStart: Handler<'session.start'> = (ctx) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const dark = ctx.state.characters.filter((c) => c.controller === 'pc' && !c.magicCapable && !c.equipment.some((e) => e.kind === 'light'));
  if (dark.length > 0) return err('NO_LIGHT_SOURCE', 'D6-LITE-02', dark.map((c) => c.name).join(', '));
  for (const c of ctx.state.characters) {
    for (const [skill, s] of Object.entries(c.skills)) {
      const per = ctx.state.registry[skill as D6Skill]?.usesPerSession;
      if (s.uses !== null && per !== null && per !== undefined) s.uses = per;
    }
    if (hasSkill(c, 'assets')) {
      c.gold += 10000;
      emit(ctx, 'gold.received', { character: c.id, amount: 10000, gold: c.gold, source: '資産' });
    }
  }
  emit(ctx, 'session.started', {});
  return done;
};
