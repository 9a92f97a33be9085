import type { CotView, CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import type { Revealed, Sealed, SealedAnswers } from '../../room/ledger/sealed-answers.ts';

type RevealEvent = Extract<CotViewEvent, { type: 'cot.revealed' }>;

/** Each cycle's investigation declaration is a round (COT-HID-03); a character answers once in it. */
const round = (cycle: number) => `cycle ${cycle}`;

const cotSealed: SealedAnswers = {
  inView(view) {
    const v = view as Pick<CotView, 'cycle' | 'declarations'>;
    const sealed: Sealed[] = [];
    const revealed: Revealed[] = [];
    for (const d of v.declarations ?? []) {
      if (!d.declared) continue;
      // The salt comes only with the reveal; before it the row is sealed, whoever may read its action.
      if (d.salt !== undefined) revealed.push({ round: round(v.cycle), who: d.character, answer: d.action, salt: d.salt, commitment: d.commitment });
      else if (d.commitment) sealed.push({ round: round(v.cycle), who: d.character, commitment: d.commitment });
    }
    return { sealed, revealed };
  },
  inEvent(seen) {
    if (seen.type !== 'cot.revealed') return [];
    const e = seen as unknown as RevealEvent;
    // A reveal logged without its cycle names no round this device could have witnessed.
    if (e.cycle === undefined) return [];
    return e.answers.flatMap((a) => (a.declared ? [{ round: round(e.cycle!), who: a.character, answer: a.action, salt: a.salt, commitment: a.commitment }] : []));
  },
};

export default cotSealed;
