import { describe, expect, test } from 'vitest';
import { obstacleLoad } from './fatigue.ts';
import { obstacleRow, requiredSd } from './obstacle.ts';
import { GM, P1, P2, body, deal, facingClub, refusal, run, setupInput, square, started } from './test-support.ts';


const rolls = (skill: string, ids: string[]) => ids.map((character) => ({ character, skill }));

describe('obstacles (COT-OBS)', () => {
  test('COT-OBS-02 TV-24 cliff (♣6), 4 characters, party load 1: required SD 5', () => {
    const four = [...setupInput().characters, { ...setupInput().characters[0]!, name: 'Roy', seat: 's4' }];
    four[0] = { ...four[0]!, moveLoad: 12 + 14 + 3 };
    const s = facingClub(6, { characters: four });
    expect(obstacleLoad({ str: 12, con: 14, moveLoad: 29 })).toBe(1);
    expect(s.phase).toMatchObject({ kind: 'event', step: { kind: 'obstacle', strength: 6, required: 5 } });
  });

  test('COT-OBS-02 TV-24 [失敗-1] each failed roll costs the roller 1 LTF; SD adds up over attempts', () => {
    let s = facingClub(6);
    s = run(s, { type: 'cot.obs.attempt', rolls: rolls('climb', ['ch1', 'ch2']) }, GM, [30, 70]).state;
    expect(s.characters.map((c) => c.ltfThirds)).toEqual([0, 3, 0]);
    expect(s.phase).toMatchObject({ step: { total: 1, required: 3 } });
    s = run(s, { type: 'cot.obs.attempt', rolls: rolls('climb', ['ch3']) }, GM, [5]).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared', strength: 6 } });
    expect(square(s, 'C5').stack[0]).toMatchObject({ tapped: true, faceUp: true });
    expect(run(s, { type: 'cot.obs.done' }, P1).state.phase.kind).toBe('cycleEnd');
  });

  test('COT-OBS-02 TV-25 deep fog (♣10) [積算失敗-1]: SD 1 + 0 + 1 = 2 < 3, everyone pays 1 LTF, not passed', () => {
    const s = run(facingClub(10), { type: 'cot.obs.attempt', rolls: rolls('see', ['ch1', 'ch2', 'ch3']) }, GM, [30, 70, 30]).state;
    expect(s.characters.map((c) => c.ltfThirds)).toEqual([3, 3, 3]);
    expect(s.phase).toMatchObject({ kind: 'event', step: { kind: 'obstacle', total: 2, required: 3 } });
  });

  test('COT-DIE-07 in a simultaneous check a character may choose to fail: SD 0, no roll', () => {
    const out = run(facingClub(10), { type: 'cot.obs.attempt', rolls: [{ character: 'ch1', skill: 'see', fail: true }, ...rolls('see', ['ch2', 'ch3'])] }, GM, [1, 5]);
    const checks = out.events.map(body).flatMap((e) => (e.type === 'cot.check' ? [e] : []));
    expect(checks.map((c) => [c.character, c.roll, c.sd])).toEqual([
      ['ch1', null, 0],
      ['ch2', 1, 3],
      ['ch3', 5, 2],
    ]);
    expect(out.state.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
  });

  test('COT-OBS-02 in an obstacle a fumble counts −1D6', () => {
    const out = run(facingClub(10), { type: 'cot.obs.attempt', rolls: rolls('see', ['ch1', 'ch2']) }, GM, [100, 4, 30]);
    expect(out.state.phase).toMatchObject({ step: { total: -3 } });
  });

  test('COT-OBS-03 [成功度：全員１] every character needs SD 1 (crevasse ♣9)', () => {
    let s = facingClub(9);
    s = run(s, { type: 'cot.obs.attempt', rolls: rolls('jump', ['ch1', 'ch2']) }, GM, [5, 30]).state;
    expect(s.phase).toMatchObject({ step: { passed: ['ch1', 'ch2'] } });
    s = run(s, { type: 'cot.obs.attempt', rolls: rolls('jump', ['ch3']) }, GM, [20]).state;
    expect(s.phase).toMatchObject({ step: { kind: 'obstacleCleared' } });
  });

  test('COT-OBS-03 the party may withdraw: the card stays face-up and untapped; the next move only goes back', () => {
    const s = run(facingClub(6), { type: 'cot.obs.withdraw' }, P2).state;
    expect(square(s, 'C5').stack[0]).toMatchObject({ tapped: false, faceUp: true });
    expect(s.party.mustReturn).toBe(true);
  });

  test('COT-OBS-01 a ♥ of at least the obstacle\'s number overcomes it (T-FX-OBS)', () => {
    const s = facingClub(6);
    const low = deal(s, 'ch1', 'H', 5);
    const high = deal(s, 'ch1', 'H', 9);
    expect(refusal(s, { type: 'cot.obs.heart', character: 'ch1', card: low }, P1).code).toBe('HEART_TOO_WEAK');
    const out = run(s, { type: 'cot.obs.heart', character: 'ch1', card: high }, P1).state;
    expect(square(out, 'C5').stack[0]!.tapped).toBe(true);
  });

  test('COT-FX-04 after an obstacle, a ♦ no stronger than it is a remains event; remains found lead to treasure', () => {
    const s = run(facingClub(6), { type: 'cot.obs.rule', passed: true }, GM).state;
    const strong = deal(s, 'ch1', 'D', 7);
    const diamond = deal(s, 'ch1', 'D', 5);
    expect(refusal(s, { type: 'cot.obs.diamond', character: 'ch1', card: strong }, P1).code).toBe('DIAMOND_TOO_STRONG');
    let out = run(s, { type: 'cot.obs.diamond', character: 'ch1', card: diamond }, P1).state;
    expect(out.phase).toMatchObject({ step: { kind: 'remains', strength: 5, treasureCap: 5 } });
    expect(out.discard.map((c) => c.id)).toContain(diamond);
    out = run(out, { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, GM, [30]).state;
    expect(out.party.remains).toBe(1);
    expect(out.phase).toMatchObject({ step: { kind: 'treasure', cap: 5 } });
  });

  test('COT-FX-04 after 転界 the obstacle ♦ brings tear spirits instead', () => {
    const s = run(facingClub(6), { type: 'cot.obs.rule', passed: true }, GM).state;
    s.party.tenkai = true;
    const diamond = deal(s, 'ch2', 'D', 4);
    const out = run(s, { type: 'cot.obs.diamond', character: 'ch2', card: diamond }, P2).state;
    expect(out.phase).toMatchObject({ step: { kind: 'tearSpirit', strength: 4, treasureCap: 4 } });
  });

  test('COT-OBS-02 only the listed skills may be used', () => {
    expect(refusal(facingClub(6), { type: 'cot.obs.attempt', rolls: rolls('swim', ['ch1']) }, GM).code).toBe('WRONG_SKILL');
  });

  test.each([
    ['COT-OBS-04 Q11 with gmObstacleRows the trap (♣2) is settled by the GM', 2],
    ['COT-OBS-04 Q11 with gmObstacleRows toxic gas (♣3) is settled by the GM', 3],
    ['COT-OBS-04 Q11 with gmObstacleRows poison thorns (♣5) are settled by the GM', 5],
    ['COT-OBS-04 Q11 with gmObstacleRows the magic labyrinth (♣K) is settled by the GM', 13],
    ['COT-OBS-04 the ♣A has no row: the GM settles it', 1],
  ])('%s', (_name, rank) => {
    const s = facingClub(rank, { options: { gmObstacleRows: true } });
    expect(refusal(s, { type: 'cot.obs.attempt', rolls: rolls('search', ['ch1']) }, GM).code).toBe('GM_RULES');
    expect(refusal(s, { type: 'cot.obs.rule', passed: true }, P1).code).toBe('NOT_GM');
    expect(square(run(s, { type: 'cot.obs.rule', passed: true }, GM).state, 'C5').stack[0]!.tapped).toBe(true);
  });

  test.each([
    ['COT-OBS-02 [台数] river crossing (♣J): people + sleds', 11, 3 + 1],
    ['COT-OBS-02 crumbling path (♣8): SD 3', 8, 3],
    ['COT-OBS-02 maze path (♣4): SD 1', 4, 1],
  ])('%s', (_name, rank, required) => {
    const s = started();
    expect(requiredSd(s, obstacleRow(rank))).toBe(required);
  });
});
