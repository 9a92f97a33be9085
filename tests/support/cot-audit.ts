import type { ServerMessage, Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import type { RecordingClient } from './recording-client.ts';

/**
 * The Call of <T> secrets checked by their values rather than by planted strings: card faces and ids are the
 * engine's own, so each message a viewer received is compared with what the GM's view said was true at that seq.
 */

type Timeline = { seq: number; view: CotView }[];

/** Every view the GM held, in seq order: the truth the other viewers are compared with. */
export function gmTimeline(gm: RecordingClient): Timeline {
  const out: Timeline = [];
  for (const { seq, view } of gm.views) if (view.game === 'call-of-t') out.push({ seq, view });
  return out.sort((a, b) => a.seq - b.seq);
}

function truthAt(timeline: Timeline, seq: number): CotView | undefined {
  let found: CotView | undefined;
  for (const t of timeline) {
    if (t.seq > seq) break;
    found = t.view;
  }
  return found;
}

function walk(value: unknown, visit: (obj: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((v) => walk(v, visit));
  }
}

/** What one message tells, for the seq it belongs to: its view or patch, and the timeline lines it carries. */
function payloadOf(m: ServerMessage): { seq: number; body: unknown } | null {
  if (m.type === 'welcome') return { seq: m.seq, body: { view: m.view, lines: m.lines } };
  if (m.type === 'update') return { seq: m.seq, body: { view: m.view, patch: m.patch, lines: m.lines } };
  if (m.type === 'log') return { seq: m.seq, body: m.lines };
  return null;
}

/** Everything a client was told: each message as sent, and each view its patches built. */
function payloadsOf(client: RecordingClient): { seq: number; body: unknown }[] {
  const sent = client.messages.flatMap((m) => payloadOf(m) ?? []);
  return [...sent, ...client.views.map(({ seq, view }) => ({ seq, body: view }))];
}

/** Counts of what the audit looked at, so a test can tell an empty audit from a clean one. */
export type CotAuditReport = {
  leaks: string[];
  checked: { hiddenHandCards: number; faceDownEntries: number; privateFacts: number; othersChecks: number };
};

/**
 * For every message a non-GM viewer received (its timeline lines included), and every view its patches built: no id of a card in another character's hand, no face of a face-down
 * entry it holds no 'card' fact for, no fact it does not hold, no bone square before 転界, no other character's
 * sealed choice (COT-HID-01..05); with private sheets, no other character's sheet nor the chance of its rolls
 * (COT-HID-01, issue 12 #13).
 */
export function auditCot(gm: RecordingClient, clients: readonly RecordingClient[]): CotAuditReport {
  const timeline = gmTimeline(gm);
  const leaks: string[] = [];
  const checked = { hiddenHandCards: 0, faceDownEntries: 0, privateFacts: 0, othersChecks: 0 };
  for (const client of clients) {
    const viewer = client.viewer as Viewer;
    const seat = viewer.role === 'player' ? viewer.seat : null;
    for (const payload of payloadsOf(client)) {
      const truth = truthAt(timeline, payload.seq);
      if (!truth) continue;
      const where = `${client.label} at seq ${payload.seq}`;
      const text = JSON.stringify(payload.body);
      const own = new Set(truth.characters.filter((c) => seat && c.seat === seat).map((c) => c.id));
      for (const [character, cards] of Object.entries(truth.hands)) {
        if (own.has(character)) continue;
        for (const card of cards) {
          checked.hiddenHandCards++;
          if (text.includes(card.id)) leaks.push(`${where}: the id of ${card.id} in ${character}'s hand`);
        }
      }
      const faceDown = new Set<string>();
      for (const square of truth.board.squares) {
        for (const e of square.stack) {
          if (e.faceUp) continue;
          const known = truth.facts.some((f) => f.entryId === e.id && f.fact === 'card' && !!seat && (f.holders ?? []).includes(seat));
          if (!known) faceDown.add(e.id);
        }
      }
      checked.faceDownEntries += faceDown.size;
      const hiddenFacts = new Set(truth.facts.filter((f) => !seat || !(f.holders ?? []).includes(seat)).map((f) => f.id));
      checked.privateFacts += hiddenFacts.size;
      // Open declarations are shown to the players only: a spectator reads every choice sealed (COT-HID-03).
      const sealed = truth.phase.kind === 'investigation' && (!truth.options.openDeclarations || viewer.role === 'spectator');
      const privateSheets = viewer.role !== 'gm' && !truth.options.sheetsPublic;
      walk(payload.body, (obj) => {
        if (privateSheets && obj.type === 'cot.check' && typeof obj.character === 'string' && !own.has(obj.character)) {
          checked.othersChecks++;
          if ('chance' in obj) leaks.push(`${where}: the chance of ${obj.character}'s ${String(obj.purpose)} check`);
        }
        if (privateSheets && typeof obj.id === 'string' && 'sheet' in obj && 'handCount' in obj && !own.has(obj.id)) {
          leaks.push(`${where}: the sheet of ${obj.id}`);
        }
        if (typeof obj.id === 'string' && faceDown.has(obj.id) && obj.face !== undefined) leaks.push(`${where}: the face of ${obj.id}`);
        if (typeof obj.id === 'string' && hiddenFacts.has(obj.id) && 'value' in obj) leaks.push(`${where}: fact ${obj.id}`);
        const bone = obj.bone as Record<string, unknown> | undefined;
        if (bone && typeof bone === 'object' && 'square' in bone && !truth.party.tenkai) leaks.push(`${where}: the bone square`);
        const isSealedChoice = typeof obj.character === 'string' && 'commitment' in obj && 'action' in obj && obj.type !== 'cot.revealed';
        if (sealed && isSealedChoice && !own.has(obj.character as string) && !('salt' in obj)) {
          leaks.push(`${where}: the sealed choice of ${String(obj.character)}`);
        }
      });
    }
  }
  return { leaks, checked };
}
