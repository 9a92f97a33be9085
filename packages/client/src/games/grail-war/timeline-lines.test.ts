import { grailWar, type GrailWarCommand, type GrailWarState } from '@veiltable/engine/games/grail-war';
import { viewEvent, type GameEvent } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import { gwViewEvent, type GwViewEvent } from '@veiltable/protocol/games/grail-war';
import { beforeAll, describe, expect, test } from 'vitest';
import { gameDictionaryLoaders } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, LANGS, translate, type Lang } from '../../shell/i18n/translate.ts';
import { eventText, loadLineRenderer, type LineContext } from '../../ui/timeline/line-renderers.ts';
import { faceText } from '../../ui/card-face.ts';
import { AT, GM, LANCER, masterSheet, RIN, room, SABER, seat, servantSheet, viewFor } from './test-room.ts';

beforeAll(async () => {
  addDictionaries(await gameDictionaryLoaders['grail-war']!());
  await loadLineRenderer('grail-war');
});

/** The view the lines name characters by: the room's, as the GM sees it, unless a test reads as another viewer. */
let shown: unknown = null;
const context = (lang: Lang): LineContext => ({ t: (key, params) => translate(lang, key, params), actor: () => 'GM', seat: (id) => id, face: faceText, view: shown });
const line = (seen: GwViewEvent, lang: Lang) => eventText('grail-war', seen, context(lang));

/** The room the rows are read in: Saber (c1) and its master Rin (c3) against Lancer (c2), as the GM sees it. */
const names = viewFor(room({ saber: servantSheet({ trueName: 'TRUENAME-zq' }), rin: masterSheet({ name: 'Rin', sealsLeft: 3 }) }), GM);
names.campaign.places = [{ id: 'p1', name: '번화가' }, { id: 'p2', name: '학교' }];
const C = '0'.repeat(64);
const PER_KIND = { encounter: 0, rumor: 0, combat: 0, legend: 0 };
const slot = (over: Partial<Extract<GwViewEvent, { type: 'slot.resolved' }>['record']>): GwViewEvent => ({
  type: 'slot.resolved',
  record: { batch: 1, slot: 1, plays: [], supports: [], hits: [], npCosts: [], defeated: [], ...over },
});

