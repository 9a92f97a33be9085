import type { GrailWarOptions } from './options.ts';

/** Damage forms (GW-BATTLE-05). 'grand' is 001 대마술 (to MP); 000 비전 마술 is plain 'magic'. */
export type DamageForm = 'normal' | 'special' | 'skill' | 'magic' | 'np' | 'grand';

export type Term = { source: string; amount: number };

/** Everything the formula needs for one winning judgment, already looked up (GW-DMG-01). */
export type DamageInput = {
  form: DamageForm;
  /** Step 1: base B and where it came from. */
  base: Term;
  /** Step 2: + doubling (MERIT-01/06). */
  plus: boolean;
  /** Step 2: Assassin (new) against a front-row master: max(2·B, 5) (CLASS-03 (2)). */
  assassinVsFrontMaster: boolean;
  /** Step 3: flat bonuses, never doubled (001 #2). */
  flats: Term[];
  /** Guardian lineage under the old rule: ×2 on the running damage after step 3 (CLASS-04). */
  doubleAfterFlats: boolean;
  /** Step 4: attacker penalties, as positive amounts to subtract. */
  penalties: Term[];
  /** Step 5: defender modifiers, signed (a reduction is negative, MASTER-02's +2 is positive). */
  defender: Term[];
  /** Step 6: the info bonus (INFO-15), added last. */
  info: number;
  /** Step 7: the floor, 0 or 1 (a servant hitting a front-row master, MASTER-02). */
  floor: number;
  /** 보구 only: the fixed MP damage, which skips steps 2–6 [001 #1]. */
  npMp: number;
  /** After the formula: MERIT-05 half to HP only; 001 specials shrinking a 보구 (BATTLE-15/16). */
  npHalf: boolean;
  npHpReduce: number;
  npMpReduce: number;
  /** 001 Absolute Defense (SEAL-08): nothing lands, floors included. */
  nullified: boolean;
};

export type DamageStepName =
  | 'base' | 'plus' | 'assassin' | 'flat' | 'double' | 'penalty' | 'defender' | 'info' | 'floor' | 'npHalf' | 'npReduce' | 'nullified' | 'passed' | 'shielded';
export type DamageStep = { step: DamageStepName; source: string; amount: number; running: number };
export type DamageResult = { steps: DamageStep[]; total: number; hp: number; mp: number };

/** Computes one winning judgment's damage step by step (GW-DMG-01/02) and routes it (GW-BATTLE-05). */
export function computeDamage(input: DamageInput, o: GrailWarOptions): DamageResult {
  const steps: DamageStep[] = [];
  let running = input.base.amount;
  const push = (step: DamageStepName, source: string, amount: number) => steps.push({ step, source, amount, running });
  push('base', input.base.source, input.base.amount);
  const isNp = input.form === 'np';
  if (input.plus && !isNp) {
    // GW-DMG-02: + doubles only the stat-grade damage of step 1.
    running *= 2;
    push('plus', '+', running / 2);
  }
  if (input.assassinVsFrontMaster) {
    const before = running;
    // With + as well, B₊ is already doubled: max(2·B₊, 5) (DMG-01 step 2 DEFAULT).
    running = Math.max(2 * running, 5);
    push('assassin', 'assassin', running - before);
  }
  for (const f of input.flats) {
    running += f.amount;
    push('flat', f.source, f.amount);
  }
  if (input.doubleAfterFlats) {
    push('double', 'guardian', running);
    running *= 2;
    steps[steps.length - 1]!.running = running;
  }
  for (const p of input.penalties) {
    running -= p.amount;
    push('penalty', p.source, -p.amount);
  }
  for (const d of input.defender) {
    running += d.amount;
    push('defender', d.source, d.amount);
  }
  if (input.info !== 0) {
    running += input.info;
    push('info', 'info', input.info);
  }
  const floored = Math.max(running, input.floor);
  if (floored !== running) {
    push('floor', input.floor > 0 ? 'servantVsMaster' : 'zero', floored - running);
    running = floored;
    steps[steps.length - 1]!.running = running;
  }
  let mp = isNp ? input.npMp : 0;
  if (input.npHalf) {
    // MERIT-05: half (rounded down, INFERRED) to HP only.
    const half = Math.floor(running / 2);
    push('npHalf', 'upset', half - running);
    running = half;
    steps[steps.length - 1]!.running = running;
    mp = 0;
  }
  if (input.npHpReduce > 0 || input.npMpReduce > 0) {
    const hpCut = Math.min(running, input.npHpReduce);
    running -= hpCut;
    mp = Math.max(0, mp - input.npMpReduce);
    push('npReduce', input.npHpReduce > 0 ? 'oneHitKill' : 'grandMagecraft', -hpCut);
  }
  if (input.nullified) {
    push('nullified', 'absoluteDefense', -running);
    steps[steps.length - 1]!.running = 0;
    return { steps, total: 0, hp: 0, mp: 0 };
  }
  const { hp, mp: routedMp } = route(input.form, running, o);
  return { steps, total: hp + routedMp + mp, hp, mp: routedMp + mp };
}

/** GW-BATTLE-05 routing of the formula's result to HP and MP (the NP's fixed MP is added by the caller). */
export function route(form: DamageForm, amount: number, o: GrailWarOptions): { hp: number; mp: number } {
  if (form === 'grand') return { hp: 0, mp: amount };
  if (form === 'magic') {
    if (o.magicDamageRouting === 'allMp') return { hp: 0, mp: amount };
    return { hp: Math.ceil(amount / 2), mp: Math.floor(amount / 2) };
  }
  return { hp: amount, mp: 0 };
}

/** INFO-15: bonus for an info difference d; doubled after the cap for true-name-release NPs (INFERRED). */
export function infoBonus(d: number, trueNameNp: boolean): number {
  const bonus = d > 0 ? Math.min(5, Math.floor(d / 2)) : 0;
  return trueNameNp ? bonus * 2 : bonus;
}

/** INFO-12/14: the class penalty on non-NP damage: −1 unknown, −2 after a failed guess (−3 when stacking). */
export function classPenalty(classKnown: boolean, failedGuess: boolean, o: GrailWarOptions): number {
  if (classKnown) return 0;
  if (!failedGuess) return 1;
  return o.classGuessFailPenalty === 'stack' ? 3 : 2;
}

/** A breakdown as a player sees it: the info term never appears (GW-HIDE-03). */
export function playerSteps(steps: DamageStep[]): PlayerStep[] {
  // Running totals are dropped too: after step 6 they would carry the info term inside them.
  const shown: PlayerStep[] = [];
  for (const s of steps) if (s.step !== 'info') shown.push({ step: s.step, source: s.source, amount: s.amount });
  return shown;
}

export type PlayerStep = { step: Exclude<DamageStepName, 'info'>; source: string; amount: number };
