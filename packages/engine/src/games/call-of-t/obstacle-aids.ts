import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { rollCheck } from './checks.ts';
import type { Ctx } from './context.ts';
import { done, emitCheck, note, requireCharacter, requireParticipant } from './context.ts';
import { eventStep } from './event-step.ts';
import { obstacleAt, obstacleRow, overcome } from './obstacle-step.ts';
import type { Character } from './state.ts';
import { chanceFor } from './tables.ts';

/** What the party brings to an obstacle besides its rolls: a lore bonus, fairy dust and antidotes (T-OBS, T-TRADE). */

/**
 * [追跡ボーナス] / [視力ボーナス] (♣7, ♣10): characters roll 〈アップランド湿原知識〉, each once per obstacle; the
 * highest SD × 20% is added to every roll of the obstacle after it (INFERRED: the best guide counts).
 */
export function applyObstacleBonus(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.bonus' }>): Result<void> {
  const found = obstacleAt(ctx, ['roll'], 'COT-OBS-02');
  if (!found.ok) return found;
  const s = found.value;
  const skill = obstacleRow(s.strength).bonusSkill;
  if (!skill) return err('NO_BONUS', 'COT-OBS-02');
  const characters: Character[] = [];
  for (const id of command.characters) {
    const c = requireCharacter(ctx, id, 'COT-OBS-02');
    if (!c.ok) return c;
    if (s.bonusRolled.includes(id) || characters.includes(c.value)) return err('DUPLICATE', 'COT-OBS-02');
    characters.push(c.value);
  }
  for (const c of characters) {
    const check = rollCheck(ctx.rng, chanceFor(c, skill), ctx.state.options.autoFailAtZero);
    emitCheck(ctx, c.id, `obstacle.${skill}`, check);
    s.bonusRolled.push(c.id);
    s.bonus = Math.max(s.bonus, check.sd * 20);
  }
  note(ctx, 'obstacle.bonus', { skill, bonus: s.bonus });
  return done;
}

/**
 * 妖精粉 (T-TRADE): the party's fairy dust lowers the required SD of ♣4, ♣7, ♣10 and ♣K by the strength used up.
 * Down to nothing, or to what the attempts so far add up to, the obstacle is overcome.
 */
export function applyObstacleDust(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.dust' }>): Result<void> {
  const who = requireParticipant(ctx, 'COT-OBS-04');
  if (!who.ok) return who;
  const found = obstacleAt(ctx, ['roll'], 'COT-OBS-04');
  if (!found.ok) return found;
  const s = found.value;
  const row = obstacleRow(s.strength);
  if (!row.dust) return err('NO_DUST_HERE', 'COT-OBS-04');
  const party = ctx.state.party;
  if (party.fairyDust < command.strength) return err('NOT_ENOUGH_DUST', 'COT-OBS-04');
  party.fairyDust -= command.strength;
  s.required = Math.max(0, s.required - command.strength);
  note(ctx, 'obstacle.dust', { strength: command.strength, required: s.required, left: party.fairyDust });
  if (s.required === 0 || (!row.simultaneous && s.total >= s.required)) overcome(ctx, s);
  return done;
}

/** Which of the party's dose counts cancels each poison (T-TRADE 毒消し(茨), 毒消し(ガス)). */
const ANTIDOTE = { thorns: 'antidoteThorns', gas: 'antidoteGas' } as const;

/**
 * 毒消し (T-TRADE): one of the party's doses for that poison cancels the POT the obstacle just overcome dealt the
 * character, and is used up. INFERRED: it is taken before the party goes on, while the GM has not yet resolved it.
 */
export function applyObstacleAntidote(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.antidote' }>): Result<void> {
  const s = eventStep(ctx, 'obstacleCleared', 'COT-OBS-04');
  if (!s.ok) return s;
  const c = requireCharacter(ctx, command.character, 'COT-OBS-04');
  if (!c.ok) return c;
  const poisons = s.value.poisons;
  const poisoned = poisons.find((p) => p.character === c.value.id);
  if (!poisoned) return err('NOT_POISONED', 'COT-OBS-04');
  const party = ctx.state.party;
  const doses = ANTIDOTE[poisoned.poison];
  if (party[doses] < 1) return err('NO_ANTIDOTE', 'COT-OBS-04');
  party[doses] -= 1;
  s.value.poisons = poisons.filter((p) => p !== poisoned);
  note(ctx, 'obstacle.antidote', { character: c.value.id, poison: poisoned.poison, pot: poisoned.pot, left: party[doses] });
  return done;
}
