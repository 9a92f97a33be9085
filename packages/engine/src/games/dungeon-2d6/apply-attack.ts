import type { D6Ability } from '@veiltable/protocol/games/dungeon-2d6';
import { GM_ONLY, toAudience } from '../../kernel/events.ts';
import { canCloseByRule, canDeclare, closeWindow, isOpen } from '../../kernel/reaction-window.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { consumeUse, controls, done, emit, hasTurn, openLinked, requireControl, spendTurn, windowEvent } from './context.ts';
import { rollCheck } from './check.ts';
import { placeCharacter } from './movement.ts';
import { closeConcentration } from './resolution.ts';
import type { Attack, AttackTarget, Character } from './state.ts';
import { barrierIn, charactersIn, findCharacter, hasSkill, nextId, opposes } from './state.ts';
import { barrierStatsHidden, positionHidden, requireSeen, zoneFor } from './visibility.ts';

const RANGED_SKILLS = ['shoot', 'projectile'] as const;
const AREA_SKILLS = ['sweep', 'areaMagic'] as const;

/** D6-BASE-06 / D6-MENT-01: melee reads 武勇, shooting 機敏, a mental attack 精神. */
function attackAbility(mode: Attack['mode'], given: D6Ability | undefined): Result<D6Ability> {
  if (mode === 'mental') return given && given !== 'SPI' ? err('WRONG_ABILITY', 'D6-MENT-01') : ok('SPI');
  return ok(given ?? (mode === 'melee' ? 'VAL' : 'AGI'));
}

type Target = { kind: 'character'; c: Character } | { kind: 'barrier'; id: string; zone: string };

/** Step 2 of D6-ATK-02: zones, range, area and barriers. */
function validateTargets(ctx: Ctx, attacker: Character, cmd: Parameters<Handler<'attack.declare'>>[1]): Result<Target[]> {
  const targets: Target[] = [];
  for (const id of cmd.targets) {
    if (id.startsWith('b')) {
      const b = ctx.state.barriers.find((x) => x.id === id);
      if (!b) return err('NO_SUCH_BARRIER');
      // D6-SKL-BARRIER-02/05: only characters trapped inside attack the barrier.
      if (attacker.zone !== b.zone) return err('OUTSIDE_BARRIER', 'D6-SKL-BARRIER-05');
      targets.push({ kind: 'barrier', id, zone: b.zone });
      continue;
    }
    const c = findCharacter(ctx.state, id);
    if (!c || c.down) return err('NO_SUCH_CHARACTER');
    const seen = requireSeen(ctx, c);
    if (!seen.ok) return seen;
    targets.push({ kind: 'character', c });
  }
  const zoneOf = (t: Target) => (t.kind === 'character' ? t.c.zone : t.zone);
  if (targets.length > 1 || cmd.area) {
    // D6-ZONE-09: an area attack takes any subset of the characters in one zone.
    if (!cmd.area) return err('AREA_REQUIRED', 'D6-ZONE-09');
    if (!cmd.skill || !(AREA_SKILLS as readonly string[]).includes(cmd.skill) || !hasSkill(attacker, cmd.skill)) return err('NEEDS_AREA_SKILL', 'D6-ZONE-09');
    if (new Set(targets.map(zoneOf)).size > 1) return err('NOT_SAME_ZONE', 'D6-ZONE-09');
  }
  for (const t of targets) {
    const zone = zoneOf(t);
    if (zone === attacker.zone) continue;
    // D6-ZONE-05: melee needs the same zone. D6-RNG-01/02: beyond it, only 射撃 / 投射魔法, at anything in sight.
    if (cmd.mode === 'melee') return err('NOT_SAME_ZONE', 'D6-ZONE-05');
    const ranged = RANGED_SKILLS.find((s) => s === cmd.skill || (cmd.skill === undefined && hasSkill(attacker, s)));
    if (!ranged || !hasSkill(attacker, ranged)) return err('NEEDS_RANGED_SKILL', 'D6-RNG-01');
    // D6-SKL-BARRIER-04: no attack passes a barrier's boundary, either way.
    if (barrierIn(ctx.state, zone) || barrierIn(ctx.state, attacker.zone)) return err('BLOCKED_BY_BARRIER', 'D6-SKL-BARRIER-04');
  }
  return ok(targets);
}

/**
 * D6-ATK-01/02: declares an attack, runs the 幻覚 gate, rolls the attack, and opens the attacker's concentration
 * window (until the first defence roll) and one pre-defence window per target (かばう / 回避 / 転移魔法 / 魔力盾).
 */
