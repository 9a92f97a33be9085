import { beforeAll, describe, expect, test } from 'vitest';
import { d6EventType, type D6ViewEvent } from '@veiltable/protocol/games/dungeon-2d6';
import { gameDictionaryLoaders } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, translate, type Lang } from '../../shell/i18n/translate.ts';
import { eventText, loadLineRenderer, type LineContext } from '../../ui/timeline/line-renderers.ts';
import { faceText } from '../../ui/card-face.ts';
import type { LineType } from './timeline-lines.ts';

beforeAll(async () => {
  addDictionaries(await gameDictionaryLoaders['dungeon-2d6']!());
  await loadLineRenderer('dungeon-2d6');
});

/** What a player's view holds: its own PC, a visible ogre, two zones; the hidden enemy ch9 is in no view but the GM's. */
const view = {
  seats: [{ id: 's1', name: 'Aki' }],
  characters: [
    { id: 'ch1', name: 'Rin', equipment: [{ id: 'i1', name: 'Longsword' }] },
    { id: 'ch2', name: 'Ogre' },
  ],
  zones: [{ id: 'z1', name: 'Hall' }, { id: 'z2', name: 'Crypt' }],
  checks: [{ id: 'k1', character: 'ch1', kind: 'search', window: null, opposed: null, attack: null }, { id: 'k2', character: 'ch2', kind: 'action', window: null, opposed: null, attack: null }],
  attacks: [{ id: 'a1', attacker: 'ch2' }],
  windows: [{ id: 'w1', kind: 'concentration' }],
};
const context = (lang: Lang): LineContext => ({
  t: (key, params) => translate(lang, key, params),
  actor: (a) => (a.role === 'gm' ? 'GM' : 'Aki'),
  seat: () => 'Aki',
  face: faceText,
  view,
});

const rolled = { id: 'k1', character: 'ch1', kind: 'search', dice: [5, 6], total: 14, target: 10, crit: false, fumble: false, outcome: 'success', secret: false };
/** A secret roll as the table reads it (D6-HID-02): who and what for, no dice, no total. */
const secretRoll = { id: 'k3', character: 'ch2', kind: 'action', secret: true, resolved: false, window: null, attack: null, opposed: null };

type Row = [type: LineType, data: Record<string, unknown>, en: string, ko: string];
const ev = (type: LineType, data: Record<string, unknown> = {}) => ({ type, data }) as D6ViewEvent;

/**
 * Every event a 2d6 room logs, as its viewer saw it, with the English and Korean sentences. Names come from the
 * viewer's view; what it does not hold (ch9, z9) reads as "someone" / "somewhere".
 */
