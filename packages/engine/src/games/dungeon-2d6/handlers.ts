import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { ReleaseCommand } from '../../capabilities/release/release.ts';
import type { ChatCommand } from '../../capabilities/chat/chat.ts';
import type { DiceCommand } from '../../capabilities/dice/roll.ts';
import type { D6Command } from '@veiltable/protocol/games/dungeon-2d6';
import type { Handlers } from '../../kernel/define-game.ts';
import * as check from './apply-check.ts';
import * as attack from './apply-attack.ts';
import { characterBuild } from './apply-build.ts';
import * as damage from './apply-damage.ts';
import * as magic from './apply-magic.ts';
import * as moves from './apply-move.ts';
import * as priv from './apply-private.ts';
import * as skills from './apply-skills.ts';
import * as gm from './apply-gm.ts';
import * as round from './apply-round.ts';
import * as table from './apply-table.ts';
import * as teleport from './apply-teleport.ts';
import * as utility from './apply-utility.ts';
import * as windows from './apply-window.ts';
import type { D6State } from './state.ts';

/** One handler per command of the protocol's d6Command (D6-ENG-01): the kernel dispatches on `type`. */
export const handlers: Handlers<D6State, Exclude<D6Command, ChatCommand | DiceCommand | CharacterCommand | ReleaseCommand>> = {
  'seat.add': table.seatAdd,
  'options.set': table.optionsSet,
  'zone.add': table.zoneAdd,
  'zone.link': table.zoneLink,
  'character.add': table.characterAdd,
  'character.equip': table.characterEquip,
  'character.build': characterBuild,
  'skill.register': table.skillRegister,
  'trap.add': table.trapAdd,
  'find.add': table.findAdd,
  'session.start': table.sessionStart,
  'combat.start': round.combatStart,
  'combat.end': round.combatEnd,
  'turn.next': round.turnNext,
  rest: gm.rest,
  'gm.override': gm.gmOverride,
  'gm.spirit-note': priv.gmSpiritNote,
  'window.pass': windows.windowPass,
  'window.close': windows.windowClose,
  'window.timeout': windows.windowTimeout,
  'window.min-elapsed': windows.windowMinElapsed,
  'check.roll': check.checkRoll,
  'check.concentrate': check.checkConcentrate,
  'check.resolve': check.checkResolve,
  'check.drop': check.checkDrop,
  'check.consume': check.checkConsume,
  'opposed.start': check.opposedStart,
  'opposed.roll-passive': check.opposedRollPassive,
  'opposed.resolve': check.opposedResolve,
  'initiative.roll': round.initiativeRoll,
  'initiative.decide': round.initiativeDecide,
  'attack.declare': attack.attackDeclare,
  'attack.cover': attack.attackCover,
  'attack.evade': attack.attackEvade,
  'attack.teleport-evade': attack.attackTeleportEvade,
  'attack.defend': attack.attackDefend,
  'attack.damage': damage.attackDamage,
  'attack.counter': damage.attackCounter,
  'attack.counter-ruling': damage.attackCounterRuling,
  'attack.sacrifice': damage.attackSacrifice,
  'fukutsu.use': damage.fukutsuUse,
  move: moves.move,
  'move.obstruct': moves.moveObstruct,
  'move.allow': moves.moveAllow,
  'zone.leave': moves.zoneLeave,
  'trap.trigger': moves.trapTrigger,
  'light.make': moves.lightMake,
  'skill.use': skills.skillUse,
  'skill.enchant': skills.skillEnchant,
  'skill.mana-shield': skills.skillManaShield,
  'skill.iron-wall': skills.skillIronWall,
  'skill.barrier': magic.skillBarrier,
  'skill.illusion': skills.skillIllusion,
  'skill.teleport': teleport.skillTeleport,
  'teleport.accept': windows.teleportAccept,
  'teleport.mark': teleport.teleportMark,
  'teleport.learn-place': teleport.teleportLearnPlace,
  'skill.summon': magic.skillSummon,
  'summon.choose-skill': magic.summonChooseSkill,
  'telepathy.send': priv.telepathySend,
  'telepathy.read': priv.telepathyRead,
  'telepathy.answer': priv.telepathyAnswer,
  'encyclopedia.ask': priv.encyclopediaAsk,
  'encyclopedia.answer': priv.encyclopediaAnswer,
  'encyclopedia.refuse': priv.encyclopediaRefuse,
  'skill.cheer': skills.skillCheer,
  'survival.share': skills.survivalShare,
  'skill.intimidate': skills.skillIntimidate,
  'status.stun': skills.statusStun,
  'skill.virtue': priv.skillVirtue,
  'skill.item-bag': utility.skillItemBag,
  'skill.flight': utility.skillFlight,
  'skill.transform': utility.skillTransform,
  'skill.steal': utility.skillSteal,
  'skill.stealth': utility.skillStealth,
  'skill.spirit-sight': utility.skillSpiritSight,
  'skill.heal': utility.skillHeal,
  'hp.heal': gm.hpHeal,
};
