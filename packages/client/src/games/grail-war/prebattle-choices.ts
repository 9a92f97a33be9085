import type { GwView } from '@veiltable/protocol/games/grail-war';
import { PLUS_STATS, partnerOf, type PlusStat } from './plan-draft.ts';

type Battle = NonNullable<GwView['battle']>;
type Character = GwView['characters'][number];
export type PrebattleSeal = 'attackStance' | 'defenseStance' | 'restoration';
export type Consumable = 'recoveryPotion' | 'lifePotion' | 'mindPotion' | 'protectionPotion' | 'berserkerPotion';
const CONSUMABLES: readonly Consumable[] = ['recoveryPotion', 'lifePotion', 'mindPotion', 'protectionPotion', 'berserkerPotion'];
/** Potions whose scene-long effect does not stack (GW-ITEM-C3/B4): not offered while already in force. */
const NO_STACK: readonly Consumable[] = ['protectionPotion', 'berserkerPotion'];

/** What this character may declare before the battle (mirrors the engine's checkPrebattle, GW-BATTLE-08). */
export type PrebattleChoices = {
  fighting: boolean;
  /** Highest 신념 this master may spend (SPEC-05); 0 hides the field. */
  convictionMax: number;
  seals: PrebattleSeal[];
  sealsLeft: number;
  consumables: Consumable[];
  /** A servant's 광화의 비약 needs the card kind it adds (ITEM-B4); a master's always adds 일반. */
  potionNeedsKind: boolean;
  plusStats: PlusStat[];
  merit: number;
  guardian: boolean;
  /** TRUST-03 (trust trial): a servant at trust +10 whose master fights may take all its master's damage. */
  shieldMaster: boolean;
};

const plusMarks = (grade: string): number => grade.split('+').length - 1;

/** The legal pre-battle options for this seat's character. */
export function prebattleChoices(view: GwView, battle: Battle, me: Character): PrebattleChoices {
  const o = view.options;
  const sheet = me.sheet;
  const fighting = battle.participants.some((p) => p.id === me.id);
  const partner = partnerOf(view, me);
  const servantIn = partner !== undefined && battle.participants.some((p) => p.id === partner.id);
  const masterIn = partner?.kind === 'master' && battle.participants.some((p) => p.id === partner.id);
  let convictionMax = 0;
  let seals: PrebattleSeal[] = [];
  let sealsLeft = 0;
  if (sheet?.kind === 'master') {
    if (fighting) {
      convictionMax = Math.min(sheet.specializations.includes('conviction') ? 3 : 1, sheet.conviction.current);
    }
    sealsLeft = sheet.sealsLeft ?? 0;
    // ⓛ seals need the servant in this battle. The view carries neither regions nor whether 회복 was used, so
    // the same-location rule and SEAL-06's once-only are left to the server's refusal.
    if (servantIn && sealsLeft > 0) {
      seals = ['attackStance', 'defenseStance'];
      if (o.sealRules !== '000') seals.push('restoration');
    }
  }
  const inForce = new Set<string>(me.status?.sceneEffects.map((e) => e.item) ?? []);
  const consumables = fighting ? CONSUMABLES.filter((c) => (sheet?.consumables[c] ?? 0) > 0 && !(NO_STACK.includes(c) && inForce.has(c))) : [];
  return {
    fighting,
    convictionMax: Math.max(0, convictionMax),
    seals,
    sealsLeft,
    consumables,
    potionNeedsKind: sheet?.kind === 'servant',
    plusStats: fighting && sheet?.kind === 'servant' && sheet.merit >= 2 ? PLUS_STATS.filter((s) => plusMarks(sheet.stats[s]) > 0) : [],
    merit: sheet?.merit ?? 0,
    // CLASS-04 (001 #5 "1회에 한해"): offered until its one use is spent.
    guardian: fighting && sheet?.kind === 'servant' && sheet.lineage === 'guardian' && !me.status?.guardianUsed,
    shieldMaster: o.trustRule && sheet?.kind === 'servant' && me.status?.trust === 10 && masterIn && sheet.hp.current > 0,
  };
}
