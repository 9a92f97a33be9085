import type { GwView, GwViewEvent } from '@veiltable/protocol/games/grail-war';
import type { Revealed, Sealed, SealedAnswers } from '../../room/ledger/sealed-answers.ts';

type Step = 'prebattle' | 'batch' | 'window';
type RevealEvent = Extract<GwViewEvent, { type: 'prebattle.revealed' | 'batch.revealed' | 'window.revealed' }>;
type Entry = { declared: boolean; commitment?: string | undefined; answer?: unknown; salt?: string | undefined };

/** Each battle's pre-battle step is a round, and each batch's plans and seal window are one each (GW-HIDE-02). */
const round = (battle: number, step: Step, batch: number) => (step === 'prebattle' ? `battle ${battle} prebattle` : `battle ${battle} ${step} ${batch}`);

const grailWarSealed: SealedAnswers = {
  inView(view) {
    const b = (view as Pick<GwView, 'battle'>).battle;
    const sealed: Sealed[] = [];
    const revealed: Revealed[] = [];
    if (!b) return { sealed, revealed };
    const steps = [
      ['prebattle', b.prebattle],
      ['batch', b.submission],
      ['window', b.window],
    ] as const;
    for (const [step, s] of steps) {
      if (!s) continue;
      const key = round(b.id, step, b.batch);
      for (const e of s.entries as readonly (Entry & { character: string })[]) {
        if (!e.declared) continue;
        if (s.status === 'revealed') revealed.push({ round: key, who: e.character, answer: e.answer, salt: e.salt, commitment: e.commitment });
        else if (e.commitment) sealed.push({ round: key, who: e.character, commitment: e.commitment });
      }
    }
    return { sealed, revealed };
  },
  inEvent(seen) {
    if (seen.type !== 'prebattle.revealed' && seen.type !== 'batch.revealed' && seen.type !== 'window.revealed') return [];
    const e = seen as unknown as RevealEvent;
    // A reveal logged without its battle names no round this device could have witnessed.
    if (e.battle === undefined) return [];
    const step: Step = e.type === 'prebattle.revealed' ? 'prebattle' : e.type === 'batch.revealed' ? 'batch' : 'window';
    const key = round(e.battle, step, 'batch' in e ? e.batch : 0);
    return (e.answers as readonly (Entry & { seat: string })[]).flatMap((a) =>
      a.declared ? [{ round: key, who: a.seat, answer: a.answer, salt: a.salt, commitment: a.commitment }] : [],
    );
  },
};

export default grailWarSealed;
