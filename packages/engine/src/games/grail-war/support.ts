import { ladderRow } from './grades.ts';
import type { GrailWarOptions } from './options.ts';
import type { MagicSupportTable } from './sheets.ts';

/** One support judgment aimed at an ally's judgment in the same slot (GW-SUP-01). */
export type SupportOffer = {
  supporter: string;
  role: 'master' | 'servant';
  mode: 'physical' | 'magic';
  /** Physical: the aspect played; it must match the supported judgment's kind (INFERRED). */
  aspect: 'smash' | 'counter' | 'rush' | null;
  /** Magic: the spell's grade, the grades it is raised by (SPEC-02), and the sheet's effect per grade (SUP-01). */
  spell: { grade: string; raise: number; table: MagicSupportTable } | null;
  /** Magic support of a servant that is not the supporter's own: −1 grade (SUP-03). */
  ownServant: boolean;
};

export type SupportOutcome = { accepted: string[]; bonus: number };

/** What a spell adds once lowered by `drop` grades (SUP-03's "−1 grade"); below E it does nothing. */
export function spellEffect(spell: SupportOffer['spell'], drop: number): number {
  if (!spell) return 0;
  const row = ladderRow(spell.grade, spell.raise - drop);
  return row === null ? 0 : spell.table[Math.min(row, spell.table.length - 1)]!;
}

/**
 * GW-SUP-02/03: which offers count and the damage bonus they add. Offers arrive in participant order; with the
 * trial off only one supporter counts (SUP-02), and only a master's physical support has a sourced amount.
 */
export function supportBonus(offers: SupportOffer[], supportedAspect: string, o: GrailWarOptions): SupportOutcome {
  const fits = offers.filter((s) => s.mode === 'magic' || s.aspect === supportedAspect);
  if (!o.coopSupportRule) {
    const first = fits.find((s) => s.role === 'master');
    if (!first) return { accepted: [], bonus: 0 };
    return { accepted: [first.supporter], bonus: first.mode === 'physical' ? 2 : spellEffect(first.spell, 0) };
  }
  const physical = fits.filter((s) => s.mode === 'physical');
  // SUP-03: only one master's spell per judgment, because spells interfere.
  const magic = fits.filter((s) => s.mode === 'magic').slice(0, 1);
  let bonus = 0;
  if (physical.length > 0) {
    const servants = physical.filter((s) => s.role === 'servant').length;
    if (servants === 0) bonus = physical.length === 1 ? 2 : 3 + (physical.length - 2);
    else bonus = physical.length === 1 ? o.servantSupportBonus : 4 + (physical.length - 2);
    if (magic.length > 0) bonus -= 1;
  }
  for (const m of magic) {
    bonus += spellEffect(m.spell, (physical.length > 0 ? 1 : 0) + (m.ownServant ? 0 : 1));
  }
  return { accepted: [...physical, ...magic].map((s) => s.supporter), bonus };
}
