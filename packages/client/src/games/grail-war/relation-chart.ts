import type { GwView } from '@veiltable/protocol/games/grail-war';

type Named = { id: string; name: string };

/** A score as the chart prints it: +2, 0, −1 (GW-REL-02). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * One character's side of the relationship chart (GW-REL, HIDE-F15/F16): its own entries by name, the offers made to
 * it and by it this scene, whom it may still offer to, and its sealed scene-end scoring.
 */
export function chartOf(view: GwView, me: string) {
  const name = (id: string) => view.characters.find((c) => c.id === id)?.name ?? '?';
  const entries = view.relations.filter((r) => r.holder === me).map((r) => ({ id: r.other, name: name(r.other), score: r.score }));
  const incoming: Named[] = view.chart.proposals.filter((p) => p.to === me).map((p) => ({ id: p.from, name: name(p.from) }));
  const outgoing = view.chart.proposals.filter((p) => p.from === me).map((p) => p.to);
  // REL-01: anyone else not yet on this chart and not already offered to; the server checks the meeting.
  const candidates: Named[] = view.characters.filter((c) => c.id !== me && !entries.some((e) => e.id === c.id) && !outgoing.includes(c.id)).map((c) => ({ id: c.id, name: c.name }));
  const sealed = view.chart.scores.find((s) => s.holder === me) ?? null;
  return { entries, incoming, outgoing: outgoing.map((id) => ({ id, name: name(id) })), candidates, sealed };
}

/**
 * REL-03: the scoring to send from the form's two picks ('' for none): one +1 and one −1, to different entries. A
 * pick of the same entry for both keeps the +1 only.
 */
export function draftScore(plus: string, minus: string): { plus: string | null; minus: string | null } {
  const p = plus === '' ? null : plus;
  const m = minus === '' || minus === plus ? null : minus;
  return { plus: p, minus: m };
}
