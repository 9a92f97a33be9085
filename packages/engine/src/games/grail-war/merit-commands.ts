import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireCharacter, requireGm } from './context.ts';
import { emit } from './events.ts';
import { characterOf } from './state.ts';

/** Sheets cap merit here (sheets.ts), so a transfer may not push the receiver past it. */
const MERIT_CAP = 9999;

/** Player: GW-MERIT-08, gives merit to the contracted partner at 2:1, in multiples of 2 (INFERRED). */
export function meritShare(ctx: Ctx, c: Cmd<'merit.share'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const giver = me.value;
  const partner = giver.partner ? characterOf(ctx.state, giver.partner) : undefined;
  if (!partner) return err('NO_PARTNER', 'GW-MERIT-08');
  if (!Number.isInteger(c.amount) || c.amount < 2 || c.amount % 2 !== 0) return err('ODD_AMOUNT', 'GW-MERIT-08');
  if (c.amount > giver.sheet.merit) return err('NOT_ENOUGH_MERIT', 'GW-MERIT-08');
  const received = c.amount / 2;
  if (partner.sheet.merit + received > MERIT_CAP) return err('BAD_AMOUNT', 'GW-MERIT-08');
  giver.sheet.merit -= c.amount;
  partner.sheet.merit += received;
  emit(ctx, { type: 'merit.shared', character: giver.id, to: partner.id, paid: c.amount, received });
  return done;
}

/** Player: GW-MISC-01, the two SS keywords, chosen once and beforehand (fixed afterwards, INFERRED). */
export function ssKeywords(ctx: Ctx, c: Cmd<'ss.keywords'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const words = c.keywords.map((k) => k.trim());
  if (words.length !== 2 || words.some((k) => k.length < 1 || k.length > 40) || words[0] === words[1]) return err('BAD_KEYWORDS', 'GW-MISC-01');
  if (me.value.ssKeywords.length > 0) return err('KEYWORDS_FIXED', 'GW-MISC-01');
  me.value.ssKeywords = words;
  emit(ctx, { type: 'ss.keywordsSet', character: me.value.id, keywords: [...words] });
  return done;
}

/**
 * GM: GW-MERIT-09, approves one SS (who judges is INFERRED: the GM) naming the writer's keyword it hints at or
 * contains; +1 merit. An SS that touches none of the writer's keywords earns nothing, so naming another word is refused.
 */
export function ssReward(ctx: Ctx, c: Cmd<'ss.reward'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (!ctx.state.options.ssReward) return err('RULE_OFF', 'GW-MISC-01');
  const writer = characterOf(ctx.state, c.character);
  if (!writer) return err('NO_SUCH_CHARACTER');
  if (writer.ssKeywords.length === 0) return err('NO_KEYWORDS', 'GW-MISC-01');
  if (!writer.ssKeywords.includes(c.keyword.trim())) return err('NOT_A_KEYWORD', 'GW-MERIT-09');
  if (writer.sheet.merit + 1 > MERIT_CAP) return err('BAD_AMOUNT', 'GW-MERIT-09');
  writer.sheet.merit += 1;
  emit(ctx, { type: 'ss.rewarded', character: writer.id, merit: 1 });
  return done;
}
