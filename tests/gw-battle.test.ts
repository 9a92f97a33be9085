import { describe, expect, test } from 'vitest';
import { verifyCommitment } from '@veiltable/engine';
import { defaultGrailWarOptions } from '@veiltable/engine/games/grail-war';
import type { GwSheet, GwView } from '@veiltable/protocol/games/grail-war';
import { batchCommitmentsSeen, batchRevealed, register, slotsSeen } from './support/gw-table.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient, type GameCommandInput } from './support/recording-client.ts';
import { auditFrames, plantBook, type ViewerKey } from './support/secret-audit.ts';
import { serverStack } from './support/server-stack.ts';
import { viewerExports } from './support/viewer-exports.ts';
import { releaseAndVerify } from './support/open-edition.ts';
import { allAt, commit } from './support/session.ts';

// Issue 4 through the real server and Postgres: two masters and two servants fight a Grail War battle under the 001
// rules and again under 000, while a spectator watches. Every frame each socket receives is recorded and searched
// for strings planted in true names, private sheet fields and the judgments sealed before their reveal (§17).

const stack = serverStack({ database: 'postgres' });
const sockets = stack.sockets;

function gw(client: RecordingClient): GwView {
  const v = client.view;
  if (v?.game !== 'grail-war') throw new Error(`${client.label}: not a grail-war view`);
  return v;
}

function servantSheet(alias: string, trueName: string, npId: string, npName: string, bonus: string): GwSheet {
  return {
    kind: 'servant', alias, trueName, className: 'saber', grade: 1,
    stats: { str: 'B', end: 'C', agi: 'C', mag: 'D', luk: 'D', np: 'C' },
    magecraft: null, skill: null, defense: { cards: 1, value: null }, cardCounts: null,
    noblePhantasms: [{ id: npId, name: npName, npType: 'antiPersonnel', mode: 'trueNameRelease', hpDamage: 6, mpDamage: 0, mpCost: 4, cards: 1 }],
    attackBonuses: [{ source: bonus, amount: 1, kinds: ['smash'] }],
    lineage: null, magicResistance: 0, hp: { current: 60, max: 60 }, mp: { current: 40, max: 40 }, merit: 6, xp: 0, items: [], consumables: {},
  };
}

function masterSheet(name: string): GwSheet {
  return {
    kind: 'master', name, grade: 3, stats: { combat: 'C', magic: 'C', conviction: 'C', fate: 'C' }, specializations: [],
    conviction: { current: 3, max: 3 }, fate: { current: 3, max: 3 }, hp: { current: 30, max: 30 }, mp: { current: 30, max: 30 },
    merit: 4, xp: 0, sealsLeft: null, judgmentLimit: null, spells: null, items: [], consumables: {},
  };
}

/** Five slots against one opponent (or none, for a back-row master nobody can reach). */
function plan(opponent: string | null, cards: ({ card: 'smash' | 'counter' | 'rush' | 'critical' | 'wait' | 'defense' } | { card: 'np'; np: string })[]) {
  const slots = [...cards];
  while (slots.length < 5) slots.push({ card: 'wait' });
  return { slots: slots.map((j) => ({ type: 'play' as const, vs: opponent ? { [opponent]: j } : {} })), activatePlus: [] };
}

