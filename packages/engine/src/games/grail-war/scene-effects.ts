import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { PrebattleDecl } from './commands.ts';
import type { Ctx } from './context.ts';
import { done, requireGm } from './context.ts';
import { emit } from './events.ts';
import { settleRescues } from './rescue.ts';
import type { GrailWarOptions } from './options.ts';
import type { ConsumableId } from './sheets.ts';
import type { Character } from './state.ts';

/** Consumables whose effect lasts "for the scene" (해당 장면에서, GW-ITEM-D4/D5/C3/B4). */
export const SCENE_ITEMS = ['lifePotion', 'mindPotion', 'protectionPotion', 'berserkerPotion'] as const;
export type SceneItem = (typeof SCENE_ITEMS)[number];

/**
 * Standing raises of a servant's max HP: the Guardian Charm +10 and the Life Charm +20 (GW-ITEM-E1/C2, worn by it
 * or its master) and the unnamed class's +20 (CLASS-02 (2)). They are worn into a battle and held like a scene item.
 */
export const HP_RAISES = { guardianCharm: 10, lifeCharm: 20, classHp: 20 } as const;
export type HpRaise = keyof typeof HP_RAISES;
const isHpRaise = (item: string): item is HpRaise => Object.hasOwn(HP_RAISES, item);

/**
 * One scene item, HP raise or trust shift in force, with what it added to the sheet's maxima (negative when it lowered
 * one) and what it moved the current HP and MP by: the extra a raise carried in, or minus what a cut actually took,
 * which is less than the cut where the floor held the value up. Its end takes back or gives back exactly that.
 */
export type SceneEffect = {
  item: SceneItem | HpRaise | 'trust';
  kind: 'smash' | 'counter' | 'rush' | 'normal' | null;
  maxHp: number;
  maxMp: number;
  hp: number;
  mp: number;
};

type Use = PrebattleDecl['consumables'][number];

/** GW-ITEM-E2: restores 5 HP and 5 MP, never past the maximum and never lowering a value already above it. */
const RECOVERY = 5;
/** GW-ITEM-D4 / D5: +10 to a maximum for the scene. */
const POTION_MAX = 10;

type Meter = { current: number; max: number };

/** `current` less n, but never below `floor` (or below where it already was, if lower). */
const lower = (current: number, n: number, floor: number) => Math.max(current - n, Math.min(current, floor));

/**
 * Moves a maximum by n and the current value with it: a raise carries its extra into the fight, a cut takes the same
 * away but never leaves the value below `floor`. Returns what the current value moved by.
 */
const shift = (m: Meter, n: number, floor: number): number => {
  const before = m.current;
  m.max += n;
  m.current = n >= 0 ? m.current + n : lower(m.current, -n, floor);
  return m.current - before;
};

/**
 * Undoes a shift at its end: the maximum goes back, a raise takes back the extra it gave, never below `floor`, so the
 * damage taken stays taken, and a cut gives back exactly what it took.
 */
const unshift = (m: Meter, max: number, moved: number, floor: number) => {
  m.max -= max;
  m.current = moved >= 0 ? lower(m.current, moved, floor) : m.current - moved;
};

const restore = (m: Meter, n: number) => {
  m.current = Math.max(m.current, Math.min(m.max, m.current + n));
};

/** A scene item already in force on this character; using it again would be wasted (C3 and B4 do not stack). */
export function alreadyInForce(ch: Character, item: ConsumableId): boolean {
  return (item === 'protectionPotion' || item === 'berserkerPotion') && ch.sceneEffects.some((e) => e.item === item);
}

/** Uses one consumable on its holder (ITEM-01: any character): pays it and applies its effect. */
export function useConsumable(ch: Character, use: Use, o: GrailWarOptions): void {
  const sheet = ch.sheet;
  sheet.consumables[use.item] = (sheet.consumables[use.item] ?? 0) - 1;
  switch (use.item) {
    case 'recoveryPotion':
      restore(sheet.hp, RECOVERY);
      restore(sheet.mp, RECOVERY);
      return;
    case 'lifePotion':
    case 'mindPotion': {
      // D5 as written raises max HP (defect D3); `mindPotionEffect` reads it as max MP.
      const mp = use.item === 'mindPotion' && o.mindPotionEffect === 'maxMp+10';
      (mp ? sheet.mp : sheet.hp).max += POTION_MAX;
      ch.sceneEffects.push({ item: use.item, kind: null, maxHp: mp ? 0 : POTION_MAX, maxMp: mp ? POTION_MAX : 0, hp: 0, mp: 0 });
      return;
    }
    case 'protectionPotion':
      ch.sceneEffects.push({ item: use.item, kind: null, maxHp: 0, maxMp: 0, hp: 0, mp: 0 });
      return;
    case 'berserkerPotion':
      // B4 adds one <일반> card: a servant names which of its three, a master's is its 일반.
      ch.sceneEffects.push({ item: use.item, kind: sheet.kind === 'master' ? 'normal' : (use.kind ?? null), maxHp: 0, maxMp: 0, hp: 0, mp: 0 });
      return;
  }
}

