import { plain } from '../../kernel/draft.ts';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Sealed } from '../../kernel/sealed.ts';
import { allAnswered, answerSealed, canAnswer, pendingSeats, revealSealed, sealedAnswerOf } from '../../kernel/sealed.ts';
import type { Campaign } from './campaign.ts';
import { resolveStepOf } from './campaign.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { copyOf, done, requireCharacter, requireGm } from './context.ts';
import { emit } from './events.ts';
import type { SceneDecl } from './scene-actions.ts';
import { checkDecl } from './scene-actions.ts';
import { resolveRegions } from './regions.ts';
import { masterWithSeal, spendSeal } from './seal-orders.ts';
import { battleStart } from './setup-commands.ts';
import type { Character } from './state.ts';
import { characterOf } from './state.ts';

/** GM: a place of the map (FLOW-01 step 2), a region of CORE-08 (regions.ts), named by the engine p1, p2, …. */
export function placeAdd(ctx: Ctx, c: Cmd<'place.add'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const places = ctx.state.campaign.places;
  if (places.some((p) => p.name === c.name)) return err('DUPLICATE_PLACE', 'GW-FLOW-01');
  const place = { id: `p${places.length + 1}`, name: c.name };
  places.push(place);
  emit(ctx, { type: 'place.added', place: { ...place } });
  return done;
}

/** The open declarations of S2, and whether this declaration names a place of the map. */
function openDecl(campaign: Campaign, d: SceneDecl): Result<Sealed<SceneDecl>> {
  const sealed = campaign.declarations;
  if (campaign.step !== 'declare' || !sealed) return err('NOT_DECLARING', 'GW-FLOW-03');
  if (!campaign.places.some((p) => p.id === d.place)) return err('NO_SUCH_PLACE', 'GW-HIDE-D1');
  return ok(sealed);
}

/** Stores a character's sealed answer with a fresh salt; the commitment is what others are shown (GW-HIDE-D1). */
function seal(ctx: Ctx, sealed: Sealed<SceneDecl>, ch: Character, d: SceneDecl): Result<string> {
  const r = answerSealed(sealed, ch.id, plain(d), ctx.rng);
  return r.ok ? ok(r.value.commitment) : r;
}

/**
 * A character's S2 declaration (GW-HIDE-D1): a location among the GM's places and two short actions or one long
 * action its kind may take (FLOW-05). It may change its mind until the scene locks, which happens when every
 * character is in (INFERRED: so a master who means to rewrite its servant's declaration does so before its own).
 */
export function sceneDeclare(ctx: Ctx, c: Cmd<'scene.declare'>): Result<void> {
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const ch = me.value;
  const campaign = ctx.state.campaign;
  const sealed = openDecl(campaign, c.decl);
  if (!sealed.ok) return sealed;
  const can = canAnswer(sealed.value, ch.id);
  if (!can.ok) return can;
  // HIDE-D2: the master's rewrite stands; the servant sees it but cannot undo it.
  if (campaign.rewritten.includes(ch.id)) return err('DECLARATION_REWRITTEN', 'GW-HIDE-D2');
  const allowed = checkDecl(ch, c.decl, campaign.restOnly.includes(ch.id));
  if (!allowed.ok) return allowed;
  const sealedAs = seal(ctx, sealed.value, ch, c.decl);
  if (!sealedAs.ok) return sealedAs;
  emit(ctx, { type: 'scene.declared', character: ch.id, commitment: sealedAs.value });
  if (allAnswered(sealed.value)) lock(ctx);
  return done;
}

/**
 * Master: SEAL-10 (a), rewrites its servant's declaration at will after the servant's D1 and before lock, for one
 * seal (GW-HIDE-D2). The servant's side and the GM see the new declaration; everyone else sees a fresh commitment.
 */
