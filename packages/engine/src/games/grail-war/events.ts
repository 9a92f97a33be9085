import type { SealedReveal } from '../../kernel/sealed.ts';
import type { BatchPlan, Knowledge, PrebattleDecl, WindowDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { Relation } from './relations.ts';
import type { Binding, Override, Reward, SlotRecord } from './state.ts';
import type { Sheet } from './sheets.ts';

/**
 * Who may see what, frozen into each event so viewEvent can redact it without state: the seats that see each
 * character's private side (owner + partner), and the seats of everyone in the battle (GW-HIDE-01).
 */
export type Acl = {
  privateOf: Record<string, string[]>;
  ownerOf: Record<string, string>;
  battleSeats: string[];
  spectators: GrailWarOptions['spectatorVisibility'];
  pairSharesInfo: boolean;
};

export type PublicParticipant = { id: string; side: string; row: 'front' | 'back'; name: string; kind: 'servant' | 'master' };

/** The stored events. Each carries the whole truth; nothing here reaches a socket except through viewEvent. */
export type GrailWarEvent =
  | { type: 'options.set'; options: GrailWarOptions }
  | { type: 'seat.added'; seat: string; name: string }
  | { type: 'character.registered'; id: string; seat: string; partner: string | null; sheet: Sheet; acl: Acl }
  | { type: 'character.updated'; id: string; sheet: Sheet; acl: Acl }
  | { type: 'knowledge.set'; entry: Knowledge; acl: Acl }
  | { type: 'knowledge.removed'; knower: string; target: string; acl: Acl }
  | { type: 'relation.set'; entry: Relation; acl: Acl }
  | { type: 'relation.removed'; holder: string; other: string; acl: Acl }
  | { type: 'scene.ended' }
  | { type: 'battle.overridden'; override: Override; acl: Acl }
  | { type: 'battle.started'; battle: number; scene: 'day' | 'night'; participants: PublicParticipant[]; knowledge: Knowledge[]; acl: Acl }
  | { type: 'sealed.answered'; step: 'prebattle' | 'batch' | 'window'; character: string; commitment: string; acl: Acl }
  | { type: 'prebattle.revealed'; answers: SealedReveal<PrebattleDecl>[]; rows: Record<string, 'front' | 'back'>; acl: Acl }
  | { type: 'batch.opened'; batch: number; engaged: Record<string, string[]>; acl: Acl }
  | { type: 'batch.revealed'; batch: number; answers: SealedReveal<BatchPlan>[]; acl: Acl }
  | { type: 'window.opened'; batch: number; masters: string[]; acl: Acl }
  | { type: 'window.revealed'; batch: number; answers: SealedReveal<WindowDecl>[]; acl: Acl }
  | { type: 'slot.resolved'; record: SlotRecord; acl: Acl }
  | { type: 'battle.withdrawn'; side: string; by: string; acl: Acl }
  | { type: 'battle.betrayed'; character: string; side: string; acl: Acl }
  | { type: 'battle.extended'; batches: number; acl: Acl }
  | { type: 'seal.retreat'; master: string; servant: string; endsBattle: boolean; acl: Acl }
  | { type: 'battle.ended'; reason: string; winner: string | null; slotsPlayed: number; acl: Acl }
  | { type: 'battle.decided'; winner: string | null; acl: Acl }
  | { type: 'battle.rewards'; rewards: Reward[]; acl: Acl }
  | { type: 'battle.closed'; battle: number }
  | { type: 'master.zero'; character: string; hp: number; mp: number; acl: Acl }
  | { type: 'master.converted'; character: string; hp: number; mp: number; acl: Acl }
  | { type: 'master.settled'; character: string; dead: boolean; acl: Acl }
  | { type: 'merit.shared'; character: string; to: string; paid: number; received: number; acl: Acl }
  | { type: 'ss.keywordsSet'; character: string; keywords: string[]; acl: Acl }
  | { type: 'ss.rewarded'; character: string; merit: number; acl: Acl }
  /** `left`: the servant was pulled out of a running battle, which its members see. */
  | { type: 'seal.summoned'; character: string; servant: string; to: string | null; left: boolean; acl: Acl }
  /** `score`: the servant's relationship score for its master under the 000 effect (SEAL-09), else null. */
  | { type: 'seal.bound'; character: string; servant: string; binding: Binding; trust: number | null; score: number | null; acl: Acl }
  | { type: 'seal.early'; character: string; servant: string; seal: 'attackStance' | 'defenseStance' | 'restoration'; acl: Acl }
  | { type: 'master.rested'; character: string; hp: number; mp: number; acl: Acl }
  | { type: 'seal.resisted'; character: string; binding: Binding; acl: Acl }
  | { type: 'pool.recovered'; character: string; pool: 'conviction' | 'fate'; amount: number; merit: number; acl: Acl }
  /** SAN-02..07: what one battle cost a character's concealment, and what is left (owner, partner, GM: HIDE-F18). */
  | { type: 'concealment.lost'; character: string; loss: number; value: number; acl: Acl }
  /** SAN-01: a Church sanction is public (HIDE-F18, F32). */
  | { type: 'concealment.sanctioned'; character: string; reason: 'zero' | 'bigLoss' };

/** Events about one character's own affairs: seen by its owner, its partner's owner and the GM only. */
export const PAIR_EVENTS = ['master.zero', 'master.converted', 'master.settled', 'merit.shared', 'ss.keywordsSet', 'ss.rewarded', 'seal.summoned', 'seal.bound', 'seal.resisted', 'pool.recovered', 'seal.early', 'master.rested', 'concealment.lost'] as const;