/**
 * A servant going into battle takes each HP raise it has and does not hold yet this scene: max HP and HP both go up
 * by its amount (INFERRED: the servant carries the extra HP into the fight, as a permanent maximum would give it).
 * Holding it until the scene ends keeps a second battle in the scene from adding it again.
 */
export function wearHpRaises(ch: Character, items: readonly string[], o: GrailWarOptions): void {
  if (ch.sheet.kind !== 'servant') return;
  const raises: HpRaise[] = (['guardianCharm', 'lifeCharm'] as const).filter((c) => items.includes(c));
  if (ch.sheet.className === o.unnamedClassTraitTarget) raises.push('classHp');
  for (const item of raises) {
    if (ch.sceneEffects.some((e) => e.item === item)) continue;
    const n = HP_RAISES[item];
    ch.sceneEffects.push({ item, kind: null, maxHp: n, maxMp: 0, hp: shift(ch.sheet.hp, n, 1), mp: 0 });
  }
}

/** GW-TRUST-02: trust t moves a servant's max HP by −t and its max MP by +t (t = −4: HP +4, MP −4). */
const trustShift = (t: number) => ({ maxHp: t === 0 ? 0 : -t, maxMp: t });

/** An HP raise or trust shift: an effect that moved the current HP or MP with the maxima. */
export const movesCurrent = (e: Pick<SceneEffect, 'item'>): boolean => isHpRaise(e.item) || e.item === 'trust';

/** Ends a held raise or shift: what it gave is taken back, HP never below 1 and MP never below 0; what it took comes back. */
function takeBack(ch: Character, e: SceneEffect): void {
  unshift(ch.sheet.hp, e.maxHp, e.hp, 1);
  unshift(ch.sheet.mp, e.maxMp, e.mp, 0);
}

/**
 * GW-TRUST-02 under the trust trial: a servant going into battle fights with its maxima shifted by its trust, its HP
 * and MP moved with them, as an HP raise does, and holds the shift until the scene ends. If its trust has changed
 * since an earlier battle of the scene (SEAL-09), the old shift is taken back and the new one put on.
 */
export function wearTrust(ch: Character, o: GrailWarOptions): void {
  if (ch.sheet.kind !== 'servant' || !o.trustRule) return;
  const next = trustShift(ch.trust);
  const held = ch.sceneEffects.find((e) => e.item === 'trust');
  if (held && held.maxHp === next.maxHp && held.maxMp === next.maxMp) return;
  if (held) {
    takeBack(ch, held);
    ch.sceneEffects = ch.sceneEffects.filter((e) => e !== held);
  }
  if (ch.trust === 0) return;
  const hp = shift(ch.sheet.hp, next.maxHp, 1);
  const mp = shift(ch.sheet.mp, next.maxMp, 0);
  ch.sceneEffects.push({ item: 'trust', kind: null, ...next, hp, mp });
}

/** The Berserker's Potion card kind in force on a character, if any. */
export function potionKind(ch: Character): SceneEffect['kind'] {
  return ch.sceneEffects.find((e) => e.item === 'berserkerPotion')?.kind ?? null;
}

/**
 * GM: ends the scene (FLOW-03 S4 steps 5 and 7): "for the scene" effects expire, a pending Forced Retreat rescue
 * counts down (rescue.ts), and an Attack Stance declared before a
 * scene with no battle is lost. A potion's raised maximum goes back down, and the current value loses only what sat
 * above the lowered maximum up to the potion's own amount, so HP above max from Defense Stance keeps its +20. An HP
 * raise or trust shift takes back the HP and MP it gave as well, so the damage taken stays taken, but never knocks the
 * servant below 1 HP or 0 MP; where it cut them, it gives back exactly what the cut took, no more than the floor let
 * it take. The last put on ends first, so each is undone on the values it left.
 */
export function sceneEnd(ctx: Ctx): Result<void> {
  const gm = requireGm(ctx);
  if (!gm.ok) return gm;
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended') return err('BATTLE_IN_PROGRESS', 'GW-FLOW-03');
  for (const ch of Object.values(ctx.state.characters)) {
    for (const e of ch.sceneEffects.toReversed()) {
      if (movesCurrent(e)) {
        takeBack(ch, e);
        continue;
      }
      for (const [meter, n] of [[ch.sheet.hp, e.maxHp], [ch.sheet.mp, e.maxMp]] as const) {
        if (n === 0) continue;
        meter.max -= n;
        meter.current -= Math.min(n, Math.max(0, meter.current - meter.max));
      }
    }
    ch.sceneEffects = [];
    ch.stanceReady = false;
  }
  // FLOW-03 S4 step 7, after the scene's effects have ended: a raise that held a rescued servant up is gone now.
  settleRescues(ctx);
  emit(ctx, { type: 'scene.ended' });
  return done;
}
