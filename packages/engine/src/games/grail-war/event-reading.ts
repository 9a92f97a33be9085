import type { Viewer } from '@veiltable/protocol';
import type { GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Acl } from './access.ts';
import { inBattle, knowledgeFor, mirrors, rewardsFor, seesKnowledge, seesPrivate, seesRelation, seesReveals, slotFor } from './access.ts';
import { entryView } from './info-ledger.ts';
import type { Happening } from './events.ts';
import { isRegionEvent, readRegionEvent } from './region-events.ts';
import { isSceneEvent, readSceneEvent } from './scene-events.ts';
import { isSummonEvent, readSummonEvent } from './summon-view.ts';

/** Events about one character's own affairs: seen by its owner, its partner's owner and the GM only. */
export const PAIR_EVENTS = [
  'master.zero',
  'master.converted',
  'master.settled',
  'merit.shared',
  'ss.keywordsSet',
  'ss.rewarded',
  'seal.summoned',
  'seal.bound',
  'seal.resisted',
  'pool.recovered',
  'seal.early',
  'master.rested',
  'concealment.lost',
  'upkeep.paid',
  // GW-HIDE-F09: funds and items owned and worn.
  'item.bought',
  'funds.granted',
  'item.granted',
  'item.equipped',
  'item.used',
  // GW-HIDE-F07/F31: XP and its spending.
  'xp.awarded',
  'xp.spent',
  // GW-HIDE-00: a contract's cancelling and forming.
  'contract.cancelled',
  'contract.formed',
] as const;
export type PairEventType = (typeof PAIR_EVENTS)[number];

type PairHappening = Extract<Happening, { type: PairEventType }>;

const isPair = (e: Happening): e is PairHappening => (PAIR_EVENTS as readonly string[]).includes(e.type);

/**
 * What one viewer reads of what happened, under the ACL of that moment (§17.1); null when nothing. The one audience
 * rule of the game's events, run by emit for every viewer when the event is made.
 */
export function readEvent(event: Happening, acl: Acl, v: Viewer): GwViewEvent | null {
  if (isSceneEvent(event)) return readSceneEvent(event, acl, v);
  if (isRegionEvent(event)) return readRegionEvent(event, acl, v);
  if (isSummonEvent(event)) return readSummonEvent(event, acl, v);
  switch (event.type) {
    case 'options.set':
    case 'battle.closed':
    // SEAL-02 001: a servant's destruction is public (GW-HIDE-F32, INFERRED).
    case 'servant.vanished':
    case 'seat.added':
    // SAN-01: a Church sanction is public (HIDE-F18, F32).
    case 'concealment.sanctioned':
      return event;
    // A shop is region data, the GM's (HIDE-F21).
    case 'shop.stocked':
      return mirrors(acl, v) ? event : null;
    case 'relation.set':
      return seesRelation(acl, event.entry.holder, v) ? event : null;
    // F15 / TV-HIDE-03: a cut is the holder's; the other side is not told.
    case 'relation.removed':
      return seesRelation(acl, event.holder, v) ? event : null;
    // HIDE-D10: an offer and a registration are the two characters' and the GM's.
    case 'relation.proposed':
    case 'relation.registered':
      return seesRelation(acl, event.from, v) || seesRelation(acl, event.to, v) ? event : null;
    // HIDE-D7: the sealed scoring is the holder's and the GM's, never revealed.
    case 'relation.scoreSealed':
      return seesRelation(acl, event.holder, v) ? event : null;
    // HIDE-D11 / F13: what was shared and what of it is false stays with the giver and the GM.
    case 'info.shared':
      return seesRelation(acl, event.giver, v) ? event : null;
    case 'character.registered':
    case 'character.updated': {
      const { sheet } = event;
      if (v.role === 'spectator' && !mirrors(acl, v)) return null;
      const name = sheet.kind === 'servant' ? sheet.alias : sheet.name;
      const base = { type: event.type, id: event.id, kind: sheet.kind, name };
      return seesPrivate(acl, event.id, v) ? { ...base, sheet } : base;
    }
    case 'info.updated':
      return seesKnowledge(acl, event.entry, v) ? { type: 'info.updated', entry: entryView(event.entry, mirrors(acl, v)) } : null;
    case 'knowledge.set': {
      const [entry] = knowledgeFor(acl, [event.entry], v);
      return entry ? { type: 'knowledge.set', entry } : null;
    }
    case 'knowledge.removed':
      return knowledgeFor(acl, [{ ...event, total: 0, believed: 0, classKnown: false, failedGuess: false, trueNameKnown: false }], v).length
        ? { type: 'knowledge.removed', knower: event.knower, target: event.target }
        : null;
    case 'battle.overridden':
      return seesPrivate(acl, event.override.character, v) ? event : null;
    case 'battle.rewards': {
      const rewards = rewardsFor(acl, event.rewards, v);
      return rewards.length ? { type: 'battle.rewards', rewards } : null;
    }
    case 'battle.started':
      if (!seesReveals(acl, v)) return null;
      return { type: event.type, battle: event.battle, scene: event.scene, participants: event.participants, knowledge: knowledgeFor(acl, event.knowledge, v) };
    // F27: others learn only that a seat has sealed something, and only inside the battle. The window's seats are
    // every master standing in the battle, so this tells nobody who holds a seal (GW-HIDE-F10).
    case 'sealed.answered':
    case 'prebattle.revealed':
    case 'window.opened':
      return inBattle(acl, v) ? event : null;
    case 'slot.resolved':
      return seesReveals(acl, v) ? { type: event.type, record: slotFor(acl, event.record, v) } : null;
    default:
      break;
  }
  if (isPair(event)) {
    // A summon that pulls a servant out of a running battle is a battle fact for everyone watching it.
    const shown = seesPrivate(acl, event.character, v) || (event.type === 'seal.summoned' && event.left && seesReveals(acl, v));
    return shown ? event : null;
  }
  // The rest are battle facts: batch openings and reveals, withdrawals, betrayals, retreats, the end.
  return seesReveals(acl, v) ? event : null;
}
