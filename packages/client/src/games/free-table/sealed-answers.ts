import type { DeclarationView } from '@veiltable/protocol';
import type { Revealed, Sealed, SealedAnswers } from '../../room/ledger/sealed-answers.ts';

const revealedRows = (decl: DeclarationView): Revealed[] =>
  decl.answers.flatMap((row) => (row.declared ? [{ round: decl.id, who: row.seat, answer: row.answer, salt: row.salt, commitment: row.commitment }] : []));

/** A free-table declaration is a round of its own; each seat answers once in it. */
const freeTableSealed: SealedAnswers = {
  inView(view) {
    const declarations = (view as { declarations?: readonly DeclarationView[] }).declarations ?? [];
    const sealed: Sealed[] = [];
    const revealed: Revealed[] = [];
    for (const decl of declarations) {
      if (decl.status === 'revealed') revealed.push(...revealedRows(decl));
      else for (const row of decl.answers) if (row.declared && row.commitment) sealed.push({ round: decl.id, who: row.seat, commitment: row.commitment });
    }
    return { sealed, revealed };
  },
  inEvent(seen) {
    return seen.type === 'decl.revealed' ? revealedRows(seen.decl as DeclarationView) : [];
  },
};

export default freeTableSealed;