export const attackDeclare: Handler<'attack.declare'> = (ctx, cmd) => {
  const a = requireControl(ctx, cmd.attacker);
  if (!a.ok) return a;
  const attacker = a.value;
  if (attacker.down) return err('CHARACTER_DOWN');
  if (cmd.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  const ability = attackAbility(cmd.mode, cmd.ability);
  if (!ability.ok) return ability;
  // D6-MENT-02: a mental (magic) attack's element is fixed when it is made.
  if (cmd.mode === 'mental' && !cmd.element) return err('ELEMENT_REQUIRED', 'D6-MENT-02');
  if (cmd.skill && !hasSkill(attacker, cmd.skill)) return err('NO_SUCH_SKILL');
  const turn = hasTurn(ctx, attacker);
  if (!turn.ok) return turn;
  const targets = validateTargets(ctx, attacker, cmd);
  if (!targets.ok) return targets;
  if (cmd.skill && attacker.skills[cmd.skill]?.uses !== null) {
    const used = consumeUse(attacker, cmd.skill, 'D6-SKL-GEN-02');
    if (!used.ok) return used;
  }
  spendTurn(ctx, attacker);

  const attack: Attack = {
    id: nextId(ctx.state, 'a'),
    attacker: attacker.id,
    mode: cmd.mode,
    ability: ability.value,
    skill: cmd.skill ?? null,
    area: cmd.area,
    element: cmd.element ?? null,
    check: null,
    targets: targets.value.map((t) => newTarget(t.kind === 'character' ? t.c.id : t.id)),
    passiveRolled: false,
  };
  ctx.state.attacks[attack.id] = attack;
  emit(ctx, 'attack.declared', {
    attack: attack.id, attacker: attacker.id, targets: cmd.targets, mode: cmd.mode, ability: attack.ability,
    skill: attack.skill, area: attack.area, element: attack.element, magic: cmd.mode === 'mental',
  });
  illusionGate(ctx, attacker, attack);
  const live = attack.targets.filter((t) => t.state !== 'void');
  if (live.length === 0) return done;

  // D6-SKL-FLIGHT-01/03: +2 for a flying melee attacker against a grounded target; two fliers fight normally.
  const flying = cmd.mode === 'melee' && attacker.flags.flying;
  const grounded = live.some((t) => !findCharacter(ctx.state, t.target)?.flags.flying);
  const modifiers = flying && grounded ? [{ source: '飛行', value: 2 }] : [];
  const rolled = rollCheck(
    ctx, attacker,
    { character: attacker.id, kind: 'attack', ability: attack.ability, targetVisible: false, secret: cmd.secret, modifiers: [], usePet: false, dice: 2 },
    { attack: attack.id, modifiers, minSpan: ctx.state.options.activeWindowMinSeconds > 0 },
  );
  if (!rolled.ok) return rolled;
  attack.check = rolled.value.id;
  // D6-SKL-FLIGHT-02: flight ends after a melee attack (between two fliers too, by default).
  const bothFly = !grounded;
  if (flying && (!bothFly || ctx.state.options.flightEndsWhenBothFly)) {
    attacker.flags.flying = false;
    attacker.flightSpeed = null;
    emit(ctx, 'flight.ended', { character: attacker.id });
  }
  // D6-CRIT-03: a fumbled attack fails: no defence check, no damage.
  if (rolled.value.fumble) {
    for (const t of live) t.state = 'void';
    // D6-HID-02: of a secret attack the table learns what the rules show, that it failed, not that it fumbled.
    // The envelope is named for what the table reads, so nothing stored outside the GM's part says 'fumbled'.
    if (rolled.value.secret) ctx.emit({ ...toAudience(GM_ONLY, { type: 'attack.fumbled', data: { attack: attack.id } }, { type: 'attack.failed', data: { attack: attack.id } }), type: 'attack.failed' });
    else emit(ctx, 'attack.fumbled', { attack: attack.id });
    return done;
  }
  for (const t of live) {
    if (t.target.startsWith('b')) continue;
    const target = findCharacter(ctx.state, t.target)!;
    // D6-WIN-04 / D6-COVER-01: anyone in the target's zone may cover; the target may evade or shield. D6-HID-06
    // (INFERRED): no one covers what it cannot see, and a hidden character covers no one (it would act in the open).
    const eligible = charactersIn(ctx.state, target.zone)
      .filter((c) => c.id !== attacker.id && (c.id === target.id || (!positionHidden(c) && !positionHidden(target))))
      .map((c) => c.id);
    t.reactWindow = openLinked(ctx, 'react', eligible, { kind: 'react', attack: attack.id, target: t.target });
  }
  return done;
};

function newTarget(id: string): AttackTarget {
  return {
    target: id, defender: id, coverer: null, illusion: null, evaded: false, teleported: false, reactWindow: null,
    defence: [], damage: null, extraDice: [], counter: null, sacrificeBy: null, afterWindow: null, state: 'react',
  };
}

/**
 * D6-SKL-ILLUSION-02..05: against an enemy's attack the engine rolls 1d6 before the attack roll; 1–3 makes the attack
 * fail and uses the illusion up, 4–6 leaves both. Against an area attack only the user is spared (default).
 */
function illusionGate(ctx: Ctx, attacker: Character, attack: Attack): void {
  for (const t of attack.targets) {
    const c = findCharacter(ctx.state, t.target);
    if (!c || !c.flags.illusion || !opposes(attacker, c)) continue;
    const roll = ctx.rng.die(6);
    const failed = roll <= 3;
    t.illusion = { roll, failed };
    if (failed) {
      c.flags.illusion = false;
      if (attack.area && !ctx.state.options.illusionAreaUserOnly) for (const u of attack.targets) u.state = 'void';
      else t.state = 'void';
    }
    emit(ctx, 'attack.illusion', { attack: attack.id, target: c.id, roll, failed });
  }
}

/** Finds the target entry and checks that its pre-defence window is still open. */
function reactTarget(ctx: Ctx, attackId: string, targetId: string): Result<{ attack: Attack; t: AttackTarget }> {
  const attack = ctx.state.attacks[attackId];
  if (!attack) return err('NO_SUCH_ATTACK');
  const t = attack.targets.find((x) => x.target === targetId);
  if (!t) return err('NOT_A_TARGET');
  const w = t.reactWindow ? ctx.state.windows[t.reactWindow] : undefined;
  if (!w || !isOpen(w) || t.state !== 'react') return err('WINDOW_CLOSED', 'D6-WIN-04');
  return ok({ attack, t });
}

/** 《かばう》 D6-COVER-01..06 (D6-WIN-14: the first accepted cover wins). */
export const attackCover: Handler<'attack.cover'> = (ctx, cmd) => {
  const found = reactTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const { attack, t } = found.value;
  const coverer = requireControl(ctx, cmd.coverer);
  if (!coverer.ok) return coverer;
  const target = findCharacter(ctx.state, cmd.target)!;
  const seen = requireSeen(ctx, target);
  if (!seen.ok) return seen;
  if (coverer.value.id === target.id) return err('CANNOT_COVER_SELF', 'D6-COVER-01');
  if (coverer.value.zone !== target.zone) return err('NOT_SAME_ZONE', 'D6-COVER-01');
  const may = canDeclare(ctx.state.windows[t.reactWindow!]!, coverer.value.id);
  if (!may.ok) return { ok: false, error: { ...may.error, rule: 'D6-WIN-04' } };
  if (ctx.state.options.coverLimitPerTarget) {
    if (t.coverer) return err('ALREADY_COVERED', 'D6-COVER-06');
    if (attack.targets.some((x) => x.coverer === coverer.value.id)) return err('ALREADY_COVERING', 'D6-COVER-06');
    if (coverer.value.loseNextTurn) return err('TURN_ALREADY_LOST', 'D6-COVER-06');
  }
  t.coverer = coverer.value.id;
  t.defender = coverer.value.id;
  // D6-COVER-04: the cover-er loses its own 手番 next turn.
  coverer.value.loseNextTurn = true;
  emit(ctx, 'attack.covered', { attack: attack.id, target: t.target, coverer: coverer.value.id });
  return done;
};

/** 回避 D6-SKL-EVADE-01: before the defence check only, no 手番; its effect is the base game's. */
export const attackEvade: Handler<'attack.evade'> = (ctx, cmd) => {
  const found = reactTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const c = requireControl(ctx, found.value.t.defender);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'evade')) return err('NO_SUCH_SKILL', 'D6-SKL-EVADE-01');
  if (c.value.skills.evade!.uses !== null) {
    const used = consumeUse(c.value, 'evade', 'D6-SKL-EVADE-01');
    if (!used.ok) return used;
  }
  found.value.t.evaded = true;
  emit(ctx, 'attack.evaded', { attack: cmd.attack, target: cmd.target, by: c.value.id });
  return done;
};

