import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { allAnswered, answerSealed } from '../../kernel/sealed.ts';
import type { Cmd, PrebattleDecl } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireBattle, requireCharacter } from './context.ts';
import { convictionHpMp } from './conviction.ts';
import { emit } from './events.ts';
import { openBatch } from './flow.ts';
import { rankPlus } from './grades.ts';
import { itemsOf } from './judgment-values.ts';
import { masterPool, servantPool } from './pool.ts';
import { alreadyInForce, potionKind, useConsumable, wearHpRaises, wearTrust } from './scene-effects.ts';
import type { Battle, Character, GrailWarState } from './state.ts';
import { characterOf, participantOf } from './state.ts';
import { revealStep } from './sealed-step.ts';
import { checkShield } from './trust-shield.ts';

const PLUS_STAT_KEY = { str: 'str', end: 'end', agi: 'agi', luk: 'luk', mag: 'mag' } as const;

/** Player: the pre-battle declaration, sealed until everyone has answered (GW-BATTLE-08). */
export function battlePrepare(ctx: Ctx, c: Cmd<'battle.prepare'>): Result<void> {
  const decl = c.decl;
  const b = requireBattle(ctx, 'prebattle');
  if (!b.ok) return b;
  const me = requireCharacter(ctx, c.character);
  if (!me.ok) return me;
  const valid = checkPrebattle(ctx.state, b.value, me.value, decl);
  if (!valid.ok) return valid;
  const entry = answerSealed(b.value.prebattle, me.value.id, decl, ctx.rng);
  if (!entry.ok) return err('NOT_IN_DECLARATION', 'GW-BATTLE-08');
  emit(ctx, { type: 'sealed.answered', step: 'prebattle', character: me.value.id, commitment: entry.value.commitment });
  if (allAnswered(b.value.prebattle)) revealPrebattle(ctx, b.value);
  return done;
}

/** Checks one pre-battle declaration against sheets, seals, location and options. */
export function checkPrebattle(state: GrailWarState, battle: Battle, me: Character, d: PrebattleDecl): Result<void> {
  const o = state.options;
  const inBattle = participantOf(battle, me.id) !== undefined;
  const sheet = me.sheet;
  if (!inBattle && (d.row !== null || d.conviction !== 0 || d.consumables.length || d.activatePlus.length || d.guardian)) {
    return err('NOT_IN_BATTLE', 'GW-SEAL-00');
  }
  if (new Set(d.seals).size !== d.seals.length) return err('DUPLICATE_SEAL', 'GW-SEAL-00');
  if (d.seals.length > 0) {
    if (sheet.kind !== 'master') return err('NOT_A_MASTER', 'GW-SEAL-00');
    const servant = me.partner ? participantOf(battle, me.partner) : undefined;
    if (!servant) return err('NO_SERVANT_IN_BATTLE', 'GW-SEAL-00');
    if ((sheet.sealsLeft ?? 0) < d.seals.length) return err('NO_SEALS_LEFT', 'GW-SEAL-00');
    if (d.seals.includes('restoration') && o.sealRules === '000') return err('SEAL_NOT_IN_BATTLE', 'GW-SEAL-06');
    if (d.seals.includes('restoration') && me.restorationUsed) return err('ONCE_ONLY', 'GW-SEAL-06');
    // An Attack Stance used before the scene already waits for this battle (SEAL-00).
    if (d.seals.includes('attackStance') && characterOf(state, servant.id)?.stanceReady) return err('ALREADY_IN_EFFECT', 'GW-SEAL-03');
    // ⓛ seals without taking part need master and servant in the same location (SEAL-00).
    if (!inBattle && o.sealSameLocationRequired) {
      const here = battle.regions[me.id];
      if (here === undefined || here !== battle.regions[servant.id]) return err('NOT_SAME_LOCATION', 'GW-SEAL-00');
    }
  }
  if (d.conviction !== 0) {
    if (sheet.kind !== 'master') return err('NOT_A_MASTER', 'GW-SPEC-05');
    const cap = sheet.specializations.includes('conviction') ? 3 : 1;
    if (!Number.isInteger(d.conviction) || d.conviction < 0 || d.conviction > cap) return err('BAD_CONVICTION', 'GW-SPEC-05');
    if (sheet.conviction.current < d.conviction) return err('NOT_ENOUGH_CONVICTION', 'GW-SPEC-05');
  }
  const items = d.consumables.map((c) => c.item);
  if (new Set(items).size !== items.length) return err('DUPLICATE_ITEM', 'GW-ITEM-01');
  for (const c of d.consumables) {
    if ((sheet.consumables[c.item] ?? 0) < 1) return err('NO_SUCH_ITEM', 'GW-ITEM-01');
    if (alreadyInForce(me, c.item)) return err('ALREADY_IN_EFFECT', 'GW-ITEM-01');
    if (c.item === 'berserkerPotion' && sheet.kind === 'servant' && !c.kind) return err('POTION_NEEDS_KIND', 'GW-ITEM-B4');
  }
  if (d.activatePlus.length) {
    if (sheet.kind !== 'servant') return err('NOT_A_SERVANT', 'GW-MERIT-01');
    if (new Set(d.activatePlus).size !== d.activatePlus.length) return err('DUPLICATE_PLUS', 'GW-MERIT-01');
    for (const s of d.activatePlus) if (rankPlus(sheet.stats[PLUS_STAT_KEY[s]]) === 0) return err('NO_PLUS_ON_STAT', 'GW-MERIT-01');
    if (sheet.merit < 2 * d.activatePlus.length) return err('NOT_ENOUGH_MERIT', 'GW-MERIT-01');
  }
  if (d.guardian && (sheet.kind !== 'servant' || sheet.lineage !== 'guardian')) return err('NOT_GUARDIAN', 'GW-CLASS-04');
  // 001 #5 "1회에 한해": once, not once per battle (the source says "전투 당" where it means that, as for 일격 필살).
  if (d.guardian && me.guardianUsed) return err('ONCE_ONLY', 'GW-CLASS-04');
  // TRUST-03: a servant may shield its master from wherever it is, so this one is open to a servant outside the battle.
  if (d.shieldMaster) return checkShield(state, battle, me);
  return done;
}