/** A row per event type the game tells (more for the rules whose outcome a sentence shows): the event, then en and ko. */
const rows: [string, GwViewEvent, string, string][] = [
  ['GW-META-01 room rules', { type: 'options.set', options: { ...names.options, rulesVersion: '000' } }, 'The GM set the room rules (version 000).', 'GM이 룸 규칙을 정했습니다 (버전 000).'],
  ['a seat', { type: 'seat.added', seat: 's4', name: 'Dai' }, 'Seat Dai joined the table.', 'Dai 자리가 추가되었습니다.'],
  ['GW-HIDE-F01 a servant registers under its alias', { type: 'character.registered', id: LANCER, kind: 'servant', name: 'Lancer' }, 'Servant Lancer was registered.', '서번트 Lancer이 등록되었습니다.'],
  ['a sheet update', { type: 'character.updated', id: RIN, kind: 'master', name: 'Rin' }, "Rin's sheet was updated.", 'Rin의 시트가 수정되었습니다.'],
  ['GW-HIDE-F11 the GM reads T and the believed T', { type: 'knowledge.set', entry: { knower: SABER, target: LANCER, believed: 3, total: 5, classKnown: true, failedGuess: false, trueNameKnown: true } }, 'Saber knows about Lancer: 정보 3, T 5 in truth, class known, true name known.', 'Saber의 Lancer에 대한 정보: 정보 3, 실제 T 5, 클래스 앎, 진명 앎.'],
  ['GW-HIDE-F13 the knower reads its believed T only', { type: 'knowledge.set', entry: { knower: SABER, target: LANCER, believed: 3, classKnown: false, failedGuess: true, trueNameKnown: false } }, 'Saber knows about Lancer: 정보 3, a failed guess.', 'Saber의 Lancer에 대한 정보: 정보 3, 추측 실패.'],
  ['a ledger entry removed', { type: 'knowledge.removed', knower: SABER, target: LANCER }, "Saber's information about Lancer was removed.", 'Saber의 Lancer에 대한 정보가 삭제되었습니다.'],
  ['a character this viewer is not shown reads as someone', { type: 'knowledge.removed', knower: 'c9', target: LANCER }, "someone's information about Lancer was removed.", '누군가의 Lancer에 대한 정보가 삭제되었습니다.'],
  ['a GM correction with its reason', { type: 'battle.overridden', override: { batch: 2, afterSlot: 5, character: LANCER, hp: 3, mp: -1, reason: 'smash was misread' } }, 'GM correction on Lancer after batch 2 · slot 5: HP +3, MP −1 (smash was misread).', 'GM 수정 Lancer, 배치 2 · 슬롯 5 이후: HP +3, MP −1 (smash was misread).'],
  ['GW-BATTLE-02 sides and rows', { type: 'battle.started', battle: 1, scene: 'night', knowledge: [], participants: [{ id: SABER, side: 'A', row: 'front', name: 'Saber', kind: 'servant' }, { id: RIN, side: 'A', row: 'back', name: 'Rin', kind: 'master' }, { id: 'c7', side: 'B', row: 'front', name: 'Berserker', kind: 'servant' }] }, 'Battle 1 begins (Night). A: Saber (전열 Front), Rin (후열 Back) / B: Berserker (전열 Front)', '전투 1 시작 (밤). A: Saber (전열), Rin (후열) / B: Berserker (전열)'],
  ['GW-HIDE-F27 that a plan is sealed, never what', { type: 'sealed.answered', step: 'batch', character: LANCER, commitment: C }, 'Lancer sealed the batch plan.', 'Lancer이 배치 계획을 봉인했습니다.'],
  ['GW-BATTLE-08 the pre-battle reveal', { type: 'prebattle.revealed', rows: { [SABER]: 'front', [LANCER]: 'front' }, answers: [{ seat: SABER, declared: true, answer: { row: null, seals: ['attackStance'], conviction: 0, consumables: [{ item: 'berserkerPotion', kind: 'smash' }], activatePlus: [], guardian: false }, salt: 's', commitment: C }, { seat: LANCER, declared: false }] }, 'Pre-battle declarations revealed: Saber: 전열 Front, 공격 태세 Attack stance, 광전사의 물약 Berserker\'s Potion (강타 Smash); Lancer: declared nothing in time.', '전투 전 선언 공개: Saber: 전열, 공격 태세, 광전사의 물약 (강타); Lancer: 제때 선언하지 않음.'],
  ['a batch opens', { type: 'batch.opened', batch: 2, engaged: {} }, 'Batch 2 opens.', '배치 2 시작.'],
  ['GW-HIDE-04 a plan missing at a forced reveal counts as 대기', { type: 'batch.revealed', batch: 1, answers: [{ seat: SABER, declared: true }, { seat: LANCER, declared: false }] }, 'Batch 1 revealed; Lancer locked in nothing and wait (대기).', '배치 1 공개. Lancer: 제출 없음, 대기로 처리.'],
  ['GW-BATTLE-11 the window opens for the masters in the battle', { type: 'window.opened', batch: 1, masters: [RIN] }, 'The 영주 window after batch 1 opens for Rin.', '배치 1 이후 영주 창: Rin.'],
  ['GW-SEAL-08 the window reveal names the seal', { type: 'window.revealed', batch: 1, answers: [{ seat: RIN, declared: true, answer: { actions: [{ seal: 'absoluteDefense', slot: 5 }] } }] }, '영주 after batch 1: Rin: 절대 방어 Absolute defense from slot 5.', '배치 1 이후 영주: Rin: 절대 방어: 슬롯 5부터.'],
  ['GW-HIDE-03 a player reads its side`s steps in words, without running totals', slot({ plays: [{ character: SABER, opponent: LANCER, judgment: { card: 'smash' } }, { character: LANCER, opponent: SABER, judgment: { card: 'wait' } }], hits: [{ attacker: SABER, target: LANCER, hp: 5, mp: 0, via: 'pairing', steps: [{ step: 'base', source: 'str', amount: 3 }, { step: 'flat', source: 'classUnknown', amount: 2 }] }] }), 'Batch 1 · slot 1: Saber plays 강타 Smash against Lancer; Lancer plays 대기 Wait against Saber. Saber → Lancer: HP −5 · MP −0 [base 근력 STR +3 · bonus Class unknown +2].', '배치 1 · 슬롯 1: Saber: Lancer 상대로 강타; Lancer: Saber 상대로 대기. Saber → Lancer: HP −5 · MP −0 [기본 근력 +3 · 보너스 클래스를 모름 +2].'],
  ['GW-TRUST-03 GW-HIDE-F06 the GM reads running totals, the shield, the 보구 cost and who fell', slot({ batch: 2, slot: 3, plays: [{ character: LANCER, opponent: SABER, judgment: { card: 'np', np: 'np-secret' } }], hits: [{ attacker: LANCER, target: SABER, hp: 10, mp: 0, via: 'shield', steps: [{ step: 'base', source: 'np', amount: 10, running: 10 }] }], npCosts: [{ character: LANCER, mp: 4 }], defeated: [SABER] }), 'Batch 2 · slot 3: Lancer plays 보구 NP against Saber. Lancer → Saber: HP −10 · MP −0 (taken for its master (신뢰도 +10)) [base 보구 NP +10 = 10]. Lancer pays 4 MP for the 보구. Saber is down.', '배치 2 · 슬롯 3: Lancer: Saber 상대로 보구. Lancer → Saber: HP −10 · MP −0 (마스터 대신 받은 피해 (신뢰도 +10)) [기본 보구 +10 = 10]. Lancer: 보구에 MP 4 소비. Saber 전투 불능.'],
  ['GW-SUPPORT a magic support and no damage', slot({ slot: 2, supports: [{ supporter: RIN, ally: SABER, opponent: LANCER, mode: 'magic', accepted: true }] }), 'Batch 1 · slot 2: Rin supports Saber against Lancer (magic). No damage.', '배치 1 · 슬롯 2: Rin이 Lancer 상대로 Saber을 지원 (마술). 피해 없음.'],
  ['GW-MISC-02 a withdrawal', { type: 'battle.withdrawn', side: 'B', by: LANCER }, 'Lancer withdraws side B from the battle.', 'Lancer이 B 진영을 전투에서 철수시켰습니다.'],
  ['a betrayal', { type: 'battle.betrayed', character: RIN, side: 'B' }, 'Rin betrays and joins side B.', 'Rin이 배신하여 B 진영으로 갔습니다.'],
  ['a batch added', { type: 'battle.extended', batches: 3 }, 'The battle now lasts 3 batches.', '전투가 3 배치로 늘었습니다.'],
  ['GW-SEAL-02 a forced retreat that ends the battle', { type: 'seal.retreat', master: RIN, servant: SABER, endsBattle: true }, 'Rin orders Saber to retreat (영주); the battle ends.', 'Rin이 영주로 Saber에게 퇴각을 명했습니다. 전투 종료.'],
  ['GW-BATTLE-20 the end and the winner', { type: 'battle.ended', reason: 'batchesDone', winner: 'A', slotsPlayed: 10 }, 'Battle over (batches done). Winner: A', '전투 종료 (배치 소진). 승자: A'],
  ['GW-BATTLE-21 the GM decides no winner', { type: 'battle.decided', winner: null }, 'The GM decides the battle. Winner: none', 'GM이 전투를 판정했습니다. 승자: 없음'],
  ['GW-HIDE-F31 rewards', { type: 'battle.rewards', rewards: [{ character: SABER, xp: 3, merit: 1, info: [], notes: [] }] }, 'Saber: +3 XP, +1 merit', 'Saber: 경험치 +3, 공적 +1'],
  ['the battle closed', { type: 'battle.closed', battle: 1 }, 'Battle 1 is closed.', '전투 1이 닫혔습니다.'],
  ['GW-MASTER-01 a master at zero', { type: 'master.zero', character: RIN, hp: 0, mp: 4 }, 'Rin falls to zero (HP 0, MP 4).', 'Rin이 0에 이르렀습니다 (HP 0, MP 4).'],
  ['GW-MASTER-01 (c) a conversion', { type: 'master.converted', character: RIN, hp: 1, mp: 2 }, 'Rin converts between HP and MP: now HP 1, MP 2.', 'Rin이 HP와 MP를 전환했습니다: HP 1, MP 2.'],
  ['GW-MASTER-01 (d) below 1 after rest dies', { type: 'master.settled', character: RIN, dead: true }, 'Rin dies.', 'Rin이 사망했습니다.'],
  ['GW-MASTER-01 (d) otherwise survives', { type: 'master.settled', character: RIN, dead: false }, 'Rin survives.', 'Rin은 살아남았습니다.'],
  ['GW-MASTER-01 (a) rest', { type: 'master.rested', character: RIN, hp: 5, mp: 6 }, 'Rin rests: now HP 5, MP 6.', 'Rin이 휴식했습니다: HP 5, MP 6.'],
  ['merit shared with the partner', { type: 'merit.shared', character: RIN, to: SABER, paid: 2, received: 1 }, 'Rin gives 2 공적점 to Saber, who receives 1.', 'Rin이 Saber에게 공적점 2를 주었습니다 (받은 공적점 1).'],
  ['SS keywords', { type: 'ss.keywordsSet', character: SABER, keywords: ['sword', 'oath'] }, "Saber's SS keywords: sword, oath.", 'Saber의 SS 키워드: sword, oath.'],
  ['an SS reward', { type: 'ss.rewarded', character: SABER, merit: 1 }, 'Saber earns 1 공적점 for an SS.', 'Saber이 SS로 공적점 1을 얻었습니다.'],
  ['GW-SEAL-01 a summon outside a battle', { type: 'seal.summoned', character: RIN, servant: SABER, to: null, left: false }, 'Rin summons Saber with a 영주 (강제 소환).', 'Rin이 영주로 Saber을 강제 소환했습니다.'],
  ['GW-SEAL-01 a summon out of a battle', { type: 'seal.summoned', character: RIN, servant: SABER, to: 'r1', left: true }, 'Rin summons Saber out of the battle with a 영주 (강제 소환).', 'Rin이 영주로 Saber을 전투에서 강제 소환했습니다.'],
  ['GW-SEAL-09 a binding order', { type: 'seal.bound', character: RIN, servant: SABER, binding: { order: 'Never lie to me', extreme: 'max' }, trust: 10, score: null }, 'Rin binds Saber with a 영주 (구속 명령): "Never lie to me", to the maximum.', 'Rin이 영주로 Saber에게 구속 명령: "Never lie to me", 최대로.'],
  ['GW-SEAL-11 a resisted order', { type: 'seal.resisted', character: SABER, binding: { order: 'Never lie to me', extreme: 'min' } }, 'Saber resists the 구속 명령 "Never lie to me".', 'Saber이 구속 명령 "Never lie to me"에 저항했습니다.'],
  ['GW-SEAL-11 a resisted 행동 제약', { type: 'seal.resisted', character: SABER, binding: null }, 'Saber resists the 행동 제약 on its declaration.', 'Saber이 선언에 대한 행동 제약에 저항했습니다.'],
  ['GW-SEAL-03 a seal before the scene', { type: 'seal.early', character: RIN, servant: SABER, seal: 'attackStance' }, 'Rin uses 공격 태세 Attack stance on Saber before the scene.', 'Rin이 장면 전에 Saber에게 공격 태세를 사용했습니다.'],
  ['XP earned outside battle', { type: 'xp.awarded', character: RIN, xp: 2, merit: 1, rule: 'GW-XP-06', reason: 'coreInfo' }, 'Rin earns 2 경험점 and 1 공적점 (coreInfo).', 'Rin이 경험점 2, 공적점 1점을 얻었습니다 (coreInfo).'],
  ['a grade-up', { type: 'xp.spent', character: RIN, grade: 4, cost: 9, raise: 'hp', stat: null, specialization: null, strategyPoint: false }, 'Rin spends 9 경험점: 인물 등급 4.', 'Rin이 경험점 9를 써서 인물 등급 4가 되었습니다.'],
  ['a 명운 bought back', { type: 'pool.recovered', character: RIN, pool: 'fate', amount: 1, merit: 3 }, 'Rin recovers 1 명운 for 3 공적점.', 'Rin이 공적점 3으로 명운 1을 회복했습니다.'],
  ['GW-SAN a concealment loss', { type: 'concealment.lost', character: SABER, loss: 12, value: 70 }, 'Saber loses 12 concealment (now 70).', 'Saber의 신비 은닉도 −12 (현재 70).'],
  ['GW-SAN-01 a sanction at 0', { type: 'concealment.sanctioned', character: SABER, reason: 'zero' }, 'The Church sanctions Saber: its concealment reached 0.', '교회가 Saber에게 제재를 가했습니다: 신비 은닉도 0.'],
  ['GW-REL-01 a chart entry', { type: 'relation.set', entry: { holder: LANCER, other: SABER, score: 2 } }, "Lancer's relationship toward Saber: +2.", 'Lancer의 Saber에 대한 관계: +2.'],
  ['a chart entry removed', { type: 'relation.removed', holder: LANCER, other: SABER }, "Lancer's relationship toward Saber was removed.", 'Lancer의 Saber에 대한 관계가 삭제되었습니다.'],
  ['GW-HIDE-D10 a registration offer', { type: 'relation.proposed', from: LANCER, to: SABER }, 'Lancer offers Saber to register in the 관계도.', 'Lancer이 Saber에게 관계도 등록을 제안했습니다.'],
  ['GW-REL-01 a mutual registration', { type: 'relation.registered', from: LANCER, to: SABER }, 'Lancer and Saber registered each other in the 관계도.', 'Lancer과 Saber이 서로를 관계도에 등록했습니다.'],
  ['GW-HIDE-D7 sealed scores, never what', { type: 'relation.scoreSealed', holder: LANCER, plus: SABER, minus: null }, 'Lancer sealed its scene-end scores.', 'Lancer이 장면 종료 점수를 봉인했습니다.'],
  ['GW-REL-09 a share with false points, to the giver', { type: 'info.shared', giver: LANCER, to: SABER, target: RIN, points: 2, falsePoints: 1 }, 'Lancer shared 2 정보점 about Rin with Saber, 1 of them false.', 'Lancer이 Saber에게 Rin에 대한 정보점 2점을 공유했습니다 (그중 거짓 정보 1점).'],
  ['the scene ends', { type: 'scene.ended' }, 'The scene ends.', '장면이 끝났습니다.'],
  ['GW-CORE-08 a link between regions', { type: 'region.linked', a: 'p1', b: 'p2', linked: true }, '번화가 and 학교 are now linked (1 칸).', '번화가·학교 지역이 연결되었습니다 (1칸).'],
  ['GW-CORE-08 a link removed', { type: 'region.linked', a: 'p1', b: 'p2', linked: false }, '번화가 and 학교 are no longer linked.', '번화가·학교 지역의 연결이 끊겼습니다.'],
  ['GW-HIDE-F21 region data set, told to the GM', { type: 'region.set', region: 'p1', data: { features: [], restBonus: 0, population: { day: 6, night: 6 }, recovery: { day: 1, night: 1, per: 'scene' }, concealment: { day: 10, night: 10 }, special: [] } }, 'The GM set the data of 번화가.', 'GM이 번화가의 지역 정보를 정했습니다.'],
  ['GW-CORE-08 a current region', { type: 'region.placed', character: SABER, region: 'p2' }, 'Saber is now in 학교.', 'Saber의 현재 지역: 학교.'],
  ['GW-REGION-06 a region learned by 정찰', { type: 'region.learned', knower: RIN, region: 'p1', info: { features: [], restBonus: 0, population: { day: 6, night: 6 }, recovery: { day: 1, night: 1, per: 'scene' }, concealment: { day: 10, night: 10 }, special: [], people: { day: 6, night: 6 } } }, "Rin's 정찰 learned the region data of 번화가.", 'Rin의 정찰로 번화가의 지역 정보를 알았습니다.'],
  ['GW-REGION-05 식인', { type: 'region.eaten', character: SABER, region: 'p1', count: 3 }, 'Saber ate 3 in 번화가 (식인).', 'Saber이 번화가에서 3명을 식인했습니다.'],
  ['GW-REGION-04 concealment lost, told to the GM', { type: 'region.concealment', region: 'p1', half: 'day', loss: 4, value: 6 }, '신비 은닉도 of 번화가 −4 → 6.', '번화가의 신비 은닉도 −4 → 6.'],
  ['GW-REGION-03 a closure, public', { type: 'region.closed', region: 'p1' }, '번화가 is closed (폐쇄).', '번화가가 폐쇄되었습니다.'],
  ['FLOW-05 거점 생성', { type: 'base.created', master: RIN, region: 'p2' }, 'Rin made a 거점 in 학교.', 'Rin이 학교에 거점을 만들었습니다.'],
  ['GW-REGION-03 a base destroyed', { type: 'base.destroyed', master: RIN, region: 'p2' }, "Rin's 거점 in 학교 was destroyed.", '학교에 있던 Rin의 거점이 파괴되었습니다.'],
  ['GW-HIDE-F30 a battle observed', { type: 'battle.observed', observer: RIN, servant: LANCER, region: 'p1' }, 'A battle involving Lancer was seen at 번화가.', '번화가에서 Lancer의 전투가 목격되었습니다.'],
  ['GW-FLOW-01 a place of the map', { type: 'place.added', place: { id: 'p1', name: '항구' } }, 'The GM added the place 항구.', 'GM이 장소 항구를 추가했습니다.'],
  ['GW-FLOW-02 a Night scene begins', { type: 'scene.begun', day: 2, half: 'night', index: 1, steps: [] }, 'Day 2 · Night scene 1 begins.', '2일차 · 밤 장면 1 시작.'],
  ['GW-HIDE-D1 that a character declared, never what', { type: 'scene.declared', character: SABER, commitment: C }, 'Saber declared for the scene.', 'Saber이 장면 선언을 했습니다.'],
  ['GW-HIDE-D2 a rewrite, read by the servant\'s side', { type: 'scene.rewritten', master: RIN, servant: SABER, commitment: C }, "Rin rewrote Saber's declaration with a 영주.", 'Rin이 영주로 Saber의 선언을 고쳐 썼습니다.'],
  ['GW-HIDE-04 an unsubmitted declaration means no action', { type: 'scene.revealed', declared: [SABER, RIN], missing: [LANCER] }, 'The declarations are locked; no action for Lancer.', '선언이 잠겼습니다. Lancer: 행동 없음.'],
  ['GW-FLOW-03 S3 a step resolved with a public note', { type: 'scene.resolved', step: 'encounters', note: 'They meet at the pier.' }, 'Resolved: Encounters. They meet at the pier.', '판정: 조우. They meet at the pier.'],
  ['GW-FLOW-03 S3 a step resolved without a note', { type: 'scene.resolved', step: 'secondHalf', note: null }, 'Resolved: Second-half actions.', '판정: 후반부 행동.'],
  [
    'GW-FLOW-03 S4 the scene end names what is left to the GM',
    { type: 'scene.ended', day: 1, half: 'day', index: 1, steps: [{ step: 'regionIncome', rule: 'GW-REGION-01', status: 'gm' }, { step: 'sceneEffects', rule: 'GW-FLOW-03 S4.5', status: 'done' }, { step: 'retreatVanish', rule: 'GW-SEAL-02', status: 'gm' }] },
    'Day 1 · Day scene 1 ends. Left to the GM: region income, 강제 이탈 vanish deadline.',
    '1일차 · 낮 장면 1 종료. GM이 처리할 일: 지역 특성 수입, 강제 이탈 소멸 기한.',
  ],
  ['GW-FLOW-04 the day end', { type: 'day.ended', day: 1, steps: [{ step: 'trustScoring', rule: 'GW-HIDE-D8', status: 'off' }, { step: 'upkeep', rule: 'GW-CONTRACT-01', status: 'done' }] }, 'Day 1 ends. Left to the GM: nothing.', '1일차 종료. GM이 처리할 일: 없음.'],
  ['GW-CONTRACT-01 upkeep', { type: 'upkeep.paid', character: RIN, servant: SABER, mp: 10 }, 'Rin pays 10 MP of upkeep 유지마력 for Saber.', 'Rin이 Saber의 유지마력 10 MP를 냈습니다.'],
  ['GW-ITEM-01 a purchase', { type: 'item.bought', character: RIN, item: 'nekote', price: 12, crafted: false, funds: 3 }, 'Rin buys 네코테 Nekote (master 전투력 +1 grade) for 12 (funds 3).', 'Rin: 네코테 (마스터 전투력 +1등급) 구매 (12점, 남은 자금점 3).'],
  ['GW-ITEM-01 crafting', { type: 'item.bought', character: RIN, item: 'lovePotion', price: 10, crafted: true, funds: 0 }, 'Rin crafts 사랑의 묘약 Love Potion (the target\'s 관계도 score +1) for 10 (funds 0).', 'Rin: 사랑의 묘약 (대상의 관계도 점수 +1) 제작 (10점, 남은 자금점 0).'],
  ['GW-CORE-04 funds for labor', { type: 'funds.granted', character: RIN, amount: 2, source: 'labor', funds: 5 }, 'Rin: funds +2 (노동 labor), now 5.', 'Rin: 자금점 +2 (노동), 현재 5.'],
  ['GW-ITEM-C4 an automaton taken back', { type: 'item.granted', character: RIN, item: 'scoutAutomaton', count: -1 }, 'Rin: 정찰용 자동 인형 Scout Automaton (10 MP a use: recon any region) −1.', 'Rin: 정찰용 자동 인형 (사용마다 마력 10: 원하는 지역 정찰) −1.'],
  ['GW-ITEM-01 a Mystic Code worn', { type: 'item.equipped', character: RIN, item: 'crystalBall', equipped: true }, 'Rin wears 수정구슬 Crystal Ball (정찰 +1 칸 around).', 'Rin: 수정구슬 (정찰 범위 주변 1칸) 착용.'],
  ['GW-ITEM-A2 a Love Potion on someone', { type: 'item.used', character: RIN, item: 'lovePotion', target: SABER, mp: 0 }, 'Rin uses 사랑의 묘약 Love Potion (the target\'s 관계도 score +1) on Saber.', 'Rin: Saber에게 사랑의 묘약 (대상의 관계도 점수 +1) 사용.'],
  ['GW-ITEM-01 a shop stocked', { type: 'shop.stocked', place: 'p1', items: ['nekote', 'lovePotion'] }, 'The shop at 번화가 now sells 2 items.', '번화가의 상점 판매 물품: 2종.'],
  ['GW-ITEM-01 a shop stocked at a place the view does not name', { type: 'shop.stocked', place: 'p9', items: ['nekote', 'lovePotion'] }, 'The shop at a place now sells 2 items.', '어느 장소의 상점 판매 물품: 2종.'],
  ['GW-SUMMON-01 classes drawn, as the seat it concerns is told', { type: 'summon.drawn', classes: [{ seat: 's1', className: 'saber' }] }, 'Classes drawn: A Saber.', '클래스 추첨: A 세이버.'],
  ['GW-HIDE-F24 a catalyst as the table reads it: its description only', { type: 'summon.catalyst', id: 'k1', description: 'a rusted hilt', servant: null }, 'A catalyst 성유물 is on the table: a rusted hilt.', '성유물이 놓였습니다: a rusted hilt.'],
  ['GW-HIDE-F24 a catalyst as its servant\'s player reads it', { type: 'summon.catalyst', id: 'k1', description: 'a rusted hilt', servant: SABER }, "Saber's catalyst 성유물: a rusted hilt.", 'Saber의 성유물: a rusted hilt.'],
  ['GW-CONTRACT-02 a contract cancelled', { type: 'contract.cancelled', character: SABER, master: RIN }, 'The contract between Rin and Saber is cancelled.', 'Rin과 Saber의 계약이 해지되었습니다.'],
  ['GW-CONTRACT-02 a contract formed', { type: 'contract.formed', character: SABER, master: RIN }, 'Rin and Saber formed a contract.', 'Rin과 Saber이 계약을 맺었습니다.'],
  [
    'GW-HIDE-F11 the knower\'s ledger changed, without its numbers in the line',
    { type: 'info.updated', entry: { knower: RIN, target: LANCER, points: PER_KIND, grades: PER_KIND, unallocated: 0, freeOpens: 0, attempts: [], guesses: [], canGuess: true, rights: 0, nameAttempts: [], trueNameRevealed: false, keywords: [], xp: 0 } },
    "Rin's information on Lancer changed.",
    'Rin의 Lancer에 대한 정보가 바뀌었습니다.',
  ],
  ['GW-SEAL-02 001 a rescued servant vanishes at its deadline', { type: 'servant.vanished', character: SABER }, 'Saber was not healed by the end of the next scene after 강제 이탈 and vanishes (소멸).', 'Saber이 강제 이탈 후 다음 장면이 끝날 때까지 회복하지 못해 소멸했습니다.'],
];