/** 転移魔法 evasion D6-SKL-TELEPORT-03: used before the defence check, it evades the attack; the user moves. */
export const attackTeleportEvade: Handler<'attack.teleport-evade'> = (ctx, cmd) => {
  const found = reactTarget(ctx, cmd.attack, cmd.target);
  if (!found.ok) return found;
  const { t } = found.value;
  const c = requireControl(ctx, t.defender);
  if (!c.ok) return c;
  if (!hasSkill(c.value, 'teleport')) return err('NO_SUCH_SKILL', 'D6-SKL-TELEPORT-03');
  if (!zoneFor(ctx.state, ctx.actor, cmd.zone)) return err('NO_SUCH_ZONE');
  if (cmd.zone !== c.value.zone && (barrierIn(ctx.state, c.value.zone) || barrierIn(ctx.state, cmd.zone))) {
    return err('BLOCKED_BY_BARRIER', 'D6-SKL-TELEPORT-05');
  }
  const used = consumeUse(c.value, 'teleport', 'D6-SKL-TELEPORT-03');
  if (!used.ok) return used;
  const w = ctx.state.windows[t.reactWindow!]!;
  closeWindow(w, 'rule');
  windowEvent(ctx, 'window.closed', w.id, { reason: 'rule' });
  t.teleported = true;
  t.state = 'void';
  emit(ctx, 'attack.teleport-evaded', { attack: cmd.attack, target: cmd.target, by: c.value.id });
  placeCharacter(ctx, c.value, cmd.zone, 'teleport');
  return done;
};

