import { GM_ONLY } from '../../kernel/events.ts';
import type { WindowCloseReason } from '../../kernel/reaction-window.ts';
import { canDeclare, closeWindow, elapseMinSpan, passWindow, timeoutWindow } from '../../kernel/reaction-window.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Ctx, Handler } from './context.ts';
import { done, emit, requireControl, requireGm, windowEvent } from './context.ts';
import { gmSkillHolder } from './visibility.ts';
import { applyDamage, fukutsuLapsed } from './apply-damage.ts';
import { obstructionLapsed } from './apply-move.ts';
import { refuseQuestion } from './apply-private.ts';
import { jumpNow } from './apply-teleport.ts';
import { settleTotal } from './resolution.ts';
import { findCharacter } from './state.ts';

/**
 * What closing a window means for the rule it serves, whichever route closed it (D6-WIN-11): an unanswered
 * obstruction lets the character go, a closed カウンター/自己犠牲 window applies the damage, an unused 不屈 window
 * leaves the character down, a closed question is a refusal.
 */
function afterClose(ctx: Ctx, windowId: string): void {
  const link = ctx.state.links[windowId];
  if (!link) return;
  if (link.kind === 'after-damage') {
    const attack = ctx.state.attacks[link.attack];
    const t = attack?.targets.find((x) => x.target === link.target);
    if (attack && t) applyDamage(ctx, attack, t);
  }
  if (link.kind === 'obstruct') obstructionLapsed(ctx, link.move);
  if (link.kind === 'fukutsu') fukutsuLapsed(ctx, link.character);
  if (link.kind === 'question') refuseQuestion(ctx, link.question);
  if (link.kind === 'passengers') jumpNow(ctx, link);
  if (link.kind === 'concentration') settleTotal(ctx, link.check);
}

function closed(ctx: Ctx, windowId: string, reason: WindowCloseReason): Result<void> {
  windowEvent(ctx, 'window.closed', windowId, { reason });
  afterClose(ctx, windowId);
  return done;
}

/**
 * D6-SKL-TELEPORT-04: an asked passenger's player accepts the ride (declining is a pass). It must still stand beside
 * the user; once every asked passenger has answered, the window closes and the jump happens.
 */
export const teleportAccept: Handler<'teleport.accept'> = (ctx, cmd) => {
  const w = ctx.state.windows[cmd.window];
  const link = ctx.state.links[cmd.window];
  if (!w || link?.kind !== 'passengers') return err('NO_SUCH_WINDOW');
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  const may = canDeclare(w, c.value.id);
  if (!may.ok) return { ok: false, error: { ...may.error, rule: 'D6-SKL-TELEPORT-04' } };
  const user = findCharacter(ctx.state, link.user);
  if (!user || user.zone !== c.value.zone) return err('NOT_SAME_ZONE', 'D6-SKL-TELEPORT-04');
  link.accepted.push(c.value.id);
  windowEvent(ctx, 'teleport.accepted', w.id, { character: c.value.id });
  const answered = passWindow(w, c.value.id);
  if (!answered.ok) return answered;
  return answered.value.closed ? closed(ctx, w.id, 'all-passed') : done;
};

/** An eligible participant passes; when all have, the window closes (D6-WIN-11). */
export const windowPass: Handler<'window.pass'> = (ctx, cmd) => {
  const w = ctx.state.windows[cmd.window];
  if (!w) return err('NO_SUCH_WINDOW');
  const c = requireControl(ctx, cmd.character);
  if (!c.ok) return c;
  const passed = passWindow(w, c.value.id);
  if (!passed.ok) return { ok: false, error: { ...passed.error, rule: 'D6-WIN-12' } };
  // A GM-run character passing a skill window would tell that it was asked: that pass is the GM's to read.
  if (gmSkillHolder(ctx.state, w.kind, c.value.id)) emit(ctx, 'window.passed', { window: w.id, character: c.value.id }, { to: GM_ONLY });
  else windowEvent(ctx, 'window.passed', w.id, { character: c.value.id });
  return passed.value.closed ? closed(ctx, w.id, 'all-passed') : done;
};

/** D6-WIN-11: the GM closes a window by hand. */
export const windowClose: Handler<'window.close'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const w = ctx.state.windows[cmd.window];
  if (!w) return err('NO_SUCH_WINDOW');
  const r = closeWindow(w, 'gm');
  if (!r.ok) return { ok: false, error: { ...r.error, rule: 'D6-WIN-12' } };
  return closed(ctx, w.id, 'gm');
};

/** The server's clock: the engine never reads one (D6-WIN-11). */
export const windowTimeout: Handler<'window.timeout'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const w = ctx.state.windows[cmd.window];
  if (!w) return err('NO_SUCH_WINDOW');
  const r = timeoutWindow(w);
  if (!r.ok) return { ok: false, error: { ...r.error, rule: 'D6-WIN-11' } };
  return closed(ctx, w.id, 'timeout');
};

/** D6-WIN-13: the server reports that the active side's minimum span has passed. */
export const windowMinElapsed: Handler<'window.min-elapsed'> = (ctx, cmd) => {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const w = ctx.state.windows[cmd.window];
  if (!w) return err('NO_SUCH_WINDOW');
  const r = elapseMinSpan(w);
  if (!r.ok) return r;
  windowEvent(ctx, 'window.min-elapsed', w.id);
  return done;
};