async function fight(version: '001' | '000'): Promise<void> {
  const url = stack.url;
  const room = await createRoom(url, `Grail War ${version}`, ['Aki', 'Bea', 'Cid', 'Dai'], 'grail-war');
  const [s1, s2, s3, s4] = room.seats.map((s) => s.seat) as [string, string, string, string];
  const open = (token: string, label: string) => {
    const c = new RecordingClient(url, token, label);
    sockets.push(c);
    return c;
  };
  const gm = open(room.gmToken, `gm-${version}`);
  const sa = open(room.seats[0]!.token, `servant-a-${version}`);
  const ma = open(room.seats[1]!.token, `master-a-${version}`);
  const sb = open(room.seats[2]!.token, `servant-b-${version}`);
  const mb = open(room.seats[3]!.token, `master-b-${version}`);
  const spec = open(room.spectatorToken, `spectator-${version}`);
  const live = [gm, sa, ma, sb, mb, spec];
  await Promise.all(live.map((c) => c.connect()));
  expect(gw(gm).seats.map((s) => s.name)).toEqual(['Aki', 'Bea', 'Cid', 'Dai']);

  const sideA: ViewerKey[] = ['gm', s1, s2];
  const sideB: ViewerKey[] = ['gm', s3, s4];
  const { plants, planted } = plantBook();
  // Under 000 spectators follow reveals (battlesAfterReveal); under 001 they see only what is public.
  // SPEC-05 under 000 has no base for one 신념 (GAP): this table sets the HP/MP it gives, 20.
  const options = { ...defaultGrailWarOptions(version), spectatorVisibility: version === '000' ? 'battlesAfterReveal' : 'public', ...(version === '000' ? { conviction000HpMp: 20 } : {}) } as const;
  await commit(gm, { type: 'options.set', options });
  // Aliases are public to the players, and to spectators who follow battles: the control that the recording works.
  const aliasA = planted('ALIAS-A', ['gm', s1, s2, s3, s4, ...(version === '000' ? ['spectator'] : [])]);
  const npA = planted('NPID-A', sideA);
  // The engine names each character as it registers (c1, c2, …).
  const SA = await register(gm, s1, null, servantSheet(aliasA, planted('TRUENAME-A', sideA), npA, planted('NPNAME-A', sideA), planted('BONUS-A', sideA)));
  const MA = await register(gm, s2, SA, masterSheet('Master A'));
  const npB = planted('NPID-B', sideB);
  const SB = await register(gm, s3, null, servantSheet('Lancer', planted('TRUENAME-B', sideB), npB, planted('NPNAME-B', sideB), planted('BONUS-B', sideB)));
  const MB = await register(gm, s4, SB, masterSheet('Master B'));
  // The info ledger: the knower sees its believed total, never the authoritative one (HIDE-F13).
  await commit(gm, { type: 'knowledge.set', entry: { knower: SA, target: SB, total: 6, believed: 2, classKnown: true, failedGuess: false, trueNameKnown: false } });
  await commit(gm, { type: 'knowledge.set', entry: { knower: SB, target: SA, total: 0, believed: 0, classKnown: false, failedGuess: false, trueNameKnown: false } });
  // The relationship chart: an entry and its score reach its holder and the GM only (HIDE-F15/F16).
  await allAt(live, (await commit(gm, { type: 'relation.set', entry: { holder: SB, other: SA, score: -2 } })).seq);
  expect(gw(sb).relations).toContainEqual({ holder: SB, other: SA, score: -2 });
  expect([gm, sa, ma, mb, spec].map((c) => gw(c).relations.some((r) => r.holder === SB))).toEqual([true, false, false, false, false]);
  await allAt(live, (await commit(gm, { type: 'battle.start', scene: 'night', regions: { [SA]: 'r1', [MA]: 'r1', [SB]: 'r1', [MB]: 'r1' }, knowledge: [], ambushSide: null,
    participants: [{ character: SA, side: 'A' }, { character: MA, side: 'A', row: 'back' }, { character: SB, side: 'B' }, { character: MB, side: 'B', row: 'back' }] })).seq);
  expect(gw(sa).ledger).toEqual([{ knower: SA, target: SB, believed: 2, classKnown: true, failedGuess: false, trueNameKnown: false }]);
  expect(gw(gm).ledger.find((k) => k.knower === SA)?.total).toBe(6);
  // F28: under `public` a spectator sees no battle; under `battlesAfterReveal` it follows, without sealed steps.
  if (version === '001') expect(gw(spec).battle).toBeNull();
  else expect(gw(spec).battle).toMatchObject({ prebattle: null, submission: null });

  const empty = { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false };
  for (const c of [sa, ma, sb]) await commit(c, { type: 'battle.prepare', decl: empty });
  // A master spends 신념 on the pool (SPEC-05): HP and MP +10 under 001; under 000 the pre-001 base of +20.
  await commit(mb, { type: 'battle.prepare', decl: { ...empty, conviction: 1 } });
  for (const c of [gm, sa, sb, mb]) await c.waitFor(() => gw(c).battle?.phase === 'submit', `${c.label}: batch 1 open`);
  expect(gw(mb).characters.find((c) => c.id === MB)!.sheet!.hp.current).toBe(version === '001' ? 40 : 50);
  // Pools are the side's own (F26): the other side sees no private block at all.
  expect(gw(sa).battle!.participants.find((p) => p.id === SA)!.private?.pool).toMatchObject({ smash: 4, [`np:${npA}`]: 1 });
  expect(gw(sb).battle!.participants.find((p) => p.id === SA)!.private).toBeNull();

  const batches: { a: GameCommandInput; b: GameCommandInput }[] = [
    { a: { type: 'battle.submit', plan: plan(SB, [{ card: 'smash' }, { card: 'np', np: npA }, { card: 'counter' }, { card: 'wait' }, { card: 'rush' }]) },
      b: { type: 'battle.submit', plan: plan(SA, [{ card: 'rush' }, { card: 'wait' }, { card: 'smash' }, { card: 'defense' }, { card: 'critical' }]) } },
    { a: { type: 'battle.submit', plan: plan(SB, [{ card: 'smash' }, { card: 'smash' }, { card: 'critical' }]) },
      b: { type: 'battle.submit', plan: plan(SA, [{ card: 'counter' }, { card: 'np', np: npB }, { card: 'rush' }]) } },
  ];
  for (const [i, batch] of batches.entries()) {
    const n = i + 1;
    await commit(sa, batch.a);
    // F27: before the reveal the other side sees that sa sealed something and its commitment, never the plan.
    await sb.waitFor(() => gw(sb).battle!.submission!.entries.some((e) => e.character === SA && e.declared), 'sb sees sa submitted');
    const seenBySb = gw(sb).battle!.submission!.entries.find((e) => e.character === SA)!;
    expect(seenBySb.answer).toBeUndefined();
    expect(seenBySb.commitment).toMatch(/^[0-9a-f]{64}$/);
    await commit(sb, batch.b);
    await commit(ma, { type: 'battle.submit', plan: plan(null, []) });
    const last = await commit(mb, { type: 'battle.submit', plan: plan(null, []) });
    const revealed = batchRevealed(mb, n);
    expect(revealed?.seq, `batch ${n} revealed when the last plan came in`).toBe(last.seq);
    // The reveal publishes every plan and salt at once; every commitment checks out, and each is the one shown while
    // the batch was sealed.
    if (revealed) {
      for (const a of revealed.entries) expect(verifyCommitment(a.answer, a.salt!, a.commitment!)).toBe(true);
      for (const [character, commitment] of batchCommitmentsSeen(mb, n)) expect(revealed.entries.find((a) => a.character === character)?.commitment).toBe(commitment);
      if (n === 1) for (const p of plants) if (p.label === 'NPID-A') Object.assign(p, { after: ['gm', s1, s2, s3, s4, ...(version === '000' ? ['spectator'] : [])], revealSeq: last.seq });
      if (n === 2) for (const p of plants) if (p.label === 'NPID-B') Object.assign(p, { after: ['gm', s1, s2, s3, s4, ...(version === '000' ? ['spectator'] : [])], revealSeq: last.seq });
    }
    // BATTLE-11: both masters stand in the battle, so the sealed window opens; one uses 절대 방어 on slot 5, one passes.
    for (const c of [ma, mb]) await c.waitFor(() => gw(c).battle?.phase === 'window', `${c.label}: window ${n}`);
    await commit(ma, { type: 'battle.window', decl: { actions: n === 1 ? [{ seal: 'absoluteDefense', slot: 5 }] : [] } });
    const resolved = await commit(mb, { type: 'battle.window', decl: { actions: [] } });
    expect(slotsSeen(mb).filter((r) => r.seq === resolved.seq)).toHaveLength(5);
  }
  const end = await gm.waitFor(() => gw(gm).battle?.phase === 'ended', 'battle over').then(() => gw(gm).battle!);
  expect(end.endReason).toBe('batchesDone');
  expect(slotsSeen(gm)).toHaveLength(10);
  const finalSeq = (await commit(gm, { type: 'battle.decide', winner: end.winner })).seq;
  await allAt(live, finalSeq);

  // HIDE-03: the attacker's side sees its damage steps without the info term, the GM sees them with it, the target
  // side sees only the final amounts.
  const saHits = (c: RecordingClient) => slotsSeen(c).flatMap((e) => e.record.hits.filter((h) => h.attacker === SA));
  expect(saHits(gm).length).toBeGreaterThan(0);
  expect(saHits(gm).every((h) => h.steps?.some((s) => s.step === 'info'))).toBe(true);
  expect(saHits(sa).every((h) => h.steps && !h.steps.some((s) => s.step === 'info'))).toBe(true);
  expect(saHits(sb).every((h) => h.steps === undefined)).toBe(true);
  // HP bookkeeping seen by the owner adds up to the hits it was shown.
  const taken = slotsSeen(sb).flatMap((e) => e.record.hits.filter((h) => h.target === SB)).reduce((n, h) => n + h.hp, 0);
  expect(gw(sb).characters.find((c) => c.id === SB)!.sheet!.hp.current).toBe(60 - taken);
  if (version === '001') expect(slotsSeen(spec)).toEqual([]);
  else expect(slotsSeen(spec)).toHaveLength(10);

  // Late joiners get whole views: the secrets must stay out of those too.
  const late = [open(room.gmToken, 'gm-late'), open(room.seats[0]!.token, 'sa-late'), open(room.seats[2]!.token, 'sb-late'), open(room.spectatorToken, 'spec-late')];
  await Promise.all(late.map((c) => c.connect()));
  const byViewer = new Map<ViewerKey, RecordingClient[]>([
    ['gm', [gm, late[0]!]], [s1, [sa, late[1]!]], [s2, [ma]], [s3, [sb, late[2]!]], [s4, [mb]], ['spectator', [spec, late[3]!]],
  ]);
  const report = auditFrames(byViewer, plants);
  expect(report.leaks).toEqual([]);
  expect(report.missing).toEqual([]);
  // Each viewer's export is its socket's timeline, line for line, and lets out none of the plants.
  const exports = await viewerExports(url, room, new Map([['gm', gm], [s1, sa], [s2, ma], [s3, sb], [s4, mb], ['spectator', spec]]));
  expect(auditFrames(exports, plants).leaks).toEqual([]);
  for (const c of [...live, ...late]) {
    expect(c.invalid, `${c.label} got messages outside the protocol`).toEqual([]);
    expect(c.seqGaps, `${c.label} got updates out of order`).toEqual([]);
  }
  // The session ends with the open edition, which verifies from its seed.
  await releaseAndVerify(url, room, gm, ma, [gm, sa, ma, sb, mb, spec]);
}

describe('Grail War battle online', () => {
  test('001 rules: a full battle of two pairs, sealed batches, seal windows, and nothing leaked', async () => {
    await fight('001');
  });
  test('000 rules: the same battle under 000, spectators following reveals, and nothing leaked', async () => {
    await fight('000');
  });
});