/**
 * D6-ATK-02 step 7: the defender (or cover-er) rolls. This is the passive roll: it closes the target's pre-defence
 * window and the attacker's concentration window (D6-CONC-05, D6-WIN-02). A barrier defends with 2d6 + its ability.
 */
export const attackDefend: Handler<'attack.defend'> = (ctx, cmd) => {
  const attack = ctx.state.attacks[cmd.attack];
  if (!attack) return err('NO_SUCH_ATTACK');
  const t = attack.targets.find((x) => x.target === cmd.target);
  if (!t) return err('NOT_A_TARGET');
  if (t.state !== 'react') return err('ALREADY_DEFENDED', 'D6-ATK-02');
  const attackCheck = attack.check ? ctx.state.checks[attack.check] : undefined;
  const aw = attackCheck?.window ? ctx.state.windows[attackCheck.window] : undefined;
  if (aw && isOpen(aw)) {
    const may = canCloseByRule(aw);
    if (!may.ok) return err(may.error.code, 'D6-WIN-13');
  }
  if (t.target.startsWith('b')) return defendBarrier(ctx, attack, t);
  const defender = findCharacter(ctx.state, t.defender)!;
  if (!controls(ctx.actor, defender)) return err('NOT_YOUR_CHARACTER');
  if (cmd.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  if (attackCheck) closeConcentration(ctx, attackCheck);
  attack.passiveRolled = true;
  const rw = t.reactWindow ? ctx.state.windows[t.reactWindow] : undefined;
  if (rw && isOpen(rw)) {
    closeWindow(rw, 'rule');
    windowEvent(ctx, 'window.closed', rw.id, { reason: 'rule' });
  }
  const count = defenceCount(ctx, attack, t);
  for (let i = 0; i < count; i++) {
    const rolled = rollCheck(ctx, defender, {
      character: defender.id, kind: 'defence', ability: cmd.ability ?? attack.ability, targetVisible: false,
      secret: cmd.secret, modifiers: [], usePet: false, dice: 2,
    }, { attack: attack.id });
    if (!rolled.ok) return rolled;
    t.defence.push(rolled.value.id);
  }
  t.state = 'defended';
  emit(ctx, 'attack.defended', { attack: attack.id, target: t.target, defender: defender.id, checks: t.defence });
  return done;
};

/**
 * D6-COVER-05: covering against an area attack is defending as if hit twice. When the cover-er is itself a target its
 * own entry gives the second check; otherwise the table setting decides (default: still two checks).
 */
function defenceCount(ctx: Ctx, attack: Attack, t: AttackTarget): number {
  if (!attack.area || !t.coverer) return 1;
  const covererIsTarget = attack.targets.some((x) => x.target === t.coverer && x.state !== 'void');
  if (covererIsTarget) return 1;
  return ctx.state.options.areaCoverWhenNotTarget === 'two-checks' ? 2 : 1;
}

/** D6-SKL-BARRIER-05 (default): the engine rolls 2d6 + the barrier's ability; no crit, fumble or concentration. */
function defendBarrier(ctx: Ctx, attack: Attack, t: AttackTarget): Result<void> {
  if (ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-SKL-BARRIER-05');
  const b = ctx.state.barriers.find((x) => x.id === t.target);
  if (!b) return err('NO_SUCH_BARRIER');
  const attackCheck = attack.check ? ctx.state.checks[attack.check] : undefined;
  if (attackCheck) closeConcentration(ctx, attackCheck);
  const dice = [ctx.rng.die(6), ctx.rng.die(6)];
  const total = dice[0]! + dice[1]! + b.ability;
  t.state = 'defended';
  const roll = { dice, ability: b.ability, total };
  if (barrierStatsHidden(ctx.state, b)) emit(ctx, 'barrier.defended', { attack: attack.id, barrier: b.id }, { secret: { data: roll } });
  else emit(ctx, 'barrier.defended', { attack: attack.id, barrier: b.id, ...roll });
  return done;
}