describe('grail-war timeline lines', () => {
  test.each(rows)('%s', (_rule, seen, en, ko) => {
    shown = names;
    expect(line(seen, 'en')).toBe(en);
    expect(line(seen, 'ko')).toBe(ko);
    expect(line(seen, 'ja')).not.toMatch(/gw\.|\{|null|undefined/);
  });

  test('GW-HIDE-F01 a batch played through the engine reads, for every viewer, under the names its view gives and never a true name or an id', () => {
    let state = room({ saber: servantSheet({ trueName: 'TRUENAME-zq' }), rin: masterSheet({ name: 'Rin', sealsLeft: 3 }) });
    const events: GameEvent[] = [];
    const play = (actor: Viewer, command: GrailWarCommand) => {
      const r = grailWar.apply(state, command, actor, AT);
      if (!r.ok) throw new Error(`${command.type} refused: ${r.error.code}`);
      state = r.value.state as GrailWarState;
      events.push(...r.value.events);
    };
    const smash = { type: 'play' as const, vs: { [LANCER]: { card: 'smash' as const } } };
    const wait = (...vs: string[]) => ({ type: 'play' as const, vs: Object.fromEntries(vs.map((o) => [o, { card: 'wait' as const }])) });
    play(seat('s1'), { type: 'battle.submit', plan: { slots: [smash, wait(LANCER), wait(LANCER), wait(LANCER), wait(LANCER)], activatePlus: [] } });
    play(seat('s3'), { type: 'battle.submit', plan: { slots: Array.from({ length: 5 }, () => wait(LANCER)), activatePlus: [] } });
    play(seat('s2'), { type: 'battle.submit', plan: { slots: Array.from({ length: 5 }, () => wait(SABER, RIN)), activatePlus: [] } });
    play(seat('s3'), { type: 'battle.window', decl: { actions: [] } });
    const told = new Set<string>();
    for (const viewer of [GM, seat('s1'), seat('s2'), seat('s3'), { role: 'spectator' } as const]) {
      shown = viewFor(state, viewer);
      for (const event of events) {
        const seen = viewEvent(event, viewer) as GwViewEvent | null;
        if (!seen) continue;
        told.add(seen.type);
        for (const lang of LANGS) {
          const text = line(seen, lang);
          expect(text).not.toContain(seen.type);
          expect(text).not.toMatch(/\bc\d\b|gw\.|\{|undefined/);
          if (viewer !== GM && 'seat' in viewer && viewer.seat === 's2') expect(text).not.toContain('TRUENAME-zq');
        }
      }
    }
    expect([...told]).toEqual(expect.arrayContaining(['sealed.answered', 'batch.revealed', 'window.opened', 'window.revealed', 'slot.resolved']));
  });

  test('every event type the game tells a viewer has a row, and a sentence (not the generic line)', () => {
    const types = gwViewEvent.options.map((o) => o.shape.type.value);
    expect(new Set(rows.map(([, seen]) => seen.type))).toEqual(new Set(types));
    shown = names;
    for (const type of types) expect(line(rows.find(([, seen]) => seen.type === type)![1], 'en')).not.toContain(type);
  });
});
