import { beforeAll, describe, expect, test } from 'vitest';
import { newRngState, Rng, viewEvent, type GameEvent } from '@veiltable/engine';
import { commitment } from '@veiltable/engine/commitment';
import { callOfT, type CotState } from '@veiltable/engine/games/call-of-t';
import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { cotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { gameDictionaryLoaders } from '../../shell/i18n/dictionaries.ts';
import { addDictionaries, LANGS, translate } from '../../shell/i18n/translate.ts';
import { faceText } from '../../ui/card-face.ts';
import { eventText, loadLineRenderer, type LineContext } from '../../ui/timeline/line-renderers.ts';
// The engine's own seeded play (its fuzz test's moves and games), to read every event a real game tells.
import { candidates, pick, seededGame } from '../../../../engine/src/games/call-of-t/fuzz-moves.ts';
import { AT, seedOf, VIEWERS } from '../../../../engine/src/games/call-of-t/test-support.ts';

const seats: Record<string, string> = { s1: 'Aiko', s2: 'Bruno' };
const context = (lang: (typeof LANGS)[number]): LineContext => ({
  t: (key, params) => translate(lang, key, params),
  actor: (a) => (a.role === 'gm' ? 'GM' : (seats[a.seat] ?? a.seat)),
  seat: (id) => seats[id] ?? id,
  face: faceText,
  view: { characters },
});
const text = (seen: CotViewEvent, lang: (typeof LANGS)[number]) => eventText('call-of-t', seen, context(lang));

// A name with a final consonant (민준) and one without (Aki), so the Korean particles show both forms.
let characters: readonly { id: string; name: string }[] = [
  { id: 'ch1', name: 'Aki' },
  { id: 'ch2', name: '민준' },
];
beforeAll(async () => {
  addDictionaries(await gameDictionaryLoaders['call-of-t']!());
  await loadLineRenderer('call-of-t');
});

const scout = { kind: 'scout' as const, target: 'C3' };
const salt = 'a1'.repeat(16);
const heart3 = { kind: 'standard' as const, suit: 'H' as const, rank: 3 };

/**
 * One row per kind of line, a literal event as the protocol types it, with its English and Korean sentences.
 * Sources: COT-HID-03 (the reveal publishes every choice and salt), COT-HID-08 (a card out of sight is "a card"),
 * COT-HID-01 (a private sheet's chance is not told), COT-HID-04 (a fact is its holder's).
 */
const rows: [string, CotViewEvent, string, string][] = [
  ['a seat', { type: 'seat.added', seat: 's1', name: 'Aiko' }, 'Aiko takes a seat', 'Aiko가 자리에 앉음'],
  ['a phase with its step', { type: 'cot.phase', cycle: 2, phase: 'event', step: 'encounterCombat' }, 'Cycle 2: Events · イベント · Encounter · combat (GM)', '사이클 2: 이벤트 · イベント · 조우 · 전투(GM)'],
  ['the investigation (its declare step is the phase)', { type: 'cot.phase', cycle: 1, phase: 'investigation', step: 'declare' }, 'Cycle 1: Investigation · 調査', '사이클 1: 조사 페이즈 · 調査'],
  ['COT-HID-03 a sealed declaration', { type: 'cot.declared', character: 'ch2', commitment: 'ab'.repeat(32) }, '민준 has declared', '민준이 선언함'],
  ['an open declaration', { type: 'cot.declared', character: 'ch1', commitment: 'ab'.repeat(32), action: scout }, 'Aki declares 偵察 Scout → C3', 'Aki의 선언: 偵察 정찰 → C3'],
  ['a lock', { type: 'cot.locked', character: 'ch2' }, '민준 locks the choice in', '민준이 선택을 확정함'],
  // Whether each choice matches what a device saw sealed is the ledger's verdict beside the line (room/ledger).
  [
    'COT-HID-03 the reveal publishes every choice',
    { type: 'cot.revealed', cycle: 1, answers: [{ character: 'ch1', declared: true, action: scout, salt, commitment: commitment(scout, salt) }, { character: 'ch2', declared: false }] },
    'Choices revealed: Aki: 偵察 Scout → C3; 민준: 行動なし No action',
    '선택 공개: Aki: 偵察 정찰 → C3; 민준: 行動なし 행동 없음',
  ],
  ['a roll with its chance', { type: 'cot.check', character: 'ch1', purpose: 'memorial', chance: 40, roll: 30, level: 'success', sd: 1 }, 'Aki · 〈慰霊〉 Memorial: 30 / 40 — Success · 成功 · SD 1', 'Aki · 〈慰霊〉 위령: 30 / 40 — 성공 · 成功 · 성공도 1'],
  ['COT-HID-01 a roll whose chance is private', { type: 'cot.check', character: 'ch2', purpose: 'encounter.listen', roll: 96, level: 'fumble', sd: 0 }, '민준 · Listen 聞き耳: 96 — Fumble · ファンブル', '민준 · 聞き耳 듣기: 96 — 펌블 · ファンブル'],
  ['a card drawn into another hand', { type: 'cot.card', op: 'drawn', square: null, character: 'ch2' }, '민준 draws a card', '민준이 카드 한 장을 뽑음'],
  ['a card drawn into the own hand', { type: 'cot.card', op: 'drawn', card: { id: 'c1', face: heart3 }, square: null, character: 'ch1' }, 'Aki draws 3♥', 'Aki가 3♥를 뽑음'],
  ['COT-HID-08 a card laid face-down', { type: 'cot.card', op: 'placed', card: { id: 'c2' }, square: 'C4', character: null, faceUp: false }, 'a card (face-down) laid on C4', '카드 한 장 (뒷면)을 C4에 놓음'],
  ['a hand passing', { type: 'cot.card', op: 'passed', square: null, character: 'ch1', to: 'ch2' }, 'Aki passes a card to 민준', 'Aki가 카드 한 장을 민준에게 건넴'],
  ['COT-HID-04 a fact for its holder', { type: 'cot.fact', fact: { id: 'f1', square: 'C4', entryId: 'c2', fact: 'suit', value: 'H', learnedAt: 1 } }, 'You learn C4: ♥', 'C4를 알게 됨: ♥'],
  ['a fact as the GM reads it', { type: 'cot.fact', fact: { id: 'f1', square: 'C4', entryId: 'c2', fact: 'suit', value: 'H', learnedAt: 1, shared: false, holders: ['s1'] } }, 'C4: ♥, learned by Aiko', 'Aiko가 C4를 알게 됨: ♥'],
  ['a step outcome naming a character', { type: 'cot.step', cycle: 3, step: 'tearSpirit', outcome: 'summoned', params: { summoner: 'ch2', pow: 12, call: 5 } }, '민준 summons a spirit of POW 12', '민준이 POW 12의 영을 소환했다'],
  ['a note', { type: 'cot.note', key: 'moved', params: { from: 'C5', to: 'C4' } }, 'The party moves from C5 to C4', '일행이 C5에서 C4로 이동'],
  ['a note naming a seat and a step', { type: 'cot.note', key: 'party.committed', params: { step: 'treasure', seat: 's2' } }, 'Bruno has committed (Treasure)', 'Bruno 확정 (보물)'],
  ['COT-HID-01 a note told without the sheet', { type: 'cot.note', key: 'call.raised', params: { character: 'ch2', amount: 5 } }, "민준's 呼び声 rises by 5", '민준의 呼び声가 5 오름'],
  ['a note of a table in the rules', { type: 'cot.note', key: 'obstacle.trap', params: { d6: 5, trap: 'toxicGas' } }, 'The trap goes off (D6 5): toxic gas 有毒ガス', '함정 발동 (D6 5): 유독 가스 有毒ガス'],
  // The capabilities' events read as in every game (ui/timeline/capability-lines.ts).
  ['the dice system', { type: 'dice.system', system: 'RuneQuest' }, 'Dice system: RuneQuest', '다이스 시스템: RuneQuest'],
  ['a character card', { type: 'cast.changed', character: { id: 's1.c2', owner: { role: 'player', seat: 's1' }, name: 'Mika', color: '#336699' } }, 'Character Mika updated', '캐릭터 「Mika」 정보가 바뀌었습니다'],
  ['a character removed', { type: 'cast.removed', character: 's1.c2' }, 'A character was removed', '캐릭터가 삭제되었습니다'],
  ['the open edition released', { type: 'record.released' }, 'The GM released the open edition: the dice seed and every secret are public, and the game is over.', 'GM이 공개판을 공개했습니다. 주사위 시드와 모든 비밀이 공개되었고, 게임은 끝났습니다.'],
];

/** The event types chat and dice lines arrive in: the timeline draws those itself. */
const TIMELINE_OWN = new Set(['feed', 'roll.revealed']);

describe('Call of <T> lines', () => {
  test.each(rows)('%s', (_name, seen, en, ko) => {
    expect(text(seen, 'en')).toBe(en);
    expect(text(seen, 'ko')).toBe(ko);
    // Japanese has the sentence too: no key, placeholder or raw type shows.
    expect(text(seen, 'ja')).not.toMatch(/cot\.|tl\.|\{|\}/);
  });

  test('every event type the protocol lets Call of <T> tell a viewer has a row above', () => {
    const types = cotViewEvent.options.map((o) => o.shape.type.value).filter((t) => !TIMELINE_OWN.has(t));
    expect(new Set(types)).toEqual(new Set(rows.map(([, seen]) => seen.type)));
  });
});

/** A seeded game played by the engine's fuzz moves to its end: its final state and every event it emitted. */
function playedGame(seed: number): { state: CotState; events: GameEvent[] } {
  const rng = new Rng(newRngState(seedOf(seed + 1_000_000)));
  const { start, setup } = seededGame(seed);
  const first = callOfT.apply(start, setup.command, setup.actor, AT);
  if (!first.ok) throw new Error(`seed ${seed}: setup refused (${first.error.code})`);
  let state = first.value.state;
  const events = [...first.value.events];
  while (state.phase.kind !== 'night' && state.phase.kind !== 'departed') {
    let moved = false;
    for (let attempt = 0; attempt < 40 && !moved; attempt++) {
      const options = candidates(state, rng, seed > 5000);
      if (options.length === 0) break;
      const { command, actor } = pick(rng, options);
      const out = callOfT.apply(state, command, actor, AT);
      if (!out.ok) continue;
      moved = true;
      state = out.value.state;
      events.push(...out.value.events);
    }
    if (!moved) throw new Error(`seed ${seed}: stuck in ${state.phase.kind}`);
  }
  return { state, events };
}

/** What a sentence must not show: a dictionary key, a placeholder, a character id, a value that was missing. */
const RAW = /cot\.|tl\.|[{}]|\bch\d+\b|undefined|NaN|\[object/;

describe('Call of <T> lines of real games', () => {
  // Seeds 1–5 cover the fuzz games' variants (転界 by the gate, a sleepwalker, a short deck, the GM's obstacle rows)
  // and play to the night; from 5001 on the party may also leave through the gate.
  test.each([1, 2, 3, 4, 5, 5001, 5002])('seed %i: every event each viewer is told reads as a sentence, in every language', (seed) => {
    const { state, events } = playedGame(seed);
    characters = state.characters;
    const missing = new Set<string>();
    let read = 0;
    for (const viewer of VIEWERS) {
      for (const event of events) {
        const seen = viewEvent(event, viewer) as CotViewEvent | null;
        if (!seen || TIMELINE_OWN.has(seen.type)) continue;
        read++;
        const what = [seen.type, 'key' in seen ? seen.key : '', 'outcome' in seen ? `${seen.step}.${seen.outcome}` : ''].join(' ').trim();
        for (const lang of LANGS) {
          const line = eventText('call-of-t', seen, context(lang));
          if (line === translate(lang, 'tl.action')) missing.add(`${what}: no sentence`);
          else if (RAW.test(line)) missing.add(`${what} (${lang}): ${line}`);
        }
      }
    }
    expect(read).toBeGreaterThan(20);
    expect([...missing]).toEqual([]);
  }, 120_000);
});
