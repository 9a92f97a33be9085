import type { CharacterCommand } from '../../capabilities/characters/characters.ts';
import type { ReleaseCommand } from '../../capabilities/release/release.ts';
import type { ChatCommand } from '../../capabilities/chat/chat.ts';
import type { DiceCommand } from '../../capabilities/dice/roll.ts';
import type { Handlers } from '../../kernel/define-game.ts';
import { battleSubmit } from './batch.ts';
import { battleBetray, battleClose, battleDecide, battleExtend, battleForce, battleWithdraw, sealRetreat } from './battle-commands.ts';
import type { GrailWarCommand } from './commands.ts';
import { infoAllocate, infoEncounter, infoGuess, infoJudge, infoKeyword, infoOpen, infoPlace, infoTrueName } from './info-commands.ts';
import { reopenGuesses } from './info-ledger.ts';
import { contractCancel, contractForm } from './contract.ts';
import { masterConvert, masterRest, masterSettle } from './master-zero.ts';
import { xpSpend } from './growth.ts';
import { meritShare, ssKeywords, ssReward } from './merit-commands.ts';
import { poolRecover } from './pool-recovery.ts';
import { battlePrepare } from './prebattle.ts';
import { infoShare, relationAccept, relationCut, relationPropose, relationScore } from './relation-commands.ts';
import { relationRemove, relationSet } from './relations.ts';
import { battleOverride, characterUpdate, knowledgeRemove, knowledgeSet, seatAdd } from './room-commands.ts';
import { observeBattle } from './region-observe.ts';
import { regionEat, regionLink, regionPlace, regionSet } from './regions.ts';
import { sceneBattle, sceneDeclare, placeAdd, sceneResolve, sceneReveal, sceneRewrite } from './scene-commands.ts';
import { noteBattle, sceneBegin, sceneEnd } from './scene-flow.ts';
import { itemUse } from './item-use.ts';
import { fundsGrant, itemEquip, itemGrant, shopBuy, shopCraft, shopStock } from './shop.ts';
import { sealEarly } from './seal-early.ts';
import { sealBind, sealResist, sealSummon } from './seal-orders.ts';
import { battleStart, characterRegister, optionsSet } from './setup-commands.ts';
import type { GrailWarState } from './state.ts';
import { trustScore } from './trust-score.ts';
import { summonCatalyst, summonDraw } from './summon.ts';
import { battleWindow } from './window.ts';
import { xpGrant } from './xp-awards.ts';

/** Every command of the game and the rule that runs it; defineGame dispatches on this table (a missing type fails to compile). */
export const handlers: Handlers<GrailWarState, Exclude<GrailWarCommand, ChatCommand | DiceCommand | CharacterCommand | ReleaseCommand>> = {
  'options.set': optionsSet,
  'seat.add': seatAdd,
  'character.register': characterRegister,
  'character.update': characterUpdate,
  'knowledge.set': knowledgeSet,
  'knowledge.remove': knowledgeRemove,
  'relation.set': relationSet,
  'relation.remove': relationRemove,
  'relation.propose': relationPropose,
  'relation.accept': relationAccept,
  'relation.cut': relationCut,
  'relation.score': relationScore,
  'info.share': infoShare,
  'place.add': placeAdd,
  'region.link': regionLink,
  'region.set': regionSet,
  'region.place': regionPlace,
  'region.eat': regionEat,
  'scene.begin': sceneBegin,
  'scene.declare': sceneDeclare,
  'scene.rewrite': sceneRewrite,
  'scene.reveal': sceneReveal,
  'scene.resolve': sceneResolve,
  'scene.battle': sceneBattle,
  'scene.end': sceneEnd,
  'summon.draw': summonDraw,
  'summon.catalyst': summonCatalyst,
  'contract.cancel': contractCancel,
  'contract.form': contractForm,
  'battle.start': battleStart,
  'battle.prepare': battlePrepare,
  'battle.submit': battleSubmit,
  'battle.window': battleWindow,
  'battle.force': battleForce,
  'battle.withdraw': battleWithdraw,
  'battle.betray': battleBetray,
  'battle.extend': battleExtend,
  'battle.decide': battleDecide,
  'battle.override': battleOverride,
  // The day flow counts a battle before closing clears it (CLASS-02), and its observers and region see it (INFO-07/10,
  // REGION-04); a refused close leaves the draft unused.
  'battle.close': (ctx) => {
    noteBattle(ctx.state);
    observeBattle(ctx);
    if (ctx.state.battle) reopenGuesses(ctx.state.info, ctx.state.battle.participants.map((p) => p.id));
    return battleClose(ctx);
  },
  'seal.retreat': sealRetreat,
  'seal.summon': sealSummon,
  'seal.bind': sealBind,
  'seal.resist': sealResist,
  'trust.score': trustScore,
  'seal.early': sealEarly,
  'master.convert': masterConvert,
  'master.settle': masterSettle,
  'master.rest': masterRest,
  'merit.share': meritShare,
  'pool.recover': poolRecover,
  'xp.spend': xpSpend,
  'xp.grant': xpGrant,
  'ss.keywords': ssKeywords,
  'ss.reward': ssReward,
  'shop.buy': shopBuy,
  'shop.craft': shopCraft,
  'item.equip': itemEquip,
  'item.use': itemUse,
  'funds.grant': fundsGrant,
  'item.grant': itemGrant,
  'shop.stock': shopStock,
  'info.allocate': infoAllocate,
  'info.open': infoOpen,
  'info.guess': infoGuess,
  'info.trueName': infoTrueName,
  'info.judge': infoJudge,
  'info.keyword': infoKeyword,
  'info.place': infoPlace,
  'info.encounter': infoEncounter,
};