export function sceneRewrite(ctx: Ctx, c: Cmd<'scene.rewrite'>): Result<void> {
  const pair = masterWithSeal(ctx, 'GW-SEAL-10', c.character);
  if (!pair.ok) return pair;
  const { master, servant } = pair.value;
  const campaign = ctx.state.campaign;
  const sealed = openDecl(campaign, c.decl);
  if (!sealed.ok) return sealed;
  if (!sealedAnswerOf(sealed.value, servant.id)) return err('SERVANT_NOT_DECLARED', 'GW-HIDE-D2');
  const allowed = checkDecl(servant, c.decl, false);
  if (!allowed.ok) return allowed;
  const sealedAs = seal(ctx, sealed.value, servant, c.decl);
  if (!sealedAs.ok) return sealedAs;
  spendSeal(master);
  if (!campaign.rewritten.includes(servant.id)) campaign.rewritten.push(servant.id);
  emit(ctx, { type: 'scene.rewritten', master: master.id, servant: servant.id, commitment: sealedAs.value });
  return done;
}

/**
 * GM, or the server at the room's step timer (GW-HIDE-04): locks the declarations now; a character that has not
 * declared takes no action this scene.
 */
export function sceneReveal(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  if (ctx.state.campaign.step !== 'declare') return err('NOT_DECLARING', 'GW-FLOW-03');
  lock(ctx);
  return done;
}

/**
 * Locks S2 and opens S3. Per HIDE-D1 the GM resolves and the others learn nothing by the lock: the answers and
 * salts stay in the state, seen by each character's pair and the GM, and the commitments everyone holds let the open
 * edition prove them later.
 */
function lock(ctx: Ctx): void {
  const campaign = ctx.state.campaign;
  const sealed = copyOf(campaign.declarations!);
  const missing = pendingSeats(sealed);
  revealSealed(sealed);
  campaign.declarations = sealed;
  campaign.deadline = null;
  campaign.step = 'resolve';
  campaign.resolved = 0;
  emit(ctx, { type: 'scene.revealed', declared: sealed.seats.filter((s) => !missing.includes(s)), missing });
}

/** GM: the current S3 step is resolved (FLOW-03 S3, in order), with a note for everyone or for the GM alone. */
export function sceneResolve(ctx: Ctx, c: Cmd<'scene.resolve'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const campaign = ctx.state.campaign;
  const step = resolveStepOf(campaign);
  if (!step) return err(campaign.step === 'resolve' ? 'RESOLUTION_DONE' : 'NOT_RESOLVING', 'GW-FLOW-03');
  const b = ctx.state.battle;
  if (step === 'battles' && b && b.phase !== 'ended') return err('BATTLE_IN_PROGRESS', 'GW-FLOW-03');
  campaign.resolved += 1;
  resolveRegions(ctx, step);
  const note = c.note && c.note.length > 0 ? c.note : null;
  emit(ctx, { type: 'scene.resolved', step, note, audience: c.audience ?? 'gm' });
  return done;
}

/**
 * GM: FLOW-03 S3 step 4, a battle among the characters it picks (§15): the scene's Day or Night, each one's place
 * from its declaration, and the CLASS-02 (1) streak the day flow counted for the unnamed class.
 */
export function sceneBattle(ctx: Ctx, c: Cmd<'scene.battle'>): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const campaign = ctx.state.campaign;
  if (resolveStepOf(campaign) !== 'battles') return err('NOT_BATTLE_STEP', 'GW-FLOW-03');
  const regions: Record<string, string> = {};
  const participants = c.participants.map((p) => {
    const ch = characterOf(ctx.state, p.character);
    const place = campaign.declarations && sealedAnswerOf(campaign.declarations, p.character)?.answer.place;
    const name = campaign.places.find((x) => x.id === place)?.name;
    if (name) regions[p.character] = name;
    const unnamed = ch?.sheet.kind === 'servant' && ch.sheet.className === ctx.state.options.unnamedClassTraitTarget;
    const streak = unnamed ? (campaign.streaks[p.character] ?? 0) : undefined;
    return { ...plain(p), ...(streak !== undefined ? { streak } : {}) };
  });
  return battleStart(ctx, { type: 'battle.start', scene: campaign.half, participants, regions, knowledge: [], ambushSide: c.ambushSide });
}
