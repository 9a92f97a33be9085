import type { D6Skill } from '@veiltable/protocol/games/dungeon-2d6';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import { layeredValue } from './abilities.ts';
import type { Ctx, Handler } from './context.ts';
import { consumeUse, done, emit, requireCharacter, requireControl, requireGm, spendTurn } from './context.ts';
import type { Character, Modifier } from './state.ts';
import { findCharacter, hasSkill, nextId } from './state.ts';
import { statsHidden } from './visibility.ts';

/** D6-SKL-GEN-02: skills the seed exempts from taking a 手番. */
const NO_TURN: readonly D6Skill[] = ['fukutsu', 'counter', 'sacrifice', 'evade'];

/** Holds the skill, spends a use if it has a consumable part, and spends the 手番 unless exempt (D6-SKL-GEN-02). */
export function useSkill(ctx: Ctx, c: Character, skill: D6Skill, rule: string, takesTurn = !NO_TURN.includes(skill)): Result<void> {
  const s = c.skills[skill];
  if (!s) return err('NO_SUCH_SKILL', rule);
  if (s.uses !== null) {
    const used = consumeUse(c, skill, rule);
    if (!used.ok) return used;
  }
  return takesTurn ? spendTurn(ctx, c) : ok(undefined);
}

function addModifier(ctx: Ctx, c: Character, m: Omit<Modifier, 'id'>): Modifier {
  const mod = { id: nextId(ctx.state, 'mod'), ...m };
  c.modifiers.push(mod);
  emit(ctx, 'modifier.added', { character: c.id, modifier: mod });
  return mod;
}

/**
 * D6-ENG-05 / D6-SKL-GEN-02: a skill with no hooks is narrative: its use is counted and logged. Its effect does not
 * stack: a second use on the same target for the same effect spends the use and the 手番 but adds nothing.
 */
export const skillUse: Handler<'skill.use'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const used = useSkill(ctx, c.value, cmd.skill, 'D6-SKL-GEN-02');
  if (!used.ok) return used;
  const key = `${cmd.skill}:${cmd.effect ?? cmd.skill}`;
  const applied: string[] = [];
  for (const id of cmd.targets) {
    const t = findCharacter(ctx.state, id);
    if (!t) return err('NO_SUCH_CHARACTER');
    if (t.effects.includes(key)) continue;
    t.effects.push(key);
    applied.push(t.id);
  }
  emit(ctx, 'skill.used', { user: c.value.id, skill: cmd.skill, targets: cmd.targets, effect: key, applied });
  return done;
};

/** 魔力付与 D6-SKL-ENCHANT-01: +4 to an ability in the effect layer; it stacks. */
export const skillEnchant: Handler<'skill.enchant'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const target = requireCharacter(ctx, cmd.target);
  if (!target.ok) return target;
  const used = useSkill(ctx, c.value, 'enchant', 'D6-SKL-ENCHANT-01');
  if (!used.ok) return used;
  addModifier(ctx, target.value, {
    source: '魔力付与', layer: 'effect', ability: cmd.ability, value: 4, stackKey: 'enchant', stacking: 'stack', duration: 'scene', appliesTo: [],
  });
  return done;
};

/** 魔力盾 D6-SKL-MSHIELD-01: +4 to defence totals; any number of shields give +4. */
export const skillManaShield: Handler<'skill.mana-shield'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const target = requireCharacter(ctx, cmd.target);
  if (!target.ok) return target;
  // The seed gives 魔力盾 no turn rule and its timing is a pre-defence reaction (D6-ATK-02 step 6), so no 手番.
  const used = useSkill(ctx, c.value, 'manaShield', 'D6-SKL-MSHIELD-01', false);
  if (!used.ok) return used;
  addModifier(ctx, target.value, {
    source: '魔力盾', layer: 'check', value: 4, stackKey: 'manaShield', stacking: 'one', duration: 'scene', appliesTo: ['defence'],
  });
  return done;
};

/** 鉄壁 D6-SKL-IRONWALL-01/04: doubles the final value at the moment of use; the doubled value is frozen (default). */
export const skillIronWall: Handler<'skill.iron-wall'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const used = useSkill(ctx, c.value, 'ironWall', 'D6-SKL-IRONWALL-01');
  if (!used.ok) return used;
  c.value.ironWall = { ability: cmd.ability, value: 2 * layeredValue(c.value, cmd.ability) };
  // D6-HID-01: the table sees a GM-run character brace, not the doubled value (twice its ability).
  const ironWall = { character: c.value.id, ironWall: c.value.ironWall };
  if (statsHidden(c.value)) emit(ctx, 'iron-wall.started', { character: c.value.id, ironWall: { ability: cmd.ability } }, { secret: { data: ironWall } });
  else emit(ctx, 'iron-wall.started', ironWall);
  return done;
};