const rows: Row[] = [
  ['attack.applied', { attack: 'a1', target: 'ch1', recipient: 'ch1', damage: 7 }, 'Rin takes 7 damage', 'Rin이 데미지 7을 받았습니다'],
  ['attack.counter', { attack: 'a1', target: 'ch1', by: 'ch1' }, 'Rin declares カウンター', 'Rin이 カウンター를 선언합니다'],
  ['attack.counter-ruled', { attack: 'a1', target: 'ch1', success: true }, 'Rin’s カウンター succeeds', 'Rin의 カウンター 성공'],
  ['attack.covered', { attack: 'a1', target: 'ch1', coverer: 'ch2' }, 'Ogre covers Rin (《かばう》)', 'Ogre가 Rin을 감쌉니다 (《かばう》)'],
  ['attack.damage', { attack: 'a1', target: 'ch1', damage: [4, 3] }, 'Damage against Rin: 4 / 3', 'Rin에게 데미지: 4 / 3'],
  ['attack.declared', { attack: 'a1', attacker: 'ch2', targets: ['ch1', 'b1'], mode: 'melee' }, 'Ogre attacks Rin, a 結界 (melee)', 'Ogre가 Rin, 結界를 공격합니다 (근접)'],
  ['attack.defended', { attack: 'a1', target: 'ch1', defender: 'ch1' }, 'Rin rolls the defence', 'Rin이 방어 판정을 굴립니다'],
  ['attack.evaded', { attack: 'a1', target: 'ch1', by: 'ch1' }, 'Rin evades (回避)', 'Rin이 회피합니다 (回避)'],
  ['attack.failed', { attack: 'a1' }, 'Ogre’s attack fails', 'Ogre의 공격이 실패했습니다'],
  ['attack.fumbled', { attack: 'a1' }, 'Ogre’s attack fumbles', 'Ogre의 공격이 펌블입니다'],
  ['attack.illusion', { attack: 'a1', target: 'ch1', roll: 2, failed: true }, 'Rin’s 幻覚 turns the attack aside (die 2)', 'Rin의 幻覚(환각)이 공격을 흘려보냈습니다 (주사위 2)'],
  ['attack.sacrifice', { attack: 'a1', target: 'ch1', by: 'ch2' }, 'Ogre takes the blow for Rin (自己犠牲)', 'Ogre가 Rin 대신 공격을 받습니다 (自己犠牲)'],
  ['attack.teleport-evaded', { attack: 'a1', target: 'ch1', by: 'ch1' }, 'Rin escapes with 転移魔法', 'Rin이 転移魔法(전이 마법)으로 피합니다'],
  ['barrier.created', { barrier: { id: 'b1', zone: 'z1', caster: 'ch1', hp: 12 } }, 'Rin raises a 結界 in Hall (HP 12)', 'Rin이 Hall에 結界를 칩니다 (HP 12)'],
  ['barrier.damaged', { attack: 'a1', barrier: 'b1' }, 'A 結界 is struck', '結界가 공격을 받았습니다'],
  ['barrier.defended', { attack: 'a1', barrier: 'b1' }, 'A 結界 defends', '結界가 방어합니다'],
  ['barrier.ended', { barrier: 'b1' }, 'A 結界 breaks', '結界가 깨졌습니다'],
  ['character.added', { character: { id: 'ch3', name: 'Mira' } }, 'Mira enters the table', 'Mira가 등장합니다'],
  ['character.built', { character: 'ch1', build: { occupation: '戦士', race: '人間' } }, 'Rin is built: 戦士, 人間', 'Rin 작성: 戦士, 人間'],
  ['character.down', { character: 'ch2' }, 'Ogre is down', 'Ogre가 쓰러졌습니다'],
  ['character.equipped', { character: 'ch1', item: 'i1', wielded: true }, 'Rin takes up Longsword', 'Rin이 Longsword를 듭니다'],
  ['character.moved', { character: 'ch1', from: 'z1', to: 'z2', cause: 'move' }, 'Rin moves to Crypt', 'Rin이 Crypt로 이동합니다'],
  ['check.concentrated', { check: rolled, hp: 2 }, 'Rin spends 2 HP on 《集中》', 'Rin이 HP 2를 《集中》에 씁니다'],
  ['check.consumed', { check: rolled, skill: 'detect', nothingThere: false }, 'Rin uses up', 'Rin이'],
  ['check.resolved', { check: rolled }, 'Rin’s Search (探索) check: Success', 'Rin의 탐색 (探索): 성공'],
  ['check.rolled', { check: rolled }, 'Rin rolls Search (探索): 5+6 → 14 (target 10)', 'Rin의 탐색 (探索): 5+6 → 14 (목표치 10)'],
  ['combat.ended', {}, 'Combat ends', '전투가 끝났습니다'],
  ['combat.started', { turn: 1 }, 'Combat begins', '전투가 시작됩니다'],
  ['find.added', { find: { id: 'f1', zone: 'z2', note: 'a silver key', found: false } }, 'Hidden in Crypt: a silver key', 'Crypt에 숨겨 둠: a silver key'],
  ['find.found', { find: 'f1', zone: 'z2', note: 'a silver key' }, 'Found in Crypt: a silver key', 'Crypt에서 발견: a silver key'],
  ['flight.ended', { character: 'ch1' }, 'Rin lands', 'Rin이 내려앉습니다'],
  ['flight.started', { character: 'ch1' }, 'Rin takes to the air (飛行)', 'Rin이 날아오릅니다 (飛行)'],
  ['fukutsu.used', { character: 'ch1', mode: 'survive' }, 'Rin uses 不屈', 'Rin이 不屈를 씁니다'],
  ['gm.override', { target: 'k1', before: 'success', after: 'failure' }, 'The GM overrides Rin’s check: Success → Failure', 'GM이 Rin의 판정을 고쳤습니다'],
  ['gold.received', { character: 'ch1', amount: 10000, source: '資産' }, 'Rin receives 10000 gold (資産)', 'Rin이 10000골드를 받습니다 (資産)'],
  ['heal.declared', { user: 'ch1', targets: ['ch1', 'ch2'] }, 'Rin casts 治癒魔法 on Rin, Ogre', 'Rin이 Rin, Ogre에게 治癒魔法을 겁니다'],
  ['hp.changed', { character: 'ch1', delta: -3, cause: 'attack', hp: 9 }, 'Rin loses 3 HP (HP 9)', 'Rin이 HP 3을 잃었습니다 (HP 9)'],
  ['illusion.created', { character: 'ch1' }, 'Rin casts 幻覚', 'Rin이 幻覚을 겁니다'],
  ['initiative.decided', { first: 'enemies' }, 'The enemies act first', '적이 먼저 행동합니다'],
  ['initiative.rolled', { side: 'party', character: 'ch1', die: 4, agility: 3, total: 7 }, 'Rin rolls initiative for the party: 7', 'Rin이 파티의 선제 판정을 굴립니다: 7'],
  ['initiative.tie', { reroll: true }, 'Initiative is tied: roll again', '선제 판정 동점: 다시 굴립니다'],
  ['iron-wall.ended', { character: 'ch1', cause: 'move' }, 'Rin’s 鉄壁 ends', 'Rin의 鉄壁이 풀렸습니다'],
  ['iron-wall.started', { character: 'ch1', ironWall: { ability: 'VAL', value: 8 } }, 'Rin braces with 鉄壁 on 武勇 VAL (8)', 'Rin이 武勇 무용으로 鉄壁 자세를 취합니다 (8)'],
  ['item-bag.produced', { user: 'ch1', item: 'rope', kind: 'tool' }, 'Rin takes rope out of the アイテム袋', 'Rin이 アイテム袋에서 rope를 꺼냅니다'],
  ['light.made', { character: 'ch1' }, 'Rin makes a light', 'Rin이 불을 밝힙니다'],
  ['lock.opened', { character: 'ch1', subject: 'door' }, 'Rin opens the lock', 'Rin이 자물쇠를 엽니다'],
  ['modifier.added', { character: 'ch2', modifier: { id: 'mod1', source: '威圧', value: -2 } }, 'Ogre: 威圧 -2', 'Ogre: 威圧 -2'],
  ['move.declared', { move: 'm1', character: 'ch1', to: 'z2' }, 'Rin sets off for Crypt', 'Rin이 Crypt로 향합니다'],
  ['move.failed', { move: 'm1', character: 'ch1' }, 'Rin’s move is stopped', 'Rin의 이동이 막혔습니다'],
  ['move.obstructed', { move: 'm1', blocker: 'ch2', opposed: 'o1' }, 'Ogre steps in the way', 'Ogre가 길을 막아섭니다'],
  ['opposed.passive-rolled', { opposed: 'o1', passive: 'k2' }, 'Ogre rolls the opposing check', 'Ogre가 대항 판정을 굴립니다'],
  ['opposed.resolved', { opposed: 'o1', winner: 'passive', active: 'k1', passive: 'k2' }, 'Ogre wins the opposed check against Rin', 'Ogre가 Rin과 대항 판정에서 이겼습니다'],
  ['opposed.started', { opposed: 'o1', active: 'k1', passive: 'ch2' }, 'Opposed check: Rin against Ogre', '대항 판정: Rin 대 Ogre'],
  ['options.set', { options: {} }, 'The GM changes the table settings', 'GM이 테이블 설정을 바꿨습니다'],
  ['question.answered', { question: 'q1', kind: 'encyclopedia', character: 'ch1', text: 'It is a wyvern.' }, 'The GM answers Rin (百科事典): It is a wyvern.', 'GM이 Rin에게 답합니다 (百科事典): It is a wyvern.'],
  ['question.asked', { question: 'q1', kind: 'encyclopedia', character: 'ch1', text: 'What is it?' }, 'Rin asks the GM (百科事典): What is it?', 'Rin이 GM에게 묻습니다 (百科事典): What is it?'],
  ['question.refused', { question: 'q1', kind: 'virtue', character: 'ch1' }, 'The GM declines Rin’s question (人徳)', 'GM이 Rin의 질문을 거절했습니다 (人徳)'],
  ['seat.added', { seat: 's1', name: 'Aki' }, 'Aki takes a seat', 'Aki님이 자리에 앉았습니다'],
  ['session.started', {}, 'The session begins', '세션이 시작됩니다'],
  ['skill.registered', { skill: 'charge', entry: {} }, 'The GM registers', 'GM이'],
  ['skill.used', { user: 'ch1', skill: 'cheer', targets: ['ch2'] }, 'Rin uses', 'Ogre에게'],
  ['spirit-sight.changed', { character: 'ch1', on: true }, 'Rin opens 霊的視力', 'Rin이 霊的視力을 엽니다'],
  ['spirit.note', { text: 'A cold presence lingers.' }, 'What the spirits show: A cold presence lingers.', '영이 보여 주는 것: A cold presence lingers.'],
  ['status.added', { character: 'ch2', by: 'ch1', skill: 'intimidate', effect: 'penalty' }, 'Ogre takes −2 on every check this combat', 'Ogre는 이번 전투 동안 모든 판정에 −2'],
  ['stealth.changed', { character: 'ch1', on: false, cause: 'barrier' }, 'Rin leaves 隠密', 'Rin의 隠密이 풀렸습니다'],
  ['summon.created', { summon: 'ch2', summoner: 'ch1' }, 'Rin summons Ogre', 'Rin이 Ogre를 소환합니다'],
  ['summon.skill', { summon: 'ch2', skill: 'charge' }, 'Ogre gains', 'Ogre가'],
  ['telepathy.message', { from: 'ch1', to: 'ch2', text: 'Left door.' }, 'Rin → Ogre (念話): Left door.', 'Rin → Ogre (念話): Left door.'],
  ['teleport.accepted', { window: 'w2', character: 'ch2' }, 'Ogre goes along', 'Ogre가 함께 갑니다'],
  ['teleport.marked', { character: 'ch1', place: 'the old well' }, 'Rin marks the old well for 転移魔法', 'Rin이 転移魔法용으로 the old well을 표시합니다'],
  ['teleport.place', { character: 'ch1', place: 'the capital', counts: true }, 'Rin learns the capital for 転移魔法', 'Rin이 転移魔法용으로 the capital을 익힙니다'],
  ['teleported', { user: 'ch1', passengers: ['ch2'], zone: 'z1', via: 'sight' }, 'Rin teleports to Hall with Ogre', 'Rin이 Ogre와 함께 Hall로 전이합니다'],
  ['transform.changed', { character: 'ch1', on: true }, 'Rin transforms (変身)', 'Rin이 변신합니다 (変身)'],
  ['trap.added', { trap: { id: 't1', zone: 'z2', area: true, note: 'poison darts' } }, 'A trap in Crypt: poison darts', 'Crypt의 함정: poison darts'],
  ['trap.disarmed', { trap: 't1' }, 'A trap is disarmed', '함정을 해제했습니다'],
  ['trap.found', { trap: 't1', zone: 'z2', area: true }, 'A trap is found in Crypt', 'Crypt에서 함정을 발견했습니다'],
  ['trap.triggered', { trap: 't1', zone: 'z2', area: true, affected: ['ch1'] }, 'A trap goes off in Crypt: Rin caught', 'Crypt에서 함정이 작동했습니다: Rin이 걸렸습니다'],
  ['turn.started', { turn: 3, lostTurn: [] }, 'Turn 3 begins', '3턴이 시작됩니다'],
  ['weapon.dropped', { user: 'ch1', target: 'ch2', item: 'i7', name: '몽둥이' }, 'Rin knocks 몽둥이 out of Ogre’s hands', 'Rin이 Ogre의 몽둥이를 떨어뜨립니다'],
  ['window.closed', { window: 'w1', reason: 'rule' }, '《集中》: the window closes', '《集中》: 창이 닫혔습니다'],
  ['window.min-elapsed', { window: 'w1' }, '《集中》: the shortest wait is over', '《集中》: 최소 대기 시간이 지났습니다'],
  ['window.opened', { window: 'w3', kind: 'react', eligible: ['ch1'], link: null }, 'Reactions to the attack: the window opens', '공격에 대한 반응: 창이 열렸습니다'],
  ['window.passed', { window: 'w1', character: 'ch1' }, 'Rin passes', 'Rin은 넘깁니다'],
  ['zone.added', { zone: 'z3', name: 'Bridge', adjacent: ['z1'] }, 'A new zone: Bridge', '새 구역: Bridge'],
  ['zone.linked', { a: 'z1', b: 'z2' }, 'Hall and Crypt now connect', 'Hall과 Crypt가 이어졌습니다'],
];

