import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Cmd } from './commands.ts';
import type { Ctx } from './context.ts';
import { done } from './context.ts';
import { emit } from './events.ts';
import { masterWithSeal, spendSeal } from './seal-orders.ts';
import { participantOf } from './state.ts';

/** SEAL-05: Defense Stance sets HP to max + 20. */
const DEFENSE_STANCE_HP = 20;

/**
 * Master: an ⓛ seal used outside a battle (SEAL-00: also before the scene starts, while master and servant still stand
 * together). Restoration (SEAL-06: 000 "during a scene, not during battle"; 001 "before battle") and Defense Stance act
 * at once; Attack Stance changes the card pool, so it waits for the servant's next battle in this scene
 * (`stanceReady`, cleared at scene end). The engine keeps no map outside battles, so the same-location condition is
 * the master's to keep and the GM's to check; inside a battle the pre-battle step checks it (prebattle.ts).
 */
export function sealEarly(ctx: Ctx, c: Cmd<'seal.early'>): Result<void> {
  const pair = masterWithSeal(ctx, 'GW-SEAL-00', c.character);
  if (!pair.ok) return pair;
  const { master, servant } = pair.value;
  const b = ctx.state.battle;
  if (b && b.phase !== 'ended' && (participantOf(b, master.id) || participantOf(b, servant.id))) return err('BATTLE_IN_PROGRESS', 'GW-SEAL-00');
  const sheet = servant.sheet;
  switch (c.seal) {
    case 'restoration':
      if (master.restorationUsed) return err('ONCE_ONLY', 'GW-SEAL-06');
      master.restorationUsed = true;
      sheet.hp.current = Math.max(sheet.hp.current, sheet.hp.max);
      sheet.mp.current = Math.max(sheet.mp.current, sheet.mp.max);
      break;
    case 'defenseStance':
      sheet.hp.current = sheet.hp.max + DEFENSE_STANCE_HP;
      break;
    case 'attackStance':
      if (servant.stanceReady) return err('ALREADY_IN_EFFECT', 'GW-SEAL-03');
      servant.stanceReady = true;
      break;
  }
  spendSeal(master);
  emit(ctx, { type: 'seal.early', character: master.id, servant: servant.id, seal: c.seal });
  return done;
}
