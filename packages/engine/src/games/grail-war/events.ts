import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import { plain } from '../../kernel/draft.ts';
import type { GameEvent } from '../../kernel/events.ts';
import { perViewer } from '../../kernel/events.ts';
import type { Acl } from './access.ts';
import { aclOf } from './access.ts';
import type { Knowledge } from './commands.ts';
import type { InfoEntry } from './info-ledger.ts';
import type { Ctx } from './context.ts';
import type { PairEventType } from './event-reading.ts';
import { readEvent } from './event-reading.ts';
import type { RegionHappening } from './region-events.ts';
import type { SceneHappening } from './scene-events.ts';
import type { SummonHappening } from './summon-view.ts';
import type { Sheet } from './sheets.ts';
import type { SlotRecord } from './state.ts';

/** An event as the log stores it: the kernel envelope, each part a protocol view event for its audience. */
export type GrailWarEvent = GameEvent<GwViewEvent>;

type Told<T extends GwViewEvent['type']> = Extract<GwViewEvent, { type: T }>;

/**
 * What happened, in full, as a handler tells it. Most kinds read alike for everyone they reach (the view event
 * itself); the others hold what some viewer may not read, which event-reading.ts takes out viewer by viewer.
 */
export type Happening =
  | Told<'options.set' | 'seat.added' | 'knowledge.removed' | 'relation.set' | 'relation.removed' | 'servant.vanished' | 'battle.overridden'>
  | SceneHappening
  | RegionHappening
  | SummonHappening
  | { type: 'character.registered'; id: string; seat: string; partner: string | null; sheet: Sheet }
  | { type: 'character.updated'; id: string; sheet: Sheet }
  | { type: 'knowledge.set'; entry: Knowledge }
  | { type: 'info.updated'; entry: InfoEntry }
  | (Omit<Told<'battle.started'>, 'knowledge'> & { knowledge: Knowledge[] })
  | Told<'sealed.answered' | 'prebattle.revealed' | 'batch.opened' | 'batch.revealed' | 'window.opened' | 'window.revealed'>
  | { type: 'slot.resolved'; record: SlotRecord }
  | Told<'battle.withdrawn' | 'battle.betrayed' | 'battle.extended' | 'seal.retreat' | 'battle.ended' | 'battle.decided' | 'battle.rewards' | 'battle.closed'>
  | Told<PairEventType>
  | Told<'concealment.sanctioned' | 'shop.stocked'>
  | Told<'relation.proposed' | 'relation.registered' | 'relation.scoreSealed' | 'info.shared'>;

/**
 * Records what happened, redacted now for every viewer (GW-HIDE-01): the audience rule reads the ACL of this moment
 * (who owns and partners whom, who is in the battle, the room's visibility options), so the stored event holds
 * each viewer's reading and no ACL.
 */
export function emit(ctx: Ctx, happened: Happening): void {
  const acl = aclOf(ctx.state);
  const truth = plain(happened);
  ctx.emit(perViewer(truth.type, audienceSeats(ctx, acl), (v) => readEvent(truth, acl, v)));
}

/**
 * The seats an event is redacted for one by one: the room's seats and every seat that owns a character (a room saved
 * by an earlier version may hold characters on seats its seat list lacks). Any other seat reads what a stranger reads.
 */
function audienceSeats(ctx: Ctx, acl: Acl): string[] {
  return [...new Set([...ctx.seats().map((s) => s.id), ...Object.values(acl.ownerOf)])];
}