const say = (seen: Record<string, unknown> & { type: string }, lang: Lang) => eventText('dungeon-2d6', seen, context(lang));

describe('dungeon-2d6 timeline lines', () => {
  test.each(rows)('%s reads as a sentence', (type, data, en, ko) => {
    const seen = ev(type, data);
    expect(say(seen, 'en')).toContain(en);
    expect(say(seen, 'ko')).toContain(ko);
    for (const lang of ['ko', 'ja', 'en'] as const) {
      const text = say(seen, lang);
      expect(text).not.toMatch(/d6\.|tl\.|\{|\(\)|\bch\d|\bz\d|\bk\d|undefined|\[object/);
      expect(text).not.toContain(type);
    }
  });

  test('every event type the engine may emit has a row and a sentence', () => {
    const covered = new Set<string>(rows.map((r) => r[0]));
    const all: string[] = [...d6EventType.options];
    expect(all.filter((type) => !covered.has(type))).toEqual([]);
    for (const type of all) expect(say({ type, data: {} }, 'ja'), type).not.toContain('卓の操作');
  });

  test('D6-HID-06 a hidden enemy outside the viewer\'s view is "someone", never its id', () => {
    const seen = ev('character.moved', { character: 'ch9', from: 'z9', to: 'z9', cause: 'move' });
    expect(say(seen, 'en')).toBe('someone moves to somewhere');
    expect(say(seen, 'ko')).toBe('누군가가 어딘가로 이동합니다');
  });

  test('D6-HID-02 a secret roll says only who rolled and for what; the GM\'s copy holds the dice', () => {
    expect(say(ev('check.rolled', { check: secretRoll }), 'en')).toBe('Ogre rolls a secret check (Action)');
    expect(say(ev('check.resolved', { check: secretRoll }), 'ko')).toBe('Ogre의 비밀 판정이 정해졌습니다 (행위 판정)');
    const gm = { ...secretRoll, dice: [1, 1], total: 2, fumble: true, target: null };
    expect(say(ev('check.rolled', { check: gm }), 'en')).toBe('Ogre rolls Action: 1+1 → 2 (fumble)');
  });

  test('D6-HID-01 a GM-run character\'s HP change without its numbers names no amount', () => {
    expect(say(ev('hp.changed', { character: 'ch2', cause: 'attack' }), 'en')).toBe('Ogre’s HP changes');
  });

  test('D6-ENG-07 the GM reads the override\'s reason; the table reads only that it happened', () => {
    expect(say(ev('gm.override', { target: 'ch2', reason: 'rules slip' }), 'en')).toBe('The GM overrides Ogre — rules slip');
    expect(say(ev('gm.override', { target: 'k2' }), 'ja')).toBe('GMがOgreの判定を修正');
  });

  test('a type this renderer does not know falls back to the generic line', () => {
    expect(say({ type: 'd6.mystery', data: {} }, 'en')).toBe('Table action');
  });
});