/** Reveals every pre-battle declaration at once, applies them in a fixed order, and opens batch 1. */
export function revealPrebattle(ctx: Ctx, battle: Battle): void {
  const revealed = revealStep(battle, 'prebattle');
  const o = ctx.state.options;
  const decls: Record<string, PrebattleDecl> = {};
  for (const r of revealed) if (r.declared && r.answer) decls[r.seat] = r.answer;
  // "For the scene" potions first: Defense Stance's max + 20 and Restoration read the raised maximum (ITEM-D4/D5).
  for (const [id, d] of Object.entries(decls)) for (const c of d.consumables) useConsumable(characterOf(ctx.state, id)!, c, o);
  // Charms, the class's +20 HP and the trust shift likewise, before the seals that read the maximum (ITEM-E1/C2,
  // CLASS-02 (2), TRUST-02).
  for (const p of battle.participants) {
    const ch = characterOf(ctx.state, p.id)!;
    wearHpRaises(ch, itemsOf(ctx.state, ch), o);
    wearTrust(ch, o);
  }
  const stance = new Set<string>();
  for (const [id, d] of Object.entries(decls)) {
    const ch = characterOf(ctx.state, id)!;
    const p = participantOf(battle, id);
    if (p && d.row) p.row = d.row;
    if (ch.sheet.kind === 'master' && d.seals.length && ch.partner) {
      ch.sheet.sealsLeft = (ch.sheet.sealsLeft ?? 0) - d.seals.length;
      const servant = characterOf(ctx.state, ch.partner)!.sheet;
      if (d.seals.includes('attackStance')) stance.add(ch.partner);
      // SEAL-06 before SEAL-05, so Defense Stance's max + 20 is not undone by Restoration.
      if (d.seals.includes('restoration')) {
        ch.restorationUsed = true;
        servant.hp.current = Math.max(servant.hp.current, servant.hp.max);
        servant.mp.current = Math.max(servant.mp.current, servant.mp.max);
      }
      if (d.seals.includes('defenseStance')) servant.hp.current = servant.hp.max + 20;
    }
    if (!p) continue;
    if (ch.sheet.kind === 'master' && d.conviction > 0) {
      ch.sheet.conviction.current -= d.conviction;
      p.convictionSpent = d.conviction;
      const boost = convictionHpMp(ch.sheet.specializations.includes('conviction'), d.conviction, o);
      ch.sheet.hp.current += boost;
      ch.sheet.mp.current += boost;
    }
    if (ch.sheet.kind === 'servant' && d.activatePlus.length) {
      ch.sheet.merit -= 2 * d.activatePlus.length;
      p.plus.push(...d.activatePlus);
    }
    p.guardian = d.guardian;
    if (d.guardian) ch.guardianUsed = true;
  }
  for (const p of battle.participants) {
    const ch = characterOf(ctx.state, p.id)!;
    // Potions used now or earlier in the scene (ITEM-C3/B4: "for the scene").
    const potion = potionKind(ch);
    p.protection = ch.sceneEffects.some((e) => e.item === 'protectionPotion');
    p.berserkerPotion = potion !== null;
    if (ch.sheet.kind === 'servant') {
      const partner = ch.partner ? characterOf(ctx.state, ch.partner) : undefined;
      const items = [...ch.sheet.items, ...(partner?.sheet.items ?? [])];
      // SEAL-03 declared now, or before the scene while master and servant stood together (SEAL-00).
      p.attackStance = stance.has(p.id) || ch.stanceReady;
      ch.stanceReady = false;
      p.noConsume = p.attackStance && o.sealRules === '001';
      p.pool = servantPool(ch.sheet, items, { attackStance: p.attackStance, conviction: false, berserkerPotion: potion }, o);
    } else {
      const conviction = p.convictionSpent > 0;
      p.pool = masterPool(ch.sheet, { attackStance: false, conviction, berserkerPotion: potion });
      p.limit = ch.sheet.judgmentLimit === null ? null : ch.sheet.judgmentLimit * (conviction ? 2 : 1);
    }
    if (battle.ambushSide === p.side) p.ambushBatches.push(1);
  }
  const rows: Record<string, 'front' | 'back'> = {};
  for (const p of battle.participants) rows[p.id] = p.row;
  emit(ctx, { type: 'prebattle.revealed', battle: battle.id, answers: revealed, rows });
  openBatch(ctx, battle, 1);
}
