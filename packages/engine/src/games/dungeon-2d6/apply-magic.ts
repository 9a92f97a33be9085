import { GM_ONLY } from '../../kernel/events.ts';
import { err } from '../../kernel/result.ts';
import type { Handler } from './context.ts';
import { done, emit, requireControl } from './context.ts';
import { rollCheck } from './check.ts';
import { useSkill } from './apply-skills.ts';
import { barrierIn } from './state.ts';
import { statsHidden } from './visibility.ts';

/** 結界魔法 D6-SKL-BARRIER-01: a 精神 check; the barrier is raised from its total when the check is resolved. */
export const skillBarrier: Handler<'skill.barrier'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (cmd.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  if (barrierIn(ctx.state, c.value.zone)) return err('ALREADY_ACTIVE', 'D6-SKL-BARRIER-05');
  const used = useSkill(ctx, c.value, 'barrier', 'D6-SKL-BARRIER-01');
  if (!used.ok) return used;
  const rolled = rollCheck(ctx, c.value, {
    character: c.value.id, kind: 'barrier', ability: 'SPI', targetVisible: false, secret: cmd.secret, modifiers: [], usePet: false, dice: 2,
  }, { purpose: 'barrier' });
  return rolled.ok ? done : rolled;
};

/** 召喚魔法 D6-SKL-SUMMON-02: a 精神 check with the final value; the summon appears when the check is resolved. */
export const skillSummon: Handler<'skill.summon'> = (ctx, cmd) => {
  const c = requireControl(ctx, cmd.user);
  if (!c.ok) return c;
  if (cmd.secret && ctx.actor.role !== 'gm') return err('NOT_GM', 'D6-HID-02');
  const used = useSkill(ctx, c.value, 'summon', 'D6-SKL-SUMMON-02');
  if (!used.ok) return used;
  const rolled = rollCheck(ctx, c.value, {
    character: c.value.id, kind: 'summon', ability: 'SPI', targetVisible: false, secret: cmd.secret, modifiers: [],
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
  // D6-HID-01: a GM-run monster's skill is on its sheet, which is the GM's.
  emit(ctx, 'summon.skill', { summon: c.value.id, skill: cmd.skill }, statsHidden(c.value) ? { to: GM_ONLY } : {});
  return done;
};
