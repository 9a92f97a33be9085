import type { GrailWarOptions } from './options.ts';
import type { Relation } from './relations.ts';
import type { ConsumableId, Sheet } from './sheets.ts';

/** What a participant plays against one opponent in one slot (GW-BATTLE-10). */
export type Judgment = {
  card: 'wait' | 'smash' | 'counter' | 'rush' | 'critical' | 'defense' | 'magecraft' | 'skill' | 'normal' | 'np' | 'oneHitKill' | 'arcane';
  /** 마술, 기술 and master 일반 cards name the aspect the matchup uses. */
  aspect?: 'smash' | 'counter' | 'rush';
  /** Which NP, for card 'np'. */
  np?: string;
  /** MERIT-06: + bought for this one judgment (2 merit). */
  plus?: boolean;
  /** SPEC-04: spend 1 명운 on a master 일반 judgment. */
  fate?: boolean;
  /** SEAL-04: NP Boost, the NP costs no MP. */
  boost?: boolean;
  /** TRUST-05 (trust trial): a servant at trust −10 passes the damage it takes on this judgment to its master. */
  toMaster?: boolean;
};

export type SupportPlan = {
  type: 'support';
  ally: string;
  opponent: string;
  mode: 'physical' | 'magic';
  /** Physical: the card played ('normal' for a master, with its aspect). */
  card?: 'smash' | 'counter' | 'rush' | 'normal';
  aspect?: 'smash' | 'counter' | 'rush';
};
/** A withdrawal declared inside the sealed batch: the side leaves before this slot resolves (MISC-02, HIDE-D6). */
export type WithdrawPlan = { type: 'withdraw' };
export type SlotPlan = { type: 'play'; vs: Record<string, Judgment> } | SupportPlan | WithdrawPlan;

export const PLUS_STATS = ['str', 'end', 'agi', 'luk', 'mag'] as const;
export type PlusStat = (typeof PLUS_STATS)[number];

/** One batch: five slots, and + activations declared with it (MERIT-01). */
export type BatchPlan = { slots: SlotPlan[]; activatePlus: PlusStat[] };

/** The pre-battle sealed step (GW-BATTLE-08). */
export type PrebattleDecl = {
  row: 'front' | 'back' | null;
  seals: ('attackStance' | 'defenseStance' | 'restoration')[];
  conviction: number;
  /** GW-ITEM consumables used now; a Berserker's Potion on a servant names the card kind it adds (ITEM-B4). */
  consumables: { item: ConsumableId; kind?: 'smash' | 'counter' | 'rush' }[];
  activatePlus: PlusStat[];
  /** CLASS-04: use the Guardian lineage in this battle. */
  guardian: boolean;
  /** TRUST-03 (trust trial): a servant at trust +10 takes all the damage its master would receive in this battle. */
  shieldMaster?: boolean;
};

/** Post-reveal seals (GW-BATTLE-11); slots are 1..5 within the batch just revealed. */
export type WindowAction =
  | { seal: 'actionRestriction'; slot: number; opponent: string; judgment: Judgment }
  | { seal: 'forcedAttack'; slot: number; opponent?: string }
  | { seal: 'absoluteDefense'; slot: number }
  | { seal: 'defenseStanceHeal' };
export type WindowDecl = { actions: WindowAction[] };

/** What one knower knows about one servant, supplied by the info ledger at battle start (INFO-12..15). */
export type Knowledge = {
  knower: string;
  target: string;
  /** Authoritative T (false points count −2) and the knower's believed T (INFO-04). */
  total: number;
  believed: number;
  classKnown: boolean;
  failedGuess: boolean;
  trueNameKnown: boolean;
};

export type ParticipantSpec = {
  character: string;
  side: string;
  row?: 'front' | 'back';
  /** CLASS-02 streak bonus for the unnamed-class trait (+n on every judgment), computed by the day flow. */
  streak?: number;
};

export type GrailWarCommand =
  | { type: 'options.set'; options: Partial<GrailWarOptions> }
  | { type: 'seat.add'; name: string }
  | { type: 'character.register'; id: string; seat: string; partner: string | null; sheet: Sheet }
  | { type: 'character.update'; id: string; sheet: Sheet }
  | { type: 'knowledge.set'; entry: Knowledge }
  | { type: 'knowledge.remove'; knower: string; target: string }
  | { type: 'relation.set'; entry: Relation }
  | { type: 'relation.remove'; holder: string; other: string }
  | { type: 'scene.end' }
  | {
      type: 'battle.start';
      scene: 'day' | 'night';
      participants: ParticipantSpec[];
      regions: Record<string, string>;
      knowledge: Knowledge[];
      /** BATTLE-M2 master variant: this side ambushes, + on every judgment of its first batch. */
      ambushSide: string | null;
    }
  | { type: 'battle.prepare'; decl: PrebattleDecl }
  | { type: 'battle.submit'; plan: BatchPlan }
  | { type: 'battle.window'; decl: WindowDecl }
  | { type: 'battle.force' }
  | { type: 'battle.withdraw' }
  | { type: 'battle.betray' }
  | { type: 'battle.extend' }
  | { type: 'battle.decide'; winner: string | null }
  | { type: 'battle.override'; character: string; hp: number; mp: number; reason: string }
  | { type: 'battle.close' }
  | { type: 'seal.retreat' }
  | { type: 'seal.summon' }
  | { type: 'seal.bind'; order: string; extreme: 'max' | 'min' }
  | { type: 'seal.resist' }
  | { type: 'seal.early'; seal: 'attackStance' | 'defenseStance' | 'restoration' }
  | { type: 'master.convert'; direction: 'mpToHp' | 'hpToMp'; amount: number }
  | { type: 'master.settle'; character: string }
  | { type: 'master.rest'; character: string; hp: number; mp: number; atBase: boolean }
  | { type: 'merit.share'; amount: number }
  | { type: 'pool.recover'; pool: 'conviction' | 'fate'; amount: number }
  | { type: 'ss.keywords'; keywords: string[] }
  | { type: 'ss.reward'; character: string; keyword: string };