/** 鉄壁 ends when its user suffers 威圧, 芸能 or a stun (D6-SKL-IRONWALL-03). */
function endIronWall(ctx: Ctx, c: Character, cause: string): void {
  if (!c.ironWall) return;
  c.ironWall = null;
  emit(ctx, 'iron-wall.ended', { character: c.id, cause });
}

/** 幻覚 D6-SKL-ILLUSION-01/04: in combat, one 手番 creates one illusion; only one is active at a time. */
export const skillIllusion: Handler<'skill.illusion'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (ctx.state.mode !== 'combat') return err('NOT_IN_COMBAT', 'D6-SKL-ILLUSION-01');
  if (c.value.flags.illusion) return err('ALREADY_ACTIVE', 'D6-SKL-ILLUSION-04');
  const used = useSkill(ctx, c.value, 'illusion', 'D6-SKL-ILLUSION-01');
  if (!used.ok) return used;
  c.value.flags.illusion = true;
  emit(ctx, 'illusion.created', { character: c.value.id });
  return done;
};

/** 応援 D6-SKL-CHEER-01: never on the user itself; the effect is the base game's. */
export const skillCheer: Handler<'skill.cheer'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (cmd.target === cmd.user) return err('CANNOT_TARGET_SELF', 'D6-SKL-CHEER-01');
  const target = requireCharacter(ctx, cmd.target);
  if (!target.ok) return target;
  const used = useSkill(ctx, c.value, 'cheer', 'D6-SKL-CHEER-01');
  if (!used.ok) return used;
  emit(ctx, 'skill.used', { user: c.value.id, skill: 'cheer', targets: [target.value.id] });
  return done;
};

/** サバイバル D6-SKL-SURVIVAL-01: a high enough total (the GM's threshold) extends the +2 to other PCs. */
export const survivalShare: Handler<'survival.share'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const check = ctx.state.checks[cmd.check];
  if (!check) return err('NO_SUCH_CHECK');
  const user = findCharacter(ctx.state, check.character)!;
  if (!hasSkill(user, 'survival')) return err('NO_SUCH_SKILL', 'D6-SKL-SURVIVAL-01');
  if (check.outcome !== 'success') return err('CHECK_NOT_SUCCEEDED', 'D6-SKL-SURVIVAL-01');
  for (const id of cmd.characters) {
    const t = findCharacter(ctx.state, id);
    if (!t) return err('NO_SUCH_CHARACTER');
    if (t.controller !== 'pc' || t.id === user.id) return err('NOT_ANOTHER_PC', 'D6-SKL-SURVIVAL-01');
    if (t.modifiers.some((m) => m.stackKey === 'survival')) continue;
    addModifier(ctx, t, {
      source: 'サバイバル', layer: 'check', value: 2, stackKey: 'survival', stacking: 'one',
      duration: 'scene', appliesTo: ['search', 'trap-detect', 'trap-disarm', 'lock', 'outdoor'],
    });
  }
  return done;
};

/**
 * 威圧 / 芸能 D6-SKL-INTIMIDATE-01, D6-SKL-PERFORM-01: succeed automatically; the user picks no active action for
 * 1 turn, or −2 on all the target's checks for this combat. Either ends the target's 鉄壁 (D6-SKL-IRONWALL-03).
 */
export const skillIntimidate: Handler<'skill.intimidate'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  const target = requireCharacter(ctx, cmd.target);
  if (!target.ok) return target;
  const rule = cmd.skill === 'perform' ? 'D6-SKL-PERFORM-01' : 'D6-SKL-INTIMIDATE-01';
  const used = useSkill(ctx, c.value, cmd.skill, rule);
  if (!used.ok) return used;
  const t = target.value;
  if (cmd.effect === 'no-active') {
    t.statuses.push({ kind: 'no-active', source: cmd.skill, untilTurn: ctx.state.turn + 1 });
  } else if (!t.modifiers.some((m) => m.stackKey === 'intimidate-penalty')) {
    t.statuses.push({ kind: 'penalty', source: cmd.skill, untilTurn: null });
    addModifier(ctx, t, {
      source: cmd.skill === 'perform' ? '芸能' : '威圧', layer: 'check', value: -2, stackKey: 'intimidate-penalty',
      stacking: 'one', duration: 'combat', appliesTo: [],
    });
  }
  emit(ctx, 'status.added', { character: t.id, by: c.value.id, skill: cmd.skill, effect: cmd.effect });
  endIronWall(ctx, t, cmd.skill);
  return done;
};

/** A stun attack's effect (the base game's), entered by the GM: it ends 鉄壁 and 不屈 can clear it. */
export const statusStun: Handler<'status.stun'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const t = requireCharacter(ctx, cmd.character);
  if (!t.ok) return t;
  t.value.statuses.push({ kind: 'stun', source: 'stunAttack', untilTurn: ctx.state.turn + 1 });
  emit(ctx, 'status.added', { character: t.value.id, skill: 'stunAttack', effect: 'stun' });
  endIronWall(ctx, t.value, 'stun');
  return done;
};
